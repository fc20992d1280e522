import { Body, Controller, HttpCode, HttpStatus } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type CurrentContestStatus, currentContestStatusSchema, type JoinContestResponse, joinContestResponseSchema } from '#contract/contests/answers.js';
import { joinContestBodySchema } from '#contract/contests/requests.js';
import { Authenticated } from '#server/common/auth/auth.decorators.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { ContestEntriesService } from './contest-entries.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { contestsEndpoints } from '#contract/contests/endpoints.js';
import { Route } from '#server/common/http/route.js';

@ApiTags('contestants')
@Controller()
export class JoinContestController {
  constructor(private readonly joining: ContestEntriesService) {}

  @Route(contestsEndpoints.contestStatus)
  @Authenticated()
  @ApiOperation({ summary: 'Whether the signed-in user is in a contest that has not ended' })
  @ApiOkResponse({ description: '{is_in_contest}' })
  @ApiAnswer(currentContestStatusSchema)
  currentContest(@CurrentUser() user: AuthUser): Promise<CurrentContestStatus> {
    return this.joining.status(user.id);
  }

  @Route(contestsEndpoints.joinContest)
  @Authenticated()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({ summary: 'Join a contest: placed in the lowest-numbered active group with room (a new group when all are full)' })
  @ApiCreatedResponse({ description: '{message, entry_id, contest_id, group_id, group_number}' })
  @ApiBadRequestResponse({ description: 'The contest is inactive or has ended' })
  @ApiNotFoundResponse({ description: 'Contest not found' })
  @ApiConflictResponse({ description: 'Already in a contest that has not ended' })
  @ApiAnswer(joinContestResponseSchema)
  join(@CurrentUser() user: AuthUser, @Body(new ZodPipe(joinContestBodySchema)) body: { contest_id: number }): Promise<JoinContestResponse> {
    return this.joining.join(user.id, body.contest_id);
  }
}
