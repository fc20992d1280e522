import { Body, Controller, HttpCode, HttpStatus, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type ContestGroup, contestGroupSchema } from '#contract/contests/answers.js';
import { groupPatchSchema, optionalPageQuerySchema } from '#contract/contests/requests.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { IdParam } from '#server/common/id-param.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { ContestGroupsService } from '#server/modules/contests/contest-groups.service.js';
import { z } from 'zod';
import { ApiAnswer } from '#server/common/api-docs.js';
import { contestsEndpoints } from '#contract/contests/endpoints.js';
import { Route } from '#server/common/http/route.js';

@ApiTags('admin')
@Controller()
export class AdminGroupsController {
  constructor(private readonly groups: ContestGroupsService) {}

  @Route(contestsEndpoints.contestGroups)
  @ApiOperation({ summary: "A contest's groups by number; total in x-total-count" })
  @ApiQuery({ name: 'limit', description: 'Without it, every group' })
  @ApiOkResponse({ description: 'ContestGroup[] (contract/contests/answers.ts)' })
  @ApiNotFoundResponse({ description: 'Contest not found' })
  @ApiAnswer(z.array(contestGroupSchema))
  async list(
    @IdParam('id') id: number,
    @Query(new ZodPipe(optionalPageQuerySchema, 'query')) page: { skip: number; limit?: number },
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ContestGroup[]> {
    const { items, total } = await this.groups.page(id, page.skip, page.limit);
    void reply.header('x-total-count', String(total));
    return items;
  }

  @Route(contestsEndpoints.createGroup)
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({ summary: 'Add the next group (number = highest + 1) to a contest' })
  @ApiCreatedResponse({ description: 'ContestGroup' })
  @ApiNotFoundResponse({ description: 'Contest not found' })
  @ApiAnswer(contestGroupSchema)
  create(@CurrentUser() admin: AuthUser, @IdParam('id') id: number): Promise<ContestGroup> {
    return this.groups.create(admin.id, id);
  }

  @Route(contestsEndpoints.updateGroup)
  @ApiOperation({ summary: 'Switch a group on or off (an inactive group gets no new contestants)' })
  @ApiOkResponse({ description: 'ContestGroup' })
  @ApiNotFoundResponse({ description: 'Group not found' })
  @ApiAnswer(contestGroupSchema)
  update(@CurrentUser() admin: AuthUser, @IdParam('id') id: number, @Body(new ZodPipe(groupPatchSchema)) body: { is_active: boolean }): Promise<ContestGroup> {
    return this.groups.setActive(admin.id, id, body.is_active);
  }
}
