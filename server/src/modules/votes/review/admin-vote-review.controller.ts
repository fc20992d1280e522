import { Body, Controller, Header, HttpCode, HttpStatus, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { type VoidVotesInput, voidVotesSchema, type VoteReviewQuery, voteReviewQuerySchema } from '#contract/votes/requests.js';
import { type VoidVotesResult, voidVotesResultSchema, type VoteReviewList, voteReviewListSchema } from '#contract/votes/answers.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { VoteReviewService } from './vote-review.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { votesEndpoints } from '#contract/votes/endpoints.js';
import { Route } from '#server/common/http/route.js';

/** Suspicious-vote review: staff whose role has the `moderation` permission (the endpoint table names it). */
@ApiTags('admin')
@Controller()
export class AdminVoteReviewController {
  constructor(private readonly review: VoteReviewService) {}

  @Route(votesEndpoints.getVoteReview)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary:
      'Entries whose recent free votes the scoring flagged in the past day, with the reasons, their busiest network blocks (keyed hashes) and past voids',
  })
  @ApiQuery({ name: 'contest_id', description: 'Without it, the current contest' })
  @ApiOkResponse({ description: 'VoteReviewList (contract/votes/answers.ts)' })
  @ApiNotFoundResponse({ description: 'No such contest' })
  @ApiUnprocessableEntityResponse({ description: 'contest_id is not a positive whole number' })
  @ApiAnswer(voteReviewListSchema)
  list(@Query(new ZodPipe(voteReviewQuerySchema, 'query')) query: VoteReviewQuery): Promise<VoteReviewList> {
    return this.review.list(query.contest_id);
  }

  @Route(votesEndpoints.voidVotes)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      "Void an entry's free votes cast in [from, to), of one network or block hash when given: cancelling ledger rows, counters and live screens updated, the contestant told the reason",
  })
  @ApiOkResponse({ description: "VoidVotesResult: how many votes were removed and the entry's counts now" })
  @ApiNotFoundResponse({ description: 'No such entry' })
  @ApiUnprocessableEntityResponse({ description: 'A field is missing or invalid' })
  @ApiAnswer(voidVotesResultSchema)
  void(@Body(new ZodPipe(voidVotesSchema)) body: VoidVotesInput, @CurrentUser() user: AuthUser): Promise<VoidVotesResult> {
    return this.review.void(body, user.id);
  }
}
