import { HttpStatus, Injectable } from '@nestjs/common';
import { ADMIN_VOTE_MESSAGES } from '#contract/votes/messages.js';
import { VOTE_CSV_COLUMNS } from '#contract/votes/constants.js';
import { csvInBatches, type CsvCell } from '#server/common/csv.js';
import { detailError } from '#server/common/errors.js';
import { AdminVotesRepository, type VoteExportCursor, type VoteExportRow } from './admin-votes.repository.js';

/** Ledger rows read per query while an export is sent. */
const EXPORT_BATCH = 2000;

function csvRow(v: VoteExportRow): CsvCell[] {
  const byColumn: Record<(typeof VOTE_CSV_COLUMNS)[number], CsvCell> = {
    cast_at: v.cast_at,
    vote_id: v.id,
    kind: v.kind,
    votes: v.weight,
    group_number: v.group_number,
    entry_id: v.entry_id,
    username: v.username,
    network_hash: v.network_hash,
    user_id: v.user_id,
  };
  return VOTE_CSV_COLUMNS.map((c) => byColumn[c]);
}

/** The admin's view of the vote ledger: a contest's every vote as CSV. */
@Injectable()
export class AdminVotesService {
  constructor(private readonly repo: AdminVotesRepository) {}

  /**
   * Every ledger row of the contest as CSV lines (the header first), oldest first, read in batches
   * as the answer is sent, so an export of millions of votes never sits in memory whole. Answers 404
   * before anything is sent when the contest does not exist.
   */
  async csv(contestId: number): Promise<AsyncGenerator<string>> {
    if (!(await this.repo.contestExists(contestId))) throw detailError(HttpStatus.NOT_FOUND, ADMIN_VOTE_MESSAGES.contestNotFound);
    return csvInBatches(VOTE_CSV_COLUMNS, (after: VoteExportCursor | null) => this.repo.exportBatch(contestId, after, EXPORT_BATCH), csvRow);
  }
}
