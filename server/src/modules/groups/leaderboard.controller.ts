import { Controller, Header, HttpStatus } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GROUP_ADMIN_MESSAGES } from '#contract/contests/messages.js';
import { detailError } from '#server/common/errors.js';
import { IdParam } from '#server/common/id-param.js';
import { StandingsService } from '#server/modules/standings/standings.service.js';
import { z } from 'zod';
import {
  type AllGroupsLeaderboard,
  allGroupsLeaderboardSchema,
  LEADERBOARD_EXAMPLE,
  type LeaderboardItem,
  leaderboardItemSchema,
} from '#contract/votes/answers.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { contestsEndpoints } from '#contract/contests/endpoints.js';
import { type JsonText, jsonText, Route } from '#server/common/http/route.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Public leaderboards; live changes follow over Socket.IO
 * (`tally`). Read on every leaderboard open, so the answers are JSON serialized once per
 * standings snapshot (standings.service.ts), not once per request.
 */
@ApiTags('leaderboard')
@Controller()
export class LeaderboardController {
  constructor(private readonly standings: StandingsService) {}

  @Route(contestsEndpoints.allGroupsLeaderboard)
  @Header('content-type', JSON_TYPE)
  @ApiOperation({ summary: "Every group of the current contest, keyed 'Group {n}' in group order; {} when no contest is current" })
  @ApiOkResponse({ description: 'AllGroupsLeaderboard (contract/votes/answers.ts)' })
  @ApiAnswer(allGroupsLeaderboardSchema, { example: { 'Group 1': LEADERBOARD_EXAMPLE } })
  async allContestants(): Promise<JsonText<AllGroupsLeaderboard>> {
    return jsonText(await this.standings.allGroupsJson());
  }

  @Route(contestsEndpoints.groupLeaderboard)
  @Header('content-type', JSON_TYPE)
  @ApiOperation({ summary: "A group's contestants by votes, highest first (ties: earlier joined first), rank 1, 1, 3 for ties" })
  @ApiOkResponse({ description: 'LeaderboardItem[] (contract/votes/answers.ts)' })
  @ApiNotFoundResponse({ description: 'Group not found' })
  @ApiAnswer(z.array(leaderboardItemSchema), { example: LEADERBOARD_EXAMPLE })
  async group(@IdParam('groupId') groupId: number): Promise<JsonText<LeaderboardItem[]>> {
    const json = await this.standings.groupJson(groupId);
    if (json === null) throw detailError(HttpStatus.NOT_FOUND, GROUP_ADMIN_MESSAGES.groupNotFound);
    return jsonText(json);
  }
}
