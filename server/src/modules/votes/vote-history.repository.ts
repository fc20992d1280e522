import { Injectable } from '@nestjs/common';
import type { ContestantVoteSeries, VotesOverTimePoint } from '#contract/votes/answers.js';
import type { VoteHistoryBucket } from '#contract/votes/constants.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';

/** A public contestant's entry in the current contest, and when that contest began. */
export interface HistoryTarget {
  entryId: number | null;
  contestStart: Date | null;
}

/** A group's contestants (most votes first, at most `limit`) and when the group's contest began. */
export interface GroupHistoryTarget {
  contestStart: Date;
  entries: Omit<ContestantVoteSeries, 'points'>[];
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

  /** The group's contest start and its entries with the most votes (ties: earliest entry first); null: no such group. */
  async groupTarget(groupId: number, limit: number): Promise<GroupHistoryTarget | null> {
    const groups: { start_date: Date }[] = await this.em.query(`SELECT c.start_date FROM groups g JOIN contests c ON c.id = g.contest_id WHERE g.id = $1`, [
      groupId,
    ]);
    if (!groups[0]) return null;
    const entries: { entry_id: number; username: string; display_name: string }[] = await this.em.query(
      `SELECT e.id AS entry_id, u.username, concat_ws(' ', nullif(u.first_name, ''), nullif(u.last_name, '')) AS display_name
       FROM contest_entries e JOIN users u ON u.id = e.user_id
       WHERE e.group_id = $1
       ORDER BY e.current_contest_votes DESC, e.id
       LIMIT $2`,
      [groupId, limit],
    );
    return { contestStart: groups[0].start_date, entries: entries.map((e) => ({ ...e, display_name: e.display_name || e.username })) };
  }

  /**
   * Every `bucket` from `from` to now (UTC, at most `limit` of the latest), with the entry's votes
   * in each: free (voided ones left out) and paid (refunds netted), and the free votes review voided,
   * each where it was cast (a void row carries its vote's time); empty buckets as zeros.
   */
  async series(entryId: number, bucket: VoteHistoryBucket, from: Date, limit: number): Promise<VotesOverTimePoint[]> {
    return (await this.seriesOf([entryId], bucket, from, limit)).get(entryId) ?? [];
  }

  /** `series` for several entries over the same buckets, in one read. */
  async seriesOf(entryIds: number[], bucket: VoteHistoryBucket, from: Date, limit: number): Promise<Map<number, VotesOverTimePoint[]>> {
    const rows: { entry_id: number; start: string; free: number; paid: number; voided: number }[] = entryIds.length
      ? await this.em.query(
          `WITH b AS (
             SELECT generate_series(
                      greatest(date_trunc($2, $3::timestamptz AT TIME ZONE 'UTC'), date_trunc($2, now() AT TIME ZONE 'UTC') - ($4 - 1) * ('1 ' || $2)::interval),
                      date_trunc($2, now() AT TIME ZONE 'UTC'),
                      ('1 ' || $2)::interval) AS start),
           v AS (
             SELECT entry_id,
                    date_trunc($2, created_at AT TIME ZONE 'UTC') AS start,
                    sum(weight) FILTER (WHERE kind IN ('free', 'void'))::int AS free,
                    sum(weight) FILTER (WHERE kind = 'paid')::int AS paid,
                    count(*) FILTER (WHERE kind = 'void')::int AS voided
             FROM votes
             WHERE entry_id = ANY($1::int[]) AND created_at >= (SELECT min(start) FROM b) AT TIME ZONE 'UTC'
             GROUP BY 1, 2)
           SELECT e.id AS entry_id, to_char(b.start, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS start, coalesce(v.free, 0) AS free, coalesce(v.paid, 0) AS paid,
                  coalesce(v.voided, 0) AS voided
           FROM unnest($1::int[]) AS e(id) CROSS JOIN b LEFT JOIN v ON v.entry_id = e.id AND v.start = b.start
           ORDER BY e.id, b.start`,
          [entryIds, bucket, from, limit],
        )
      : [];
    const out = new Map<number, VotesOverTimePoint[]>(entryIds.map((id) => [id, []]));
    for (const r of rows) out.get(r.entry_id)?.push({ start: r.start, free: r.free, paid: r.paid, voided: r.voided });
    return out;
  }
}
