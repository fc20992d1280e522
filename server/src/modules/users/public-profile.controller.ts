import { Controller, HttpCode, HttpStatus } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type ContestantProfile,
  contestantProfileSchema,
  PROFILE_EXAMPLE,
  type ProfileViewsResponse,
  profileViewsResponseSchema,
} from '#contract/profiles/answers.js';
import { OptionalAuthentication } from '#server/common/auth/auth.decorators.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { ClientAddress } from '#server/common/client-address.decorator.js';
import { UsernameParam } from '#server/common/username-param.js';
import { UsersService } from './users.service.js';
import { ProfileViewsService } from './profile-views.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { profilesEndpoints } from '#contract/profiles/endpoints.js';
import { Route } from '#server/common/http/route.js';

/**
 * The public profile's calls. `:username` never shadows the static paths beside it
 * (/contestants/current-contest, /contestants/join-contest, ...): the router tries static segments
 * first, and none of them could be a username (they contain '-').
 */
@ApiTags('contestants')
@Controller()
export class PublicProfileController {
  constructor(
    private readonly users: UsersService,
    private readonly views: ProfileViewsService,
  ) {}

  @Route(profilesEndpoints.contestantProfile)
  @ApiOperation({ summary: 'A contestant profile, with total_votes, the current contest entry and its position in the group' })
  @ApiOkResponse({ description: 'ContestantProfile (contract/profiles/answers.ts)' })
  @ApiNotFoundResponse({ description: 'Profile not found' })
  @ApiAnswer(contestantProfileSchema, { example: PROFILE_EXAMPLE })
  profile(@UsernameParam() username: string): Promise<ContestantProfile> {
    return this.users.publicProfile(username);
  }

  @Route(profilesEndpoints.incrementProfileViews)
  @HttpCode(HttpStatus.OK)
  @OptionalAuthentication()
  @ApiOperation({ summary: 'Count one profile view (sent on every profile open): once per viewer (account, else address) and profile an hour' })
  @ApiOkResponse({ description: '{profile_views}' })
  @ApiNotFoundResponse({ description: 'Profile not found' })
  @ApiAnswer(profileViewsResponseSchema)
  incrementViews(@UsernameParam() username: string, @ClientAddress() address: string, @CurrentUser() user: AuthUser | null): Promise<ProfileViewsResponse> {
    return this.views.increment(username, { address, userId: user?.id ?? null });
  }

  @Route(profilesEndpoints.profileViews)
  @ApiOperation({ summary: "The profile's view count" })
  @ApiOkResponse({ description: '{profile_views}' })
  @ApiNotFoundResponse({ description: 'Profile not found' })
  @ApiAnswer(profileViewsResponseSchema)
  viewCount(@UsernameParam() username: string): Promise<ProfileViewsResponse> {
    return this.views.views(username);
  }
}
