import { Injectable } from '@nestjs/common';
import { BaseRepository } from '#server/infra/database/base.repository.js';

/** Where the next batch of an export starts: after this row, in (created_at, id) order. */
export interface VoteExportCursor {
  createdAt: string;
  id: string;
}

export interface VoteExportRow {
  id: string;
  /** created_at as ISO-8601 UTC with microseconds: the cursor's exact value, and the CSV's time. */
  cast_at: string;
  kind: 'free' | 'paid';
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
  async contestExists(contestId: number): Promise<boolean> {
    const rows: unknown[] = await this.em.query('SELECT 1 FROM contests WHERE id = $1', [contestId]);
    return rows.length > 0;
  }

  /** Up to `size` ledger rows of the contest after `after`, oldest first; `next` is null after the last batch. */
  async exportBatch(contestId: number, after: VoteExportCursor | null, size: number): Promise<{ items: VoteExportRow[]; next: VoteExportCursor | null }> {
    const params: unknown[] = [contestId, size];
    let keyset = '';
    if (after) {
      params.push(after.createdAt, after.id);
      keyset = 'AND (v.created_at, v.id) > ($3::timestamptz, $4::uuid)';
    }
    const rows: VoteExportRow[] = await this.em.query(
      `SELECT v.id::text, to_char(v.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cast_at, v.kind, v.weight,
              g.group_number, v.entry_id, u.username, v.network_hash, v.user_id
       FROM votes v
       LEFT JOIN groups g ON g.id = v.group_id
       LEFT JOIN contestant_profiles p ON p.id = v.profile_id
       LEFT JOIN users u ON u.id = p.user_id
       WHERE v.contest_id = $1 ${keyset}
       ORDER BY v.created_at, v.id
       LIMIT $2`,
      params,
    );
    const last = rows.at(-1);
    return { items: rows, next: last && rows.length === size ? { createdAt: last.cast_at, id: last.id } : null };
  }
}
