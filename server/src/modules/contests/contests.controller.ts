import { Controller } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type CompletedContest, completedContestSchema, type Contest, CONTEST_EXAMPLE, contestSchema } from '#contract/contests/answers.js';
import { ContestsService } from './contests.service.js';
import { z } from 'zod';
import { ApiAnswer } from '#server/common/api-docs.js';
import { contestsEndpoints } from '#contract/contests/endpoints.js';
import { Route } from '#server/common/http/route.js';

@ApiTags('contests')
@Controller()
export class ContestsController {
  constructor(private readonly contests: ContestsService) {}

  // Public: the list holds nothing private, and the page behind it shows it to signed-in users anyway.
  @Route(contestsEndpoints.openContests)
  @ApiOperation({ summary: 'Contests open for joining: active and not ended, soonest start first' })
  @ApiOkResponse({ description: 'Contest[] (contract/contests/answers.ts)' })
  @ApiAnswer(z.array(contestSchema), { example: [CONTEST_EXAMPLE] })
  allContests(): Promise<Contest[]> {
    return this.contests.joinable();
  }

  // Public: winners are shown on public leaderboards and profiles already.
  @Route(contestsEndpoints.completedContests)
  @ApiOperation({ summary: 'The latest contests that have named their winners (at most 6), the latest ended first' })
  @ApiOkResponse({ description: 'CompletedContest[] (contract/contests/answers.ts)' })
  @ApiAnswer(z.array(completedContestSchema))
  completed(): Promise<CompletedContest[]> {
    return this.contests.completed();
  }
}
