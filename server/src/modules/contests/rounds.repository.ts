import { Injectable } from '@nestjs/common';
import { sql, type Expression, type NotNull, type Selectable } from 'kysely';
import type { NamedWinner } from '#contract/contests/answers.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { queryBuilder as db, unnest } from '#server/infra/database/query-builder.js';
import { rankByVotesSql } from '#server/infra/database/ranking-sql.js';
import type { ContestRounds } from '#server/infra/database/schema.js';
import { ContestRoundEntity } from './entities/contest-round.entity.js';

export type RoundValues = Pick<ContestRoundEntity, 'name' | 'endsAt' | 'advancePerGroup' | 'advanceTotal'>;

/** A contestant still in the race, ranked for a cut: within their group, or within the contest. */
export interface RankedEntry {
  entry_id: number;
  user_id: number;
  username: string;
  group_id: number;
  group_number: number;
  /** The ledger's votes of the entry's current count (since its round_started_at) dated before the time ranked at. */
  votes: number;
  /** Standard competition rank (1, 1, 3) by votes: tied entries share it. */
  rank: number;
}

/** An entry a cut eliminated, as its live event names it. */
export interface CutEntry {
  entry_id: number;
  username: string;
  group_id: number;
}

const toRound = (r: Selectable<ContestRounds>): ContestRoundEntity => ({
  id: r.id,
  contestId: r.contest_id,
  position: r.position,
  name: r.name,
  endsAt: r.ends_at,
  advancePerGroup: r.advance_per_group,
  advanceTotal: r.advance_total,
  closedAt: r.closed_at,
});

/** A cut ranks within each group (`perGroup`) or over the whole contest. */
const partitionOf = (perGroup: boolean) => (perGroup ? sql.ref('e.group_id') : null);

/** sum(weight) as a number (PostgreSQL's bigint would come back as a string). */
const sumWeight = (column: string) => sql<number>`sum(${sql.ref(column)})::int`;

/**
 * The contest's entries (alias `e`) with their contestant and group, for the ranked reads: `e` still
 * in the race unless a read widens it.
 */
const entriesWithGroups = (contestId: number) =>
  db
    .selectFrom('contest_entries as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .innerJoin('groups as g', 'g.id', 'e.group_id')
    .where('e.contest_id', '=', contestId);

/** The ranked columns for entries whose votes are `votes`, ranked within `partition`. */
const rankedColumns = (votes: Expression<number>, partition: Expression<unknown> | null) =>
  [
    'e.id as entry_id',
    'e.user_id',
    'u.username',
    'e.group_id',
    'g.group_number',
    sql<number>`${votes}`.as('votes'),
    rankByVotesSql(votes, partition).as('rank'),
  ] as const;

/** Locks these entries in id order, as a counting transaction does, so a cut and a count wait for each other rather than deadlock. */
const lockInIdOrder = (entryIds: readonly number[]) =>
  db
    .selectFrom('contest_entries')
    .select('id')
    .where((eb) => eb('id', '=', eb.fn.any(eb.val([...entryIds]))))
    .orderBy('id')
    .forUpdate();

/** Contest rounds, and the cuts' reads and writes of entries, in the open transaction. */
@Injectable()
export class RoundsRepository extends BaseRepository {
  /** The rounds of these contests, by contest, each list in order. */
  @GenerateSql({ params: [[1, 2]] })
  async ofContests(contestIds: readonly number[]): Promise<Map<number, ContestRoundEntity[]>> {
    const byContest = new Map<number, ContestRoundEntity[]>(contestIds.map((id) => [id, []]));
    if (!contestIds.length) return byContest;
    const rows = await this.rows(
      db
        .selectFrom('contest_rounds')
        .selectAll()
        .where((eb) => eb('contest_id', '=', eb.fn.any(eb.val([...contestIds]))))
        .orderBy('contest_id')
        .orderBy('position'),
    );
    for (const row of rows) byContest.get(row.contest_id)?.push(toRound(row));
    return byContest;
  }

  @GenerateSql({ params: [1] })
  async findById(id: number): Promise<ContestRoundEntity | null> {
    const row = await this.first(db.selectFrom('contest_rounds').selectAll().where('id', '=', id));
    return row ? toRound(row) : null;
  }

  /** SELECT ... FOR UPDATE: a cut and an edit of the same round run one after the other. */
  @GenerateSql({ params: [1] })
  async lockById(id: number): Promise<ContestRoundEntity | null> {
    const row = await this.first(db.selectFrom('contest_rounds').selectAll().where('id', '=', id).forUpdate());
    return row ? toRound(row) : null;
  }

  /**
   * Makes the contest's open rounds these, from `fromPosition` on (the closed ones before it stay):
   * each position's row is updated in place (its id kept), new positions are added, and positions
   * beyond the list removed. Answers the rounds as stored, in order.
   */
  @GenerateSql({
    params: [
      1,
      1,
      [
        { name: 'Heats', endsAt: new Date('2026-03-01T18:00:00Z'), advancePerGroup: 3, advanceTotal: null },
        { name: 'Final', endsAt: new Date('2026-03-08T18:00:00Z'), advancePerGroup: null, advanceTotal: null },
      ],
    ],
  })
  async replaceOpen(contestId: number, fromPosition: number, rounds: readonly RoundValues[]): Promise<ContestRoundEntity[]> {
    const last = fromPosition + rounds.length - 1;
    await this.run(db.deleteFrom('contest_rounds').where('contest_id', '=', contestId).where('position', '>', last).where('closed_at', 'is', null));
    for (const [i, round] of rounds.entries()) {
      const position = fromPosition + i;
      const values = { name: round.name, ends_at: round.endsAt, advance_per_group: round.advancePerGroup, advance_total: round.advanceTotal };
      const existing = await this.first(db.selectFrom('contest_rounds').select('id').where('contest_id', '=', contestId).where('position', '=', position));
      if (existing) await this.run(db.updateTable('contest_rounds').set(values).where('id', '=', existing.id));
      else await this.run(db.insertInto('contest_rounds').values({ contest_id: contestId, position, ...values }));
    }
    return (await this.ofContests([contestId])).get(contestId) ?? [];
  }

  /** Whether a cut of the contest has run (a closed round): joining is over then. */
  @GenerateSql({ params: [1] })
  async anyClosed(contestId: number): Promise<boolean> {
    const row = await this.first(db.selectFrom('contest_rounds').select('id').where('contest_id', '=', contestId).where('closed_at', 'is not', null).limit(1));
    return row !== undefined;
  }

  /** Every round not closed yet (the cuts still to run), soonest first. */
  @GenerateSql()
  async open(): Promise<ContestRoundEntity[]> {
    const rows = await this.rows(db.selectFrom('contest_rounds').selectAll().where('closed_at', 'is', null).orderBy('ends_at').orderBy('id'));
    return rows.map(toRound);
  }

  /**
   * The contestants still in the race ranked by their counters now (the round's votes counted so far):
   * cheap enough to repeat every few minutes, where the ledger's sum over a busy contest is not.
   */
  @GenerateSql({ name: 'per group', params: [1, true] }, { name: 'in the contest', params: [1, false] })
  rankedNow(contestId: number, perGroup: boolean): Promise<RankedEntry[]> {
    return this.rows(
      entriesWithGroups(contestId)
        .select(rankedColumns(sql.ref<number>('e.current_contest_votes'), partitionOf(perGroup)))
        .where((eb) => eb.not(eb.ref('e.is_eliminated')))
        // A withdrawn entry (its account erased) is out of the race.
        .where('e.withdrawn_at', 'is', null)
        .orderBy('g.group_number')
        .orderBy('rank')
        .orderBy('e.joined_at')
        .orderBy('e.id'),
    );
  }

  /**
   * The contestants still in the race, ranked within their group (`perGroup`) or within the contest, by
   * the ledger as of `asOf`: the weights of each entry's rows dated before it and at or after its
   * round_started_at (null: the contest's start), the rows the entry's counter holds, less those dated
   * at or after `asOf`. Read by the (contest_id, created_at) index.
   */
  @GenerateSql(
    { name: 'per group', params: [1, true, new Date('2026-03-01T18:00:00Z')] },
    { name: 'in the contest', params: [1, false, new Date('2026-03-01T18:00:00Z')] },
  )
  ranked(contestId: number, perGroup: boolean, asOf: Date): Promise<RankedEntry[]> {
    const votes = sql<number>`coalesce(${sql.ref('v.n')}, 0)`;
    return this.rows(
      entriesWithGroups(contestId)
        .leftJoin(
          (q) =>
            q
              .selectFrom('votes as v')
              .innerJoin('contest_entries as ve', 've.id', 'v.entry_id')
              .select(['v.entry_id', sumWeight('v.weight').as('n')])
              .where('v.contest_id', '=', contestId)
              .where('v.created_at', '<', asOf)
              .where((eb) => eb.or([eb('ve.round_started_at', 'is', null), eb('v.created_at', '>=', eb.ref('ve.round_started_at'))]))
              .groupBy('v.entry_id')
              .as('v'),
          (join) => join.onRef('v.entry_id', '=', 'e.id'),
        )
        .select(rankedColumns(votes, partitionOf(perGroup)))
        .where((eb) => eb.not(eb.ref('e.is_eliminated')))
        // A withdrawn entry (its account erased) neither goes on nor wins; its votes stay in the totals.
        .where('e.withdrawn_at', 'is', null)
        .orderBy('g.group_number')
        .orderBy('rank')
        .orderBy('e.joined_at')
        .orderBy('e.id'),
    );
  }

  /**
   * A closed round ranked as it was: the entries in it (still in the race, or eliminated in it or a
   * later round: `roundsFromThisOn`) by the ledger's weights dated before its end and, when votes
   * restarted, at or after `from` (null: the contest's start). `cut_here`: eliminated by this round's cut.
   */
  @GenerateSql(
    { name: 'votes carried', params: [1, true, { id: 1, endsAt: new Date('2026-03-01T18:00:00Z') }, null, [1, 2]] },
    { name: 'votes restarted', params: [1, false, { id: 2, endsAt: new Date('2026-03-08T18:00:00Z') }, new Date('2026-03-01T18:00:00Z'), [2]] },
  )
  rankedClosed(
    contestId: number,
    perGroup: boolean,
    round: Pick<ContestRoundEntity, 'id' | 'endsAt'>,
    from: Date | null,
    roundsFromThisOn: readonly number[],
  ): Promise<(RankedEntry & { cut_here: boolean })[]> {
    const votes = sql<number>`coalesce(${sql.ref('v.n')}, 0)`;
    return this.rows(
      entriesWithGroups(contestId)
        .leftJoin(
          (q) =>
            q
              .selectFrom('votes')
              .select(['entry_id', sumWeight('weight').as('n')])
              .where('contest_id', '=', contestId)
              .where('created_at', '<', round.endsAt)
              .$if(from !== null, (w) => w.where('created_at', '>=', from!))
              .groupBy('entry_id')
              .as('v'),
          (join) => join.onRef('v.entry_id', '=', 'e.id'),
        )
        .select(rankedColumns(votes, partitionOf(perGroup)))
        .select(sql<boolean>`coalesce(${sql.ref('e.eliminated_in_round')} = ${round.id}, false)`.as('cut_here'))
        .where((eb) => eb.or([eb.not(eb.ref('e.is_eliminated')), eb('e.eliminated_in_round', '=', eb.fn.any(eb.val([...roundsFromThisOn])))]))
        .orderBy('g.group_number')
        .orderBy('rank')
        .orderBy('e.joined_at')
        .orderBy('e.id'),
    );
  }

  /**
   * Locks every entry of the contest in id order (a subset locked later waits for nothing): taken
   * before a cut's writes when it restarts the votes, so no count runs between it and the new count.
   */
  @GenerateSql({ params: [1] })
  async lockContestEntries(contestId: number): Promise<void> {
    await this.rows(db.selectFrom('contest_entries').select('id').where('contest_id', '=', contestId).orderBy('id').forUpdate());
  }

  /**
   * Every entry of the contest starts a new count at `from`: the ledger's weights dated at or after it,
   * and of them the paid ones. A void or a refund is dated like the vote it takes back, so the rows of
   * the rounds before stay out of the new count whenever they are written. The caller holds the
   * entries' locks (lockContestEntries). Answers the groups whose counts changed.
   */
  @GenerateSql({ params: [1, new Date('2026-03-01T18:00:00Z')] })
  async restartVotes(contestId: number, from: Date): Promise<number[]> {
    const rows = await this.rows(
      db
        .updateTable('contest_entries as e')
        .from('contest_entries as x')
        .leftJoin(
          (q) =>
            q
              .selectFrom('votes')
              .select([
                'entry_id',
                sumWeight('weight').as('n'),
                sql<number>`(coalesce(sum(${sql.ref('weight')}) FILTER (WHERE ${sql.ref('kind')} = 'paid'), 0))::int`.as('paid'),
              ])
              .where('contest_id', '=', contestId)
              .where('created_at', '>=', from)
              .groupBy('entry_id')
              .as('s'),
          (join) => join.onRef('s.entry_id', '=', 'x.id'),
        )
        .set((eb) => ({
          round_started_at: from,
          current_contest_votes: eb.fn.coalesce('s.n', eb.lit(0)),
          paid_votes: eb.fn.coalesce('s.paid', eb.lit(0)),
        }))
        .whereRef('x.id', '=', 'e.id')
        .where('e.contest_id', '=', contestId)
        .returning('e.group_id'),
    );
    return [...new Set(rows.map((r) => r.group_id))];
  }

  /** Eliminates these entries for the round's cut (entries already eliminated stay as they were). */
  @GenerateSql({ params: [1, [1, 2]] })
  async eliminateInRound(roundId: number, entryIds: readonly number[]): Promise<CutEntry[]> {
    if (!entryIds.length) return [];
    await this.rows(lockInIdOrder(entryIds));
    return this.rows(
      db
        .with('cut', (q) =>
          q
            .updateTable('contest_entries')
            .set({ is_eliminated: true, eliminated_in_round: roundId })
            .where((eb) => eb.and([eb('id', '=', eb.fn.any(eb.val([...entryIds]))), eb.not(eb.ref('is_eliminated'))]))
            .returning(['id', 'user_id', 'group_id']),
        )
        .selectFrom('cut')
        .innerJoin('users as u', 'u.id', 'cut.user_id')
        .select(['cut.id as entry_id', 'u.username', 'cut.group_id'])
        .orderBy('cut.id'),
    );
  }

  /**
   * Stores which of the contest's entries in the race are below the cut line now (`belowIds`; the rest
   * are not) and answers the entries that were above it at the last look and are below it now: the
   * ones that dropped. Entries never looked at before (null) drop nothing. The changed entries are
   * locked in id order, as a count locks them.
   */
  @GenerateSql({ params: [1, [1, 2]] })
  async markBelowCut(contestId: number, belowIds: readonly number[]): Promise<number[]> {
    const below = new Set(belowIds);
    const rows = await this.rows(
      db
        .selectFrom('contest_entries')
        .select(['id', 'below_cut'])
        .where('contest_id', '=', contestId)
        .where((eb) => eb.not(eb.ref('is_eliminated'))),
    );
    const changed = rows.filter((r) => r.below_cut !== below.has(r.id));
    if (!changed.length) return [];
    await this.rows(lockInIdOrder(changed.map((r) => r.id)));
    await this.run(
      db
        .updateTable('contest_entries as e')
        .from(unnest('c', { id: ['int', changed.map((r) => r.id)], below: ['boolean', changed.map((r) => below.has(r.id))] }))
        .set((eb) => ({ below_cut: eb.ref('c.below') }))
        .whereRef('e.id', '=', 'c.id'),
    );
    return changed.filter((r) => r.below_cut === false && below.has(r.id)).map((r) => r.id);
  }

  /** The votes each of the contest's entries got between two times (the ledger's, voids included), by entry. */
  @GenerateSql({ params: [1, new Date('2026-03-01T00:00:00Z'), new Date('2026-03-02T00:00:00Z')] })
  async votesBetween(contestId: number, from: Date, to: Date): Promise<Map<number, number>> {
    const rows = await this.rows(
      db
        .selectFrom('votes')
        .select(['entry_id', sumWeight('weight').as('votes')])
        .where('contest_id', '=', contestId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .groupBy('entry_id'),
    );
    return new Map(rows.map((r) => [r.entry_id, r.votes]));
  }

  /** The winners named in these contests, by contest, by place then name. */
  @GenerateSql({ params: [[1, 2]] })
  async winnersOf(contestIds: readonly number[]): Promise<Map<number, NamedWinner[]>> {
    const byContest = new Map<number, NamedWinner[]>(contestIds.map((id) => [id, []]));
    if (!contestIds.length) return byContest;
    const rows = await this.rows(
      db
        .selectFrom('contest_entries as e')
        .innerJoin('users as u', 'u.id', 'e.user_id')
        .innerJoin('contestant_profiles as p', 'p.id', 'e.profile_id')
        .select([
          'e.contest_id',
          'e.winner_place as place',
          'e.id as entry_id',
          'u.username',
          'u.first_name',
          'u.last_name',
          sql<string | null>`${sql.ref('p.pictures_urls')}[1]`.as('picture_url'),
        ])
        .where((eb) => eb.and([eb('e.contest_id', '=', eb.fn.any(eb.val([...contestIds]))), eb('e.winner_place', 'is not', null)]))
        // The filter above keeps only placed entries.
        .$narrowType<{ place: NotNull }>()
        .orderBy('e.winner_place')
        .orderBy('u.username'),
    );
    for (const { contest_id, ...winner } of rows) byContest.get(contest_id)?.push(winner);
    return byContest;
  }

  /** Stores the winners' places. */
  @GenerateSql({
    params: [
      [
        { entryId: 1, place: 1 },
        { entryId: 2, place: 2 },
      ],
    ],
  })
  async setWinnerPlaces(places: readonly { entryId: number; place: number }[]): Promise<void> {
    if (!places.length) return;
    await this.rows(lockInIdOrder(places.map((p) => p.entryId)));
    await this.run(
      db
        .updateTable('contest_entries as e')
        .from(unnest('w', { entry_id: ['int', places.map((p) => p.entryId)], place: ['int', places.map((p) => p.place)] }))
        .set((eb) => ({ winner_place: eb.ref('w.place') }))
        .whereRef('e.id', '=', 'w.entry_id'),
    );
  }

  /** Closes the round once: answers false when it was closed already. */
  @GenerateSql({ params: [1] })
  async close(roundId: number): Promise<boolean> {
    const changed = await this.run(
      db
        .updateTable('contest_rounds')
        .set({ closed_at: sql<Date>`now()` })
        .where('id', '=', roundId)
        .where('closed_at', 'is', null),
    );
    return changed > 0;
  }
}
