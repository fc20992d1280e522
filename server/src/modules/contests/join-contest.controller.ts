import { Body, Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type CurrentContestStatus, currentContestStatusSchema, type JoinContestResponse, joinContestResponseSchema } from '#contract/contests/answers.js';
import { CONTEST_MESSAGES } from '#contract/contests/messages.js';
import { joinContestSchema } from '#contract/contests/requests.js';
import { Authenticated } from '#server/common/auth/auth.decorators.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { MAX_ID } from '#server/common/id-param.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { ContestEntriesService } from './contest-entries.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';

/** The contract's rule, plus the id column's range: a larger number is no contest (never a 500). */
function joinBodySchema() {
  return joinContestSchema.extend({ contest_id: joinContestSchema.shape.contest_id.max(MAX_ID, { error: CONTEST_MESSAGES.notFound }) });
}

@ApiTags('contestants')
@Controller('contestants')
export class JoinContestController {
  constructor(private readonly joining: ContestEntriesService) {}

  @Get('current-contest')
  @Authenticated()
  @ApiOperation({ summary: 'Whether the signed-in user is in a contest that has not ended' })
  @ApiOkResponse({ description: '{is_in_contest}' })
  @ApiAnswer(currentContestStatusSchema)
  currentContest(@CurrentUser() user: AuthUser): Promise<CurrentContestStatus> {
    return this.joining.status(user.id);
  }

  @Post('join-contest')
  @Authenticated()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({ summary: 'Join a contest: placed in the lowest-numbered active group with room (a new group when all are full)' })
  @ApiCreatedResponse({ description: '{message, entry_id, contest_id, group_id, group_number}' })
  @ApiBadRequestResponse({ description: 'The contest is inactive or has ended' })
  @ApiNotFoundResponse({ description: 'Contest not found' })
  @ApiConflictResponse({ description: 'Already in a contest that has not ended' })
  @ApiAnswer(joinContestResponseSchema)
  join(@CurrentUser() user: AuthUser, @Body(new ZodPipe(joinBodySchema())) body: { contest_id: number }): Promise<JoinContestResponse> {
    return this.joining.join(user.id, body.contest_id);
  }
}
