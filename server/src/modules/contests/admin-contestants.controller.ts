import { Controller, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type AdminContestantItem, adminContestantItemSchema } from '#contract/contests/answers.js';
import { type ContestantsQuery, contestantsQuerySchema } from '#contract/contests/requests.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { AdminContestantsService } from './admin-contestants.service.js';
import { z } from 'zod';
import { ApiAnswer } from '#server/common/api-docs.js';
import { contestsEndpoints } from '#contract/contests/endpoints.js';
import { Route } from '#server/common/http/route.js';

@ApiTags('admin')
@Controller()
export class AdminContestantsController {
  constructor(private readonly contestants: AdminContestantsService) {}

  @Route(contestsEndpoints.contestants)
  @ApiOperation({ summary: 'Every contestant, with votes, group and rank in the current contest; total in x-total-count' })
  @ApiQuery({ name: 'q', description: 'Search username, first or last name (any letter case)' })
  @ApiQuery({ name: 'limit', description: 'Without it, every contestant' })
  @ApiOkResponse({ description: 'AdminContestantItem[] (contract/contests/answers.ts)' })
  @ApiAnswer(z.array(adminContestantItemSchema))
  async list(
    @Query(new ZodPipe(contestantsQuerySchema, 'query')) query: ContestantsQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminContestantItem[]> {
    const { items, total } = await this.contestants.list(query);
    void reply.header('x-total-count', String(total));
    return items;
  }
}
