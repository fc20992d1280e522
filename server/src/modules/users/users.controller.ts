import { Controller } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CURRENT_USER_EXAMPLE, type CurrentUser as CurrentUserDto, currentUserSchema } from '#contract/auth/answers.js';
import { Authenticated } from '#server/common/auth/auth.decorators.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { UsersService } from './users.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { profilesEndpoints } from '#contract/profiles/endpoints.js';
import { Route } from '#server/common/http/route.js';

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
}
