import { Controller, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { type VotesOverTimeQuery, votesOverTimeQuerySchema } from '#contract/votes/requests.js';
import { type VotesOverTime, votesOverTimeSchema } from '#contract/votes/answers.js';
import { UsernameParam } from '#server/common/username-param.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { VoteHistoryService } from './vote-history.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { votesEndpoints } from '#contract/votes/endpoints.js';
import { Route } from '#server/common/http/route.js';

/** A contestant's public votes-over-time chart. */
@ApiTags('votes')
@Controller()
export class VoteHistoryController {
  constructor(private readonly history: VoteHistoryService) {}

  @Route(votesEndpoints.getVotesOverTime)
  @ApiOperation({
    summary:
      "The contestant's votes per hour (the last 7 days) or per day in the current contest: free, paid and voided, every bucket from the contest's start, UTC",
  })
  @ApiQuery({ name: 'bucket', description: "Default 'day'" })
  @ApiOkResponse({
    description: 'VotesOverTime {bucket, points: [{start, free, paid, voided}]} (contract/votes/answers.ts); no points without an entry in the current contest',
  })
  @ApiNotFoundResponse({ description: 'Profile not found' })
  @ApiUnprocessableEntityResponse({ description: 'An unknown bucket' })
  @ApiAnswer(votesOverTimeSchema)
  overTime(@UsernameParam() username: string, @Query(new ZodPipe(votesOverTimeQuerySchema, 'query')) query: VotesOverTimeQuery): Promise<VotesOverTime> {
    return this.history.overTime(username, query.bucket);
  }
}
