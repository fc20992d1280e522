import { Controller, Header, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { type VotesOverTimeQuery, votesOverTimeQuerySchema } from '#contract/votes/requests.js';
import { type GroupVotesOverTime, groupVotesOverTimeSchema } from '#contract/votes/answers.js';
import { IdParam } from '#server/common/id-param.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { VoteHistoryService } from './vote-history.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { votesEndpoints } from '#contract/votes/endpoints.js';
import { Route } from '#server/common/http/route.js';

/** A group's contestants' votes over time, side by side: staff whose role has the `standings` permission. */
@ApiTags('admin')
@Controller()
export class AdminVoteHistoryController {
  constructor(private readonly history: VoteHistoryService) {}

  @Route(votesEndpoints.getGroupVotesOverTime)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      "Each contestant of a group (most votes first, at most 50): votes per hour (the last 7 days) or per day from the start of the group's contest, free, paid and voided, UTC",
  })
  @ApiQuery({ name: 'bucket', description: "Default 'day'" })
  @ApiOkResponse({ description: 'GroupVotesOverTime {bucket, series: [{entry_id, username, display_name, points}]} (contract/votes/answers.ts)' })
  @ApiNotFoundResponse({ description: 'Group not found' })
  @ApiUnprocessableEntityResponse({ description: 'A group id that is not a positive whole number, or an unknown bucket' })
  @ApiAnswer(groupVotesOverTimeSchema)
  group(@IdParam('groupId') groupId: number, @Query(new ZodPipe(votesOverTimeQuerySchema, 'query')) query: VotesOverTimeQuery): Promise<GroupVotesOverTime> {
    return this.history.groupOverTime(groupId, query.bucket);
  }
}
