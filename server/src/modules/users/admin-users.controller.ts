import { Controller } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type MessageResponse, messageResponseSchema } from '#contract/common/answers.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { IdParam } from '#server/common/id-param.js';
import { UserDeletionService } from './user-deletion.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { profilesEndpoints } from '#contract/profiles/endpoints.js';
import { Route } from '#server/common/http/route.js';

@ApiTags('admin')
@Controller()
export class AdminUsersController {
  constructor(private readonly deletion: UserDeletionService) {}

  @Route(profilesEndpoints.deleteUser)
  @ApiOperation({ summary: 'Erase a user now: personal data and pictures removed, entries withdrawn, votes and payments kept anonymized' })
  @ApiOkResponse({ description: '{message}' })
  @ApiBadRequestResponse({ description: 'Your own account, or the last administrator' })
  @ApiNotFoundResponse({ description: 'User not found' })
  @ApiAnswer(messageResponseSchema)
  remove(@CurrentUser() admin: AuthUser, @IdParam('userId') userId: number): Promise<MessageResponse> {
    return this.deletion.delete(admin.id, userId);
  }
}
