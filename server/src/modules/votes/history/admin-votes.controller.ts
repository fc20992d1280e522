import { Readable } from 'node:stream';
import { Controller, Header, Query, StreamableFile } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { ApiFileAnswer } from '#server/common/api-docs.js';
import { VOTE_CSV_COLUMNS } from '#contract/votes/constants.js';
import { type VotesExportQuery, votesExportQuerySchema } from '#contract/votes/requests.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { AdminVotesService } from './admin-votes.service.js';
import { votesEndpoints } from '#contract/votes/endpoints.js';
import { Route } from '#server/common/http/route.js';

/** The admin's vote calls: staff whose role has the `ledger` permission (the endpoint table names it). */
@ApiTags('admin')
@Controller()
export class AdminVotesController {
  constructor(private readonly votes: AdminVotesService) {}

  @Route(votesEndpoints.exportVotes)
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: `Every vote of a contest's ledger as CSV, oldest first (columns: ${VOTE_CSV_COLUMNS.join(', ')}); keyed hashes only, never an address`,
  })
  @ApiFileAnswer('text/csv')
  @ApiOkResponse({ description: 'text/csv attachment, streamed' })
  @ApiNotFoundResponse({ description: 'No such contest' })
  @ApiUnprocessableEntityResponse({ description: 'contest_id missing or not a positive whole number' })
  async export(@Query(new ZodPipe(votesExportQuerySchema, 'query')) query: VotesExportQuery): Promise<StreamableFile> {
    const lines = await this.votes.csv(query.contest_id);
    return new StreamableFile(Readable.from(lines), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="votes-contest-${query.contest_id}.csv"`,
    });
  }
}
