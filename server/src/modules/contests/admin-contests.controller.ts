import { Body, Controller, HttpCode, HttpStatus, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type Contest, CONTEST_EXAMPLE, contestSchema, type RoundCutPreview, roundCutPreviewSchema } from '#contract/contests/answers.js';
import { type MessageResponse, messageResponseSchema } from '#contract/common/answers.js';
import { type ContestPatch, contestPatchSchema, type ContestValues, createContestSchema, pageQuerySchema } from '#contract/contests/requests.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { IdParam } from '#server/common/id-param.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { ContestRoundsService } from './contest-rounds.service.js';
import { ContestsService } from './contests.service.js';
import { z } from 'zod';
import { ApiAnswer } from '#server/common/api-docs.js';
import { contestsEndpoints } from '#contract/contests/endpoints.js';
import { Route } from '#server/common/http/route.js';

@ApiTags('admin')
@Controller()
export class AdminContestsController {
  constructor(
    private readonly contests: ContestsService,
    private readonly rounds: ContestRoundsService,
  ) {}

  @Route(contestsEndpoints.adminContests)
  @ApiOperation({ summary: 'Contests, newest first; total in x-total-count' })
  @ApiQuery({ name: 'limit', description: '1 to 100, default 10' })
  @ApiOkResponse({ description: 'Contest[] (contract/contests/answers.ts)' })
  @ApiAnswer(z.array(contestSchema))
  async list(
    @Query(new ZodPipe(pageQuerySchema, 'query')) page: { skip: number; limit: number },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Contest[]> {
    const { items, total } = await this.contests.page(page.skip, page.limit);
    void reply.header('x-total-count', String(total));
    return items;
  }

  @Route(contestsEndpoints.adminContest)
  @ApiOperation({ summary: 'One contest' })
  @ApiOkResponse({ description: 'Contest' })
  @ApiNotFoundResponse({ description: 'Contest not found' })
  @ApiAnswer(contestSchema, { example: CONTEST_EXAMPLE })
  get(@IdParam('id') id: number): Promise<Contest> {
    return this.contests.get(id);
  }

  @Route(contestsEndpoints.createContest)
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({ summary: 'Create a contest (the start not in the past, the end after the start; is_current true unsets the current one)' })
  @ApiCreatedResponse({ description: 'Contest, with its id' })
  @ApiUnprocessableEntityResponse({ description: 'Field problems: {"detail": [{loc, msg, type}]}' })
  @ApiAnswer(contestSchema)
  create(@CurrentUser() admin: AuthUser, @Body(new ZodPipe(createContestSchema)) body: ContestValues): Promise<Contest> {
    return this.contests.create(admin.id, body);
  }

  @Route(contestsEndpoints.updateContest)
  @ApiOperation({ summary: 'Change any subset of the fields (flag toggles send one)' })
  @ApiOkResponse({ description: 'The updated Contest' })
  @ApiBadRequestResponse({ description: 'The group size is below a group’s contestant count' })
  @ApiNotFoundResponse({ description: 'Contest not found' })
  @ApiUnprocessableEntityResponse({ description: 'Field problems, among them an end not after the (stored) start' })
  @ApiAnswer(contestSchema)
  update(@CurrentUser() admin: AuthUser, @IdParam('id') id: number, @Body(new ZodPipe(contestPatchSchema)) body: ContestPatch): Promise<Contest> {
    return this.contests.update(admin.id, id, body);
  }

  @Route(contestsEndpoints.roundCut)
  @ApiOperation({ summary: "A round's cut as it would run now (nothing changes): who advances, who would be eliminated, or the last round's winners" })
  @ApiOkResponse({ description: 'RoundCutPreview (contract/contests/answers.ts)' })
  @ApiNotFoundResponse({ description: 'Round not found' })
  @ApiAnswer(roundCutPreviewSchema)
  previewCut(@IdParam('id') id: number, @IdParam('position') position: number): Promise<RoundCutPreview> {
    return this.rounds.preview(id, position);
  }

  @Route(contestsEndpoints.deleteContest)
  @ApiOperation({ summary: 'Delete a contest with all its groups and entries' })
  @ApiOkResponse({ description: '{message}' })
  @ApiNotFoundResponse({ description: 'Contest not found' })
  @ApiAnswer(messageResponseSchema)
  remove(@CurrentUser() admin: AuthUser, @IdParam('id') id: number): Promise<MessageResponse> {
    return this.contests.remove(admin.id, id);
  }
}
