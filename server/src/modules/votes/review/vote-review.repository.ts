import { Injectable } from '@nestjs/common';
import { sql, type ExpressionBuilder, type NotNull } from 'kysely';
import { VOTE_FLAG_KINDS, type VoteFlagKind } from '#contract/votes/constants.js';
import type { NetworkBlockCount } from '#contract/votes/answers.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { currentContestId, queryBuilder as db, unnest } from '#server/infra/database/query-builder.js';
import type { DB } from '#server/infra/database/schema.js';
import type { EntryVoteStats, VoteFlag } from './vote-flag-rules.js';
import { inRound } from '../intake/votes.repository.js';

/** What one read of the window gives; the baseline is added from hourly counts. */
export type WindowStats = Omit<EntryVoteStats, 'before' | 'baselineSeconds'>;

/** A running contest as the scoring needs it. */
export interface RunningContest {
  id: number;
  startDate: Date;
}

export interface FlagRow {
  entry_id: number;
  kind: VoteFlagKind;
  detail: string;
  votes: number;
  since: Date;
  last_seen: Date;
  username: string;
  first_name: string;
  last_name: string;
  group_number: number | null;
  current_contest_votes: number;
  paid_votes: number;
}

export interface ReviewRow {
  entry_id: number;
  created_at: Date;
  removed: number;
  reason: string;
}

export interface VoidTarget {
  entryId: number;
  profileId: number;
  contestId: number;
}

/** count(*) as a number (PostgreSQL's bigint would come back as a string). */
const countAll = sql<number>`count(*)::int`;

/** A free vote (alias `v`) that no void row names: not voided yet. */
const notVoided = ({ not, exists, selectFrom }: ExpressionBuilder<DB & { v: DB['votes'] }, 'v'>) =>
  not(exists(selectFrom('votes as x').select(sql.lit(1).as('one')).whereRef('x.reverses', '=', 'v.id')));

/** A flag's kind as stored: only saveFlags writes the column, with the rules' kinds (no CHECK keeps it to them). */
const isFlagKind = (kind: string): kind is VoteFlagKind => (VOTE_FLAG_KINDS as readonly string[]).includes(kind);

/** Suspicious-vote review: the scoring's reads, its flags, and voids with their records. */
@Injectable()
export class VoteReviewRepository extends BaseRepository {
  /** Each later statement of the caller's transaction is cancelled after `ms` (PostgreSQL's statement_timeout, for this transaction only). */
  @GenerateSql({ params: [15_000] })
  async limitStatementTime(ms: number): Promise<void> {
    await this.rows(
      this.db.selectNoFrom((eb) =>
        eb.fn<string>('set_config', [sql.lit('statement_timeout'), eb.val(`${Math.round(ms)}ms`), sql.lit(true)]).as('statement_timeout'),
      ),
    );
  }

  /**
   * Claims the scoring of `slot` in the caller's transaction: false when another worker scored it (or
   * is scoring it: this waits for its transaction). Slots older than a day are let go on the way.
   */
  @GenerateSql({ params: [new Date('2026-01-01T12:00:00Z')] })
  async claimScoring(slot: Date): Promise<boolean> {
    await this.run(this.db.deleteFrom('vote_scorings').where('slot', '<', sql<Date>`${slot}::timestamptz - interval '1 day'`));
    const claimed = await this.rows(
      this.db
        .insertInto('vote_scorings')
        .values({ slot })
        .onConflict((oc) => oc.doNothing())
        .returning('slot'),
    );
    return claimed.length > 0;
  }

  /** Flags still held at `freshAfter` or later are seen at `at` too: what a skipped scoring keeps in force. */
  @GenerateSql({ params: [new Date('2026-01-01T12:00:00Z'), new Date('2026-01-01T11:50:00Z')] })
  async keepFlags(at: Date, freshAfter: Date): Promise<void> {
    await this.run(this.db.updateTable('vote_flags').set({ last_seen: at }).where('last_seen', '>=', freshAfter).where('last_seen', '<', at));
  }

  /** The current contest when it is running at `at`. */
  @GenerateSql({ params: [new Date('2026-01-01T12:00:00Z')] })
  async runningContest(at: Date): Promise<RunningContest | null> {
    const row = await this.first(
      this.db
        .selectFrom('contests')
        .select(['id', 'start_date'])
        .where('id', '=', currentContestId())
        .where('start_date', '<=', at)
        .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>', at)])),
    );
    return row ? { id: row.id, startDate: row.start_date } : null;
  }

  /** The contest's entries flagged at a scoring after `after`. */
  @GenerateSql({ params: [1, new Date('2026-01-01T11:50:00Z')] })
  async flaggedEntries(contestId: number, after: Date): Promise<number[]> {
    const rows = await this.rows(
      this.db.selectFrom('vote_flags').select('entry_id').distinct().where('contest_id', '=', contestId).where('last_seen', '>', after),
    );
    return rows.map((r) => r.entry_id);
  }

  /** The current contest's id; null when no contest is current. */
  @GenerateSql()
  async currentContestId(): Promise<number | null> {
    return (await this.first(currentContestId()))?.id ?? null;
  }

  @GenerateSql({ params: [1] })
  async contestExists(contestId: number): Promise<boolean> {
    return (await this.first(this.db.selectFrom('contests').select('id').where('id', '=', contestId))) !== undefined;
  }

  /**
   * Each entry's free votes of the window (voided ones left out) for the entries with at least
   * `minVotes` of them in (windowStart, end], in one pass over the contest's ledger by its
   * (contest_id, created_at) index, reading the window and the one before it (from `previousStart`)
   * only: counts, the busiest block, the votes of networks that are new in the window (not seen in
   * the window before) and voted for this entry only, and the spread of the gaps between votes.
   * Hashes are grouped by their first 16 hex digits (64 bits: collisions do not matter to a count),
   * which keeps the rows narrow.
   */
  @GenerateSql({ params: [1, new Date('2026-01-01T11:40:00Z'), new Date('2026-01-01T11:50:00Z'), new Date('2026-01-01T12:00:00Z'), 20] })
  async entryStats(contestId: number, previousStart: Date, windowStart: Date, end: Date, minVotes: number): Promise<WindowStats[]> {
    const rows = await this.rows(
      this.db
        .with(
          (cte) => cte('r').materialized(),
          (db) =>
            db
              .selectFrom('votes as v')
              .select((eb) => [
                'v.entry_id',
                eb.fn<string | null>('left', ['v.network_hash', sql.lit(16)]).as('net'),
                eb.fn<string | null>('left', ['v.block_hash', sql.lit(16)]).as('block'),
                'v.created_at',
                eb('v.created_at', '>', windowStart).as('recent'),
              ])
              .where('v.contest_id', '=', contestId)
              .where('v.kind', '=', sql.lit('free'))
              .where('v.created_at', '>', previousStart)
              .where('v.created_at', '<=', end)
              .where(notVoided),
        )
        // The entries with enough votes in the window; only theirs are scored.
        .with('counts', (db) =>
          db
            .selectFrom('r')
            .select((eb) => ['entry_id', countAll.as('recent'), eb.fn.min('created_at').as('first_at')])
            .where((eb) => eb.ref('recent'))
            .groupBy('entry_id')
            .having((eb) => eb(eb.fn.countAll(), '>=', minVotes)),
        )
        .with('w', (db) =>
          db
            .selectFrom('r')
            .innerJoin('counts', 'counts.entry_id', 'r.entry_id')
            .selectAll('r')
            .where((eb) => eb.ref('r.recent')),
        )
        .with('blocks', (db) =>
          db
            .selectFrom((eb) =>
              eb
                .selectFrom('w')
                .select((w) => ['entry_id', w.fn.countAll().as('n')])
                .where('block', 'is not', null)
                .groupBy(['entry_id', 'block'])
                .as('t'),
            )
            .select((eb) => ['t.entry_id', eb.cast<number>(eb.fn.max('t.n'), 'integer').as('n')])
            .groupBy('t.entry_id'),
        )
        // A network new in the window (none of its votes before it) whose votes all went to one entry.
        .with('new_nets', (db) =>
          db
            .selectFrom('r')
            .select((eb) => [eb.fn.min('entry_id').as('entry_id'), eb.fn.countAll().as('n')])
            .where('net', 'is not', null)
            .groupBy('net')
            .having((eb) => eb.and([eb(eb.fn.min('entry_id'), '=', eb.fn.max('entry_id')), eb(eb.fn.min('created_at'), '>', windowStart)])),
        )
        .with('loyal', (db) =>
          db
            .selectFrom('new_nets')
            .select((eb) => ['entry_id', eb.cast<number>(eb.fn.sum('n'), 'integer').as('n')])
            .groupBy('entry_id'),
        )
        .with('gaps', (db) =>
          db
            .selectFrom('w')
            .select((eb) => [
              'entry_id',
              sql<number | null>`extract(epoch FROM ${sql.ref('created_at')} - ${eb.fn
                .agg<Date | null>('lag', ['created_at'])
                .over((ob) => ob.partitionBy('entry_id').orderBy('created_at'))})`.as('gap'),
            ]),
        )
        .with('regular', (db) =>
          db
            .selectFrom('gaps')
            .select((eb) => [
              'entry_id',
              eb.cast<number | null>(eb.fn.avg('gap'), 'float8').as('mean'),
              eb.cast<number | null>(eb.fn.agg('stddev_pop', ['gap']), 'float8').as('sd'),
            ])
            .where('gap', 'is not', null)
            .groupBy('entry_id'),
        )
        .selectFrom('counts as c')
        .leftJoin('blocks as b', 'b.entry_id', 'c.entry_id')
        .leftJoin('loyal as l', 'l.entry_id', 'c.entry_id')
        .leftJoin('regular as g', 'g.entry_id', 'c.entry_id')
        .select((eb) => [
          'c.entry_id',
          'c.recent',
          'c.first_at',
          eb.fn.coalesce('b.n', sql.lit(0)).as('block_votes'),
          eb.fn.coalesce('l.n', sql.lit(0)).as('new_voter_votes'),
          'g.mean',
          'g.sd',
        ]),
    );
    return rows.map((r) => ({
      entryId: r.entry_id,
      recent: r.recent,
      firstAt: r.first_at,
      topBlockVotes: r.block_votes,
      newVoterVotes: r.new_voter_votes,
      meanGapSeconds: r.mean,
      sdGapSeconds: r.sd,
    }));
  }

  /** Each entry's free votes (voided ones left out) cast in [from, to): one hour of the rate rule's baseline. */
  @GenerateSql({ params: [1, new Date('2026-01-01T10:00:00Z'), new Date('2026-01-01T11:00:00Z')] })
  async freeVotesPerEntry(contestId: number, from: Date, to: Date): Promise<Map<number, number>> {
    const rows = await this.rows(
      this.db
        .selectFrom('votes as v')
        .select(['v.entry_id', countAll.as('n')])
        .where('v.contest_id', '=', contestId)
        .where('v.kind', '=', sql.lit('free'))
        .where('v.created_at', '>=', from)
        .where('v.created_at', '<', to)
        .where(notVoided)
        .groupBy('v.entry_id'),
    );
    return new Map(rows.map((r) => [r.entry_id, r.n]));
  }

  /**
   * The scoring's findings at `at`: each (entry, rule) row is written or refreshed; a flag seen again
   * after `freshAfter` keeps its `since` (the same episode), an older one starts a new episode at `since`.
   */
  @GenerateSql({
    params: [
      1,
      [{ entryId: 1, kind: 'rate', detail: '120 votes in 10 minutes, 8x the usual rate', votes: 120, since: new Date('2026-01-01T11:52:00Z') }],
      new Date('2026-01-01T12:00:00Z'),
      new Date('2026-01-01T11:35:00Z'),
    ],
  })
  async saveFlags(contestId: number, flags: readonly (VoteFlag & { entryId: number; since: Date })[], at: Date, freshAfter: Date): Promise<void> {
    if (!flags.length) return;
    const found = unnest('t', {
      entry_id: ['int', flags.map((f) => f.entryId)],
      kind: ['text', flags.map((f) => f.kind)],
      detail: ['text', flags.map((f) => f.detail)],
      votes: ['int', flags.map((f) => f.votes)],
      since: ['timestamptz', flags.map((f) => f.since)],
    });
    await this.run(
      this.db
        .insertInto('vote_flags')
        .columns(['entry_id', 'kind', 'contest_id', 'detail', 'votes', 'since', 'last_seen'])
        .expression(
          db
            .selectFrom(found)
            .innerJoin('contest_entries as ce', 'ce.id', 't.entry_id')
            .select([
              't.entry_id',
              't.kind',
              sql<number>`${contestId}::int`.as('contest_id'),
              't.detail',
              't.votes',
              't.since',
              sql<Date>`${at}::timestamptz`.as('last_seen'),
            ]),
        )
        .onConflict((oc) =>
          oc
            .columns(['entry_id', 'kind'])
            .doUpdateSet((eb) => ({
              detail: eb.ref('excluded.detail'),
              votes: eb.ref('excluded.votes'),
              last_seen: eb.ref('excluded.last_seen'),
              since: eb.case().when('vote_flags.last_seen', '>=', freshAfter).then(eb.ref('vote_flags.since')).else(eb.ref('excluded.since')).end(),
            }))
            // A scoring of an older slot (late or repeated) never takes a flag back in time.
            .whereRef('vote_flags.last_seen', '<=', 'excluded.last_seen'),
        ),
    );
  }

  /** The contest's flags seen after `seenAfter`, with their entries, the most recently seen first. */
  @GenerateSql({ params: [1, new Date('2026-01-01T00:00:00Z')] })
  async flags(contestId: number, seenAfter: Date): Promise<FlagRow[]> {
    const rows = await this.rows(
      this.db
        .selectFrom('vote_flags as f')
        .innerJoin('contest_entries as ce', 'ce.id', 'f.entry_id')
        .innerJoin('contestant_profiles as p', 'p.id', 'ce.profile_id')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .leftJoin('groups as g', 'g.id', 'ce.group_id')
        .select([
          'f.entry_id',
          'f.kind',
          'f.detail',
          'f.votes',
          'f.since',
          'f.last_seen',
          'u.username',
          'u.first_name',
          'u.last_name',
          'g.group_number',
          'ce.current_contest_votes',
          'ce.paid_votes',
        ])
        .where('f.contest_id', '=', contestId)
        .where('f.last_seen', '>', seenAfter)
        .orderBy('f.last_seen', 'desc')
        .orderBy('f.entry_id')
        .orderBy('f.kind'),
    );
    return rows.flatMap((r) => (isFlagKind(r.kind) ? [{ ...r, kind: r.kind }] : []));
  }

  /** Each entry's busiest network blocks (free votes not voided, since `from`), at most `limit` each. */
  @GenerateSql({ params: [[1, 2], new Date('2026-01-01T00:00:00Z'), 5] })
  async topBlocks(entryIds: readonly number[], from: Date, limit: number): Promise<Map<number, NetworkBlockCount[]>> {
    const rows = await this.rows(
      this.db
        .selectFrom((eb) =>
          eb
            .selectFrom('votes as v')
            .select((v) => [
              'v.entry_id',
              'v.block_hash',
              countAll.as('n'),
              v
                .cast<number>(
                  v.fn.agg('row_number').over((ob) => ob.partitionBy('v.entry_id').orderBy(v.fn.countAll(), 'desc').orderBy('v.block_hash')),
                  'integer',
                )
                .as('rank'),
            ])
            .where((v) => v('v.entry_id', '=', v.fn.any(v.val([...entryIds]))))
            .where('v.kind', '=', sql.lit('free'))
            .where('v.created_at', '>=', from)
            .where('v.block_hash', 'is not', null)
            .where(notVoided)
            .groupBy(['v.entry_id', 'v.block_hash'])
            .as('t'),
        )
        .select(['t.entry_id', 't.block_hash', 't.n'])
        .where('t.rank', '<=', limit)
        .orderBy('t.entry_id')
        .orderBy('t.n', 'desc')
        // The blocks counted are those of votes with a block (IS NOT NULL above).
        .$narrowType<{ block_hash: NotNull }>(),
    );
    const byEntry = new Map<number, NetworkBlockCount[]>();
    for (const r of rows) byEntry.set(r.entry_id, [...(byEntry.get(r.entry_id) ?? []), { network_hash: r.block_hash, votes: r.n }]);
    return byEntry;
  }

  @GenerateSql({ params: [[1, 2]] })
  async reviewsOfEntries(entryIds: readonly number[]): Promise<ReviewRow[]> {
    return this.rows(
      this.db
        .selectFrom('vote_reviews')
        .select(['entry_id', 'created_at', 'removed', 'reason'])
        .where((eb) => eb('entry_id', '=', eb.fn.any(eb.val([...entryIds]))))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc'),
    );
  }

  /** A profile's voids, newest first. */
  @GenerateSql({ params: [1, 20] })
  async reviewsOfProfile(profileId: number, limit: number): Promise<ReviewRow[]> {
    return this.rows(
      this.db
        .selectFrom('vote_reviews')
        .select(['entry_id', 'created_at', 'removed', 'reason'])
        .where('profile_id', '=', profileId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit),
    );
  }

  @GenerateSql({ params: [1] })
  async voidTarget(entryId: number): Promise<VoidTarget | null> {
    const row = await this.first(this.db.selectFrom('contest_entries').select(['profile_id', 'contest_id']).where('id', '=', entryId));
    return row ? { entryId, profileId: row.profile_id, contestId: row.contest_id } : null;
  }

  /**
   * An entry's free votes in [from, to) (of one network or block when given) that are not voided yet,
   * voided: a 'void' row each (weight -1, dated like the vote, naming it), and the counters lowered by
   * as many, in one statement: the profile's by all, the entry's by those dated in its current round
   * (inRound; a vote of a round before a cut that restarted the votes is no longer in its count). A
   * vote is voided at most once (the unique index on `reverses`). Answers how many votes it voided.
   */
  @GenerateSql(
    {
      name: 'every network',
      params: [{ entryId: 1, profileId: 1, contestId: 1 }, new Date('2026-01-01T11:00:00Z'), new Date('2026-01-01T12:00:00Z'), null],
    },
    {
      name: 'one network',
      params: [{ entryId: 1, profileId: 1, contestId: 1 }, new Date('2026-01-01T11:00:00Z'), new Date('2026-01-01T12:00:00Z'), 'a'.repeat(64)],
    },
  )
  async voidVotes(target: VoidTarget, from: Date, to: Date, network: string | null): Promise<number> {
    const row = await this.first(
      this.db
        .with('ins', (db) =>
          db
            .insertInto('votes')
            .columns([
              'id',
              'profile_id',
              'entry_id',
              'contest_id',
              'group_id',
              'voter_hash',
              'user_id',
              'kind',
              'weight',
              'created_at',
              'network_hash',
              'block_hash',
              'reverses',
            ])
            .expression(
              db
                .selectFrom('votes as v')
                .select([
                  sql<string>`gen_random_uuid()`.as('id'),
                  'v.profile_id',
                  'v.entry_id',
                  'v.contest_id',
                  'v.group_id',
                  'v.voter_hash',
                  'v.user_id',
                  sql.lit('void').as('kind'),
                  sql.lit(-1).as('weight'),
                  'v.created_at',
                  'v.network_hash',
                  'v.block_hash',
                  'v.id as reverses',
                ])
                .where('v.entry_id', '=', target.entryId)
                .where('v.kind', '=', sql.lit('free'))
                .where('v.created_at', '>=', from)
                .where('v.created_at', '<', to)
                .$if(network !== null, (q) => q.where((eb) => eb.or([eb('v.network_hash', '=', network), eb('v.block_hash', '=', network)])))
                .where(notVoided),
            )
            .onConflict((oc) => oc.doNothing())
            .returning('created_at'),
        )
        // How many were voided, and of those how many count in the entry's current round.
        .with('n', (db) =>
          db
            .selectFrom('ins')
            .crossJoin((eb) => eb.selectFrom('contest_entries').select('round_started_at').where('id', '=', target.entryId).as('ce'))
            .select((eb) => [countAll.as('n'), eb.cast<number>(eb.fn.countAll().filterWhere(inRound('ins', 'ce')), 'integer').as('round')]),
        )
        .with('e', (db) =>
          db
            .updateTable('contest_entries as ce')
            .from('n')
            .set((eb) => ({ current_contest_votes: eb('ce.current_contest_votes', '-', eb.ref('n.round')) }))
            .where('ce.id', '=', target.entryId)
            .where('n.round', '>', 0)
            .returning('ce.id'),
        )
        .with('p', (db) =>
          db
            .updateTable('contestant_profiles as cp')
            .from('n')
            .set((eb) => ({ total_votes: eb('cp.total_votes', '-', eb.ref('n.n')) }))
            .where('cp.id', '=', target.profileId)
            .where('n.n', '>', 0)
            .returning('cp.id'),
        )
        .selectFrom('n')
        .select((eb) => ['n.n', eb.selectFrom('e').select(countAll.as('n')).as('entries'), eb.selectFrom('p').select(countAll.as('n')).as('profiles')]),
    );
    return row?.n ?? 0;
  }

  @GenerateSql({
    params: [
      { entryId: 1, profileId: 1, contestId: 1 },
      { from: new Date('2026-01-01T11:00:00Z'), to: new Date('2026-01-01T12:00:00Z'), network: null, reason: 'One network block', removed: 40, actorId: 1 },
    ],
  })
  async insertReview(target: VoidTarget, v: { from: Date; to: Date; network: string | null; reason: string; removed: number; actorId: number }): Promise<Date> {
    const row = await this.first(
      this.db
        .insertInto('vote_reviews')
        .values({
          entry_id: target.entryId,
          profile_id: target.profileId,
          contest_id: target.contestId,
          from_at: v.from,
          to_at: v.to,
          network_hash: v.network,
          reason: v.reason,
          removed: v.removed,
          actor_id: v.actorId,
        })
        .returning('created_at'),
    );
    return row!.created_at;
  }
}
