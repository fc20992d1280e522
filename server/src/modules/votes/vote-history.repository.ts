import { Injectable } from '@nestjs/common';
import type { VoteHistoryBucket, VotesOverTimePoint } from '#contract/vote-history-schemas.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';

/** A public contestant's entry in the current contest, and when that contest began. */
export interface HistoryTarget {
  entryId: number | null;
  contestStart: Date | null;
}

/** The ledger read as a series: a contestant's votes per hour or day. */
@Injectable()
export class VoteHistoryRepository extends BaseRepository {
  /** The verified contestant by username (any letter case), with their entry in the current contest; null: no such public profile. */
  async target(username: string): Promise<HistoryTarget | null> {
    const rows: { entry_id: number | null; start_date: Date | null }[] = await this.em.query(
      `SELECT e.id AS entry_id, c.start_date
       FROM users u
       JOIN contestant_profiles p ON p.user_id = u.id
       LEFT JOIN contests c ON c.is_current
       LEFT JOIN contest_entries e ON e.contest_id = c.id AND e.profile_id = p.id
       WHERE lower(u.username) = lower($1) AND u.is_verified`,
      [username],
    );
    return rows[0] ? { entryId: rows[0].entry_id, contestStart: rows[0].start_date } : null;
  }

  /**
   * Every `bucket` from `from` to now (UTC, at most `limit` of the latest), with the entry's votes
   * in each: free and paid (refunds netted), empty buckets as zeros.
   */
  async series(entryId: number, bucket: VoteHistoryBucket, from: Date, limit: number): Promise<VotesOverTimePoint[]> {
    const rows: { start: string; free: number; paid: number }[] = await this.em.query(
      `WITH b AS (
         SELECT generate_series(
                  greatest(date_trunc($2, $3::timestamptz AT TIME ZONE 'UTC'), date_trunc($2, now() AT TIME ZONE 'UTC') - ($4 - 1) * ('1 ' || $2)::interval),
                  date_trunc($2, now() AT TIME ZONE 'UTC'),
                  ('1 ' || $2)::interval) AS start),
       v AS (
         SELECT date_trunc($2, created_at AT TIME ZONE 'UTC') AS start,
                sum(weight) FILTER (WHERE kind = 'free')::int AS free,
                sum(weight) FILTER (WHERE kind = 'paid')::int AS paid
         FROM votes
         WHERE entry_id = $1 AND created_at >= (SELECT min(start) FROM b) AT TIME ZONE 'UTC'
         GROUP BY 1)
       SELECT to_char(b.start, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS start, coalesce(v.free, 0) AS free, coalesce(v.paid, 0) AS paid
       FROM b LEFT JOIN v ON v.start = b.start
       ORDER BY b.start`,
      [entryId, bucket, from, limit],
    );
    return rows.map((r) => ({ start: r.start, free: r.free, paid: r.paid, voided: 0 }));
  }
}
