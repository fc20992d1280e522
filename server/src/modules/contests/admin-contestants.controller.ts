import { Readable } from 'node:stream';
import { Controller, Header, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type AdminContestantItem, adminContestantItemSchema } from '#contract/contests/answers.js';
import { type ContestantsQuery, contestantsQuerySchema } from '#contract/contests/requests.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { AdminContestantsService } from './admin-contestants.service.js';
import { z } from 'zod';
import { ApiAnswer, ApiFileAnswer } from '#server/common/api-docs.js';
import { IdParam } from '#server/common/id-param.js';
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

  @Route(contestsEndpoints.exportParticipants)
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: "A contest's participants as CSV: the fields their public profiles show (no e-mail), formula-safe cells" })
  @ApiFileAnswer('text/csv')
  @ApiOkResponse({ description: 'text/csv attachment' })
  @ApiNotFoundResponse({ description: 'Contest not found' })
  async participants(@IdParam('id') contestId: number): Promise<StreamableFile> {
    const lines = await this.contestants.participantsCsv(contestId);
    return new StreamableFile(Readable.from(lines), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="contest-${contestId}-participants.csv"`,
    });
  }
}
