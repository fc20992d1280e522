import { Body, Controller } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { CURRENT_USER_EXAMPLE, type CurrentUser as CurrentUserDto, currentUserSchema } from '#contract/auth/answers.js';
import { Authenticated } from '#server/common/auth/auth.decorators.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { UsersService } from './users.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { profilesEndpoints } from '#contract/profiles/endpoints.js';
import { Route } from '#server/common/http/route.js';
import { type MyLocale, myLocaleSchema } from '#contract/profiles/requests.js';
import { ZodPipe } from '#server/common/zod-pipe.js';

@ApiTags('users')
@Controller()
export class UsersController {
  constructor(private readonly usersService: UsersService) {}

  @Route(profilesEndpoints.currentUser)
  @Authenticated()
  @ApiOperation({ summary: 'The signed-in user, with the contestant profile and contest entries' })
  @ApiOkResponse({ description: 'CurrentUser (contract/auth/answers.ts)' })
  @ApiAnswer(currentUserSchema, { example: CURRENT_USER_EXAMPLE })
  me(@CurrentUser() user: AuthUser): Promise<CurrentUserDto> {
    return this.usersService.me(user);
  }

  @Route(profilesEndpoints.setMyLocale)
  @Authenticated()
  @ApiOperation({ summary: "The signed-in person's language: their e-mails are written in it from now on" })
  @ApiOkResponse({ description: '{locale}' })
  @ApiUnprocessableEntityResponse({ description: 'Not a language the site offers' })
  @ApiAnswer(myLocaleSchema, { example: { locale: 'pt-BR' } })
  async setLocale(@CurrentUser() user: AuthUser, @Body(new ZodPipe(myLocaleSchema)) body: MyLocale): Promise<MyLocale> {
    await this.usersService.setLocale(user.id, body.locale);
    return { locale: body.locale };
  }
}
