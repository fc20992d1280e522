import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { ContestantVoteSeries, VotesOverTimePoint } from '#contract/votes/answers.js';
import type { VoteHistoryBucket } from '#contract/votes/constants.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { currentContestId, unnest } from '#server/infra/database/query-builder.js';

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
  @GenerateSql({ params: ['Vera'] })
  async target(username: string): Promise<HistoryTarget | null> {
    const row = await this.first(
      this.db
        .selectFrom('users as u')
        .innerJoin('contestant_profiles as p', 'p.user_id', 'u.id')
        .leftJoin('contests as c', (join) => join.on('c.id', '=', currentContestId()))
        .leftJoin('contest_entries as e', (join) => join.onRef('e.contest_id', '=', 'c.id').onRef('e.profile_id', '=', 'p.id'))
        .select(['e.id as entry_id', 'c.start_date'])
        .where((eb) => eb(eb.fn('lower', ['u.username']), '=', eb.fn('lower', [eb.val(username)])))
        .where('u.is_verified', '=', true),
    );
    return row ? { entryId: row.entry_id, contestStart: row.start_date } : null;
  }

  /** The group's contest start and its entries with the most votes (ties: earliest entry first); null: no such group. */
  @GenerateSql({ params: [1, 50] })
  async groupTarget(groupId: number, limit: number): Promise<GroupHistoryTarget | null> {
    const group = await this.first(
      this.db.selectFrom('groups as g').innerJoin('contests as c', 'c.id', 'g.contest_id').select('c.start_date').where('g.id', '=', groupId),
    );
    if (!group) return null;
    const entries = await this.rows(
      this.db
        .selectFrom('contest_entries as e')
        .innerJoin('users as u', 'u.id', 'e.user_id')
        .select((eb) => [
          'e.id as entry_id',
          'u.username',
          // First and last name, the empty ones left out.
          eb
            .fn<string>('concat_ws', [sql.lit(' '), eb.fn('nullif', ['u.first_name', sql.lit('')]), eb.fn('nullif', ['u.last_name', sql.lit('')])])
            .as('display_name'),
        ])
        .where('e.group_id', '=', groupId)
        .orderBy('e.current_contest_votes', 'desc')
        .orderBy('e.id')
        .limit(limit),
    );
    return { contestStart: group.start_date, entries: entries.map((e) => ({ ...e, display_name: e.display_name || e.username })) };
  }

  /**
   * Every `bucket` from `from` to now (UTC, at most `limit` of the latest), with the entry's votes
   * in each: free (voided ones left out) and paid (refunds netted), and the free votes review voided,
   * each where it was cast (a void row carries its vote's time); empty buckets as zeros.
   */
  @GenerateSql({ params: [1, 'hour', new Date('2026-01-01T00:00:00Z'), 168] })
  async series(entryId: number, bucket: VoteHistoryBucket, from: Date, limit: number): Promise<VotesOverTimePoint[]> {
    return (await this.seriesOf([entryId], bucket, from, limit)).get(entryId) ?? [];
  }

  /** `series` for several entries over the same buckets, in one read. */
  @GenerateSql({ params: [[1, 2], 'day', new Date('2026-01-01T00:00:00Z'), 366] })
  async seriesOf(entryIds: number[], bucket: VoteHistoryBucket, from: Date, limit: number): Promise<Map<number, VotesOverTimePoint[]>> {
    const out = new Map<number, VotesOverTimePoint[]>(entryIds.map((id) => [id, []]));
    if (!entryIds.length) return out;
    const step = sql`('1 ' || ${bucket})::interval`;
    /** The start of the bucket holding a moment, in UTC. */
    const bucketOf = (at: unknown) => sql<Date>`date_trunc(${bucket}, ${at} AT TIME ZONE 'UTC')`;
    const rows = await this.rows(
      this.db
        .with('b', (db) =>
          db.selectNoFrom(
            sql<Date>`generate_series(greatest(${bucketOf(sql`${from}::timestamptz`)}, ${bucketOf(sql`now()`)} - (${limit} - 1) * ${step}), ${bucketOf(sql`now()`)}, ${step})`.as(
              'start',
            ),
          ),
        )
        .with('v', (db) =>
          db
            .selectFrom('votes')
            .select((eb) => [
              'entry_id',
              bucketOf(sql.ref('created_at')).as('start'),
              eb.cast<number | null>(eb.fn.sum('weight').filterWhere('kind', 'in', [sql.lit('free'), sql.lit('void')]), 'integer').as('free'),
              eb.cast<number | null>(eb.fn.sum('weight').filterWhere('kind', '=', sql.lit('paid')), 'integer').as('paid'),
              eb.cast<number>(eb.fn.countAll().filterWhere('kind', '=', sql.lit('void')), 'integer').as('voided'),
            ])
            .where((eb) => eb('entry_id', '=', eb.fn.any(eb.val(entryIds))))
            .where((eb) => eb('created_at', '>=', sql<Date>`(${eb.selectFrom('b').select((b) => b.fn.min('b.start').as('start'))}) AT TIME ZONE 'UTC'`))
            .groupBy(['entry_id', 'start']),
        )
        .selectFrom(unnest('e', { id: ['int', entryIds] }))
        .crossJoin('b')
        .leftJoin('v', (join) => join.onRef('v.entry_id', '=', 'e.id').onRef('v.start', '=', 'b.start'))
        .select((eb) => [
          'e.id as entry_id',
          sql<string>`to_char(${sql.ref('b.start')}, 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`.as('start'),
          eb.fn.coalesce('v.free', sql.lit(0)).as('free'),
          eb.fn.coalesce('v.paid', sql.lit(0)).as('paid'),
          eb.fn.coalesce('v.voided', sql.lit(0)).as('voided'),
        ])
        .orderBy('e.id')
        .orderBy('b.start'),
    );
    for (const r of rows) out.get(r.entry_id)?.push({ start: r.start, free: r.free, paid: r.paid, voided: r.voided });
    return out;
  }
}
