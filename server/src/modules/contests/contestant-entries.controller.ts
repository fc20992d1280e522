import { Body, Controller } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type EliminationResponse, eliminationResponseSchema } from '#contract/contests/answers.js';
import { entryPatchSchema } from '#contract/contests/requests.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { IdParam } from '#server/common/id-param.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { ContestEntriesService } from './contest-entries.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { contestsEndpoints } from '#contract/contests/endpoints.js';
import { Route } from '#server/common/http/route.js';

@ApiTags('admin')
@Controller()
export class ContestantEntriesController {
  constructor(private readonly entries: ContestEntriesService) {}

  @Route(contestsEndpoints.eliminateEntry)
  @ApiOperation({ summary: 'Eliminate a contest entry (one way; repeating it changes nothing)' })
  @ApiOkResponse({ description: 'The entry as the group list shows it, with {message}' })
  @ApiNotFoundResponse({ description: 'Contest entry not found' })
  @ApiConflictResponse({ description: 'is_eliminated false: an elimination cannot be undone' })
  @ApiAnswer(eliminationResponseSchema)
  update(
    @CurrentUser() admin: AuthUser,
    @IdParam('entryId') entryId: number,
    @Body(new ZodPipe(entryPatchSchema)) body: { is_eliminated: boolean },
  ): Promise<EliminationResponse> {
    return this.entries.setEliminated(admin.id, entryId, body.is_eliminated);
  }
}
