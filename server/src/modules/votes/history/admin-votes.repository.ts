import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';

/** Where the next batch of an export starts: after this row, in (created_at, id) order. */
export interface VoteExportCursor {
  createdAt: string;
  id: string;
}

export interface VoteExportRow {
  id: string;
  /** created_at as ISO-8601 UTC with microseconds: the cursor's exact value, and the CSV's time. */
  cast_at: string;
  /** 'free', 'paid' or 'void' (the ledger's CHECK keeps it to these). */
  kind: string;
  weight: number;
  group_number: number | null;
  entry_id: number;
  username: string | null;
  network_hash: string | null;
  user_id: number | null;
}

/** The ledger as the admin's export reads it: a contest's rows in the order they were cast. */
@Injectable()
export class AdminVotesRepository extends BaseRepository {
  @GenerateSql({ params: [1] })
  async contestExists(contestId: number): Promise<boolean> {
    return (await this.first(this.db.selectFrom('contests').select('id').where('id', '=', contestId))) !== undefined;
  }

  /** Up to `size` ledger rows of the contest after `after`, oldest first; `next` is null after the last batch. */
  @GenerateSql(
    { name: 'first batch', params: [1, null, 2000] },
    { name: 'next batch', params: [1, { createdAt: '2026-01-01T12:00:00.123456Z', id: '00000000-0000-4000-8000-000000000001' }, 2000] },
  )
  async exportBatch(contestId: number, after: VoteExportCursor | null, size: number): Promise<{ items: VoteExportRow[]; next: VoteExportCursor | null }> {
    const batch = this.db
      .selectFrom('votes as v')
      .leftJoin('groups as g', 'g.id', 'v.group_id')
      .leftJoin('contestant_profiles as p', 'p.id', 'v.profile_id')
      .leftJoin('users as u', 'u.id', 'p.user_id')
      .select([
        sql<string>`${sql.ref('v.id')}::text`.as('id'),
        sql<string>`to_char(${sql.ref('v.created_at')} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cast_at'),
        'v.kind',
        'v.weight',
        'g.group_number',
        'v.entry_id',
        'u.username',
        'v.network_hash',
        'v.user_id',
      ])
      .where('v.contest_id', '=', contestId)
      .orderBy('v.created_at')
      .orderBy('v.id')
      .limit(size);
    // The keyset: the rows after the cursor's, by the (contest_id, created_at, id) index.
    const rows = await this.rows(
      after
        ? batch.where((eb) =>
            eb(eb.refTuple('v.created_at', 'v.id'), '>', eb.tuple(sql<Date>`${after.createdAt}::timestamptz`, sql<string>`${after.id}::uuid`)),
          )
        : batch,
    );
    const last = rows.at(-1);
    return { items: rows, next: last && rows.length === size ? { createdAt: last.cast_at, id: last.id } : null };
  }
}
