import { Body, Controller } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { type ProfileBasics, profileBasicsSchema } from '#contract/profiles/requests.js';
import { type ProfileBasicsResponse, profileBasicsResponseSchema } from '#contract/profiles/answers.js';
import { Authenticated } from '#server/common/auth/auth.decorators.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { UsersService } from './users.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { profilesEndpoints } from '#contract/profiles/endpoints.js';
import { Route } from '#server/common/http/route.js';

/**
 * The signed-in contestant's own category and four answers.
 * `/contestants/profile/basics` is all static segments, so the router takes it before the public
 * profile's `/contestants/:username`; a contestant named "profile" keeps `/contestants/profile/`.
 */
@ApiTags('contestants')
@Controller()
export class ProfileBasicsController {
  constructor(private readonly users: UsersService) {}

  @Route(profilesEndpoints.profileBasics)
  @Authenticated()
  @ApiOperation({ summary: "The signed-in user's category and four answers (an answer never given is null)" })
  @ApiOkResponse({ description: 'ProfileBasicsResponse (contract/profiles/answers.ts)' })
  @ApiNotFoundResponse({ description: 'Profile not found (the user has no contestant profile)' })
  @ApiAnswer(profileBasicsResponseSchema)
  basics(@CurrentUser() user: AuthUser): Promise<ProfileBasicsResponse> {
    return this.users.profileBasics(user.id);
  }

  @Route(profilesEndpoints.updateProfileBasics)
  @Authenticated()
  @ApiOperation({ summary: 'Replace the category and the four answers (making the profile of a user who has none); answers them as stored' })
  @ApiOkResponse({ description: 'ProfileBasicsResponse (contract/profiles/answers.ts); a user without a contestant profile gets one made from them' })
  @ApiNotFoundResponse({ description: 'Profile not found (an administrator without a contestant profile)' })
  @ApiUnprocessableEntityResponse({ description: '{detail: [{loc, msg, type}]}: one entry per field' })
  @ApiAnswer(profileBasicsResponseSchema)
  update(@CurrentUser() user: AuthUser, @Body(new ZodPipe(profileBasicsSchema)) body: ProfileBasics): Promise<ProfileBasicsResponse> {
    return this.users.updateProfileBasics(user, body);
  }
}
