import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CURRENT_USER_EXAMPLE, type CurrentUser as CurrentUserDto, currentUserSchema } from '#contract/auth/answers.js';
import { Authenticated } from '#server/common/auth/auth.decorators.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { UsersService } from './users.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(private readonly usersService: UsersService) {}

  @Get('me')
  @Authenticated()
  @ApiOperation({ summary: 'The signed-in user, with the contestant profile and contest entries' })
  @ApiOkResponse({ description: 'CurrentUser (contract/auth/answers.ts)' })
  @ApiAnswer(currentUserSchema, { example: CURRENT_USER_EXAMPLE })
  me(@CurrentUser() user: AuthUser): Promise<CurrentUserDto> {
    return this.usersService.me(user);
  }
}
