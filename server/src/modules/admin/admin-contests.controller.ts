import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Post, Put, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Contest, MessageResponse, RoundCutPreview } from '#contract/api-types.js';
import { contestPatchSchema, createContestSchema, pageQuerySchema, type ContestPatch, type ContestValues } from '#contract/contest-schemas.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { SuperuserOnly } from '#server/common/auth/auth.decorators.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { IdParam } from '#server/common/id-param.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { ContestRoundsService } from '#server/modules/contests/contest-rounds.service.js';
import { ContestsService } from '#server/modules/contests/contests.service.js';

const contestBody = {
  schema: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      description: { type: 'string' },
      start_date: { type: 'string', format: 'date-time' },
      end_date: { type: 'string', format: 'date-time', nullable: true },
      is_active: { type: 'boolean' },
      is_current: { type: 'boolean' },
      group_size_cap: { type: 'integer', nullable: true, minimum: 1, maximum: 1000 },
      winners: { type: 'integer', minimum: 0, maximum: 5, description: 'How many the last round names (1 to 5 with rounds)' },
      time_zone: { type: 'string', example: 'America/New_York', description: 'The IANA zone the contest is planned in (UTC unless set)' },
      rounds: {
        type: 'array',
        maxItems: 3,
        description: 'The whole list of rounds, in order; the contest ends with the last one. Absent on an edit: unchanged.',
        items: {
          type: 'object',
          required: ['name', 'ends_at'] as string[],
          properties: {
            name: { type: 'string', maxLength: 60 },
            ends_at: { type: 'string', format: 'date-time' },
            advance_per_group: { type: 'integer', nullable: true, minimum: 1, description: 'The top N of each group advance (not on the last round)' },
            advance_total: { type: 'integer', nullable: true, minimum: 1, description: 'The top N of the contest advance (not on the last round)' },
          },
        },
      },
    },
  },
} as const;

@ApiTags('admin')
@SuperuserOnly()
@Controller('admin')
export class AdminContestsController {
  constructor(
    private readonly contests: ContestsService,
    private readonly rounds: ContestRoundsService,
  ) {}

  @Get('all-contests')
  @ApiOperation({ summary: 'Contests, newest first; total in x-total-count' })
  @ApiQuery({ name: 'skip', required: false, type: Number })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: '1 to 100, default 10' })
  @ApiOkResponse({ description: 'Contest[] (contract/api-types.ts)' })
  async list(
    @Query(new ZodPipe(pageQuerySchema, 'query')) page: { skip: number; limit: number },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Contest[]> {
    const { items, total } = await this.contests.page(page.skip, page.limit);
    void reply.header('x-total-count', String(total));
    return items;
  }

  @Get('contests/:id')
  @ApiOperation({ summary: 'One contest' })
  @ApiOkResponse({ description: 'Contest' })
  @ApiNotFoundResponse({ description: 'Contest not found' })
  get(@IdParam('id') id: number): Promise<Contest> {
    return this.contests.get(id);
  }

  @Post('create-contest')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({ summary: 'Create a contest (the start not in the past, the end after the start; is_current true unsets the current one)' })
  @ApiBody(contestBody)
  @ApiCreatedResponse({ description: 'Contest, with its id' })
  @ApiUnprocessableEntityResponse({ description: 'Field problems: {"detail": [{loc, msg, type}]}' })
  create(@CurrentUser() admin: AuthUser, @Body(new ZodPipe(createContestSchema)) body: ContestValues): Promise<Contest> {
    return this.contests.create(admin.id, body);
  }

  @Put('contests/:id')
  @ApiOperation({ summary: 'Change any subset of the fields (flag toggles send one)' })
  @ApiBody(contestBody)
  @ApiOkResponse({ description: 'The updated Contest' })
  @ApiBadRequestResponse({ description: 'The group size is below a group’s contestant count' })
  @ApiNotFoundResponse({ description: 'Contest not found' })
  @ApiUnprocessableEntityResponse({ description: 'Field problems, among them an end not after the (stored) start' })
  update(@CurrentUser() admin: AuthUser, @IdParam('id') id: number, @Body(new ZodPipe(contestPatchSchema)) body: ContestPatch): Promise<Contest> {
    return this.contests.update(admin.id, id, body);
  }

  @Get('contests/:id/rounds/:position/cut')
  @ApiOperation({ summary: "A round's cut as it would run now (nothing changes): who advances, who would be eliminated, or the last round's winners" })
  @ApiOkResponse({ description: 'RoundCutPreview (contract/api-types.ts)' })
  @ApiNotFoundResponse({ description: 'Round not found' })
  previewCut(@IdParam('id') id: number, @IdParam('position') position: number): Promise<RoundCutPreview> {
    return this.rounds.preview(id, position);
  }

  @Delete('contests/:id')
  @ApiOperation({ summary: 'Delete a contest with all its groups and entries' })
  @ApiOkResponse({ description: '{message}' })
  @ApiNotFoundResponse({ description: 'Contest not found' })
  remove(@CurrentUser() admin: AuthUser, @IdParam('id') id: number): Promise<MessageResponse> {
    return this.contests.remove(admin.id, id);
  }
}
