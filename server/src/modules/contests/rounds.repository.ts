import { Injectable } from '@nestjs/common';
import type { NamedWinner } from '#contract/contests/answers.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
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

/**
 * The contestants still in the race ranked by the ledger as of $2: the weights of each entry's rows
 * dated before $2 and at or after its round_started_at (null: the contest's start), the rows the
 * entry's counter holds, less those dated at or after $2. Read by the (contest_id, created_at) index.
 */
const RANKED_SQL = (partition: string) => `
  WITH v AS (
    SELECT v.entry_id, sum(v.weight)::int AS n
    FROM votes v JOIN contest_entries e ON e.id = v.entry_id
    WHERE v.contest_id = $1 AND v.created_at < $2 AND (e.round_started_at IS NULL OR v.created_at >= e.round_started_at)
    GROUP BY v.entry_id)
  SELECT e.id AS entry_id, e.user_id, u.username, e.group_id, g.group_number, coalesce(v.n, 0) AS votes,
         rank() OVER (${partition} ORDER BY coalesce(v.n, 0) DESC)::int AS rank
  FROM contest_entries e JOIN users u ON u.id = e.user_id JOIN groups g ON g.id = e.group_id LEFT JOIN v ON v.entry_id = e.id
  WHERE e.contest_id = $1 AND NOT e.is_eliminated
  ORDER BY g.group_number, rank, e.joined_at, e.id`;

/**
 * A closed round ranked as it was: the entries in it (still in the race, or eliminated in it or a later
 * round: $4) by the ledger's weights dated before its end ($2) and, when votes restarted, at or after its
 * start ($3; null: the contest's start). `cut_here`: eliminated by this round's cut ($5).
 */
const RANKED_CLOSED_SQL = (partition: string) => `
  WITH v AS (
    SELECT entry_id, sum(weight)::int AS n FROM votes
    WHERE contest_id = $1 AND created_at < $2 AND ($3::timestamptz IS NULL OR created_at >= $3)
    GROUP BY entry_id)
  SELECT e.id AS entry_id, e.user_id, u.username, e.group_id, g.group_number, coalesce(v.n, 0) AS votes,
         rank() OVER (${partition} ORDER BY coalesce(v.n, 0) DESC)::int AS rank,
         coalesce(e.eliminated_in_round = $5, false) AS cut_here
  FROM contest_entries e JOIN users u ON u.id = e.user_id JOIN groups g ON g.id = e.group_id LEFT JOIN v ON v.entry_id = e.id
  WHERE e.contest_id = $1 AND (NOT e.is_eliminated OR e.eliminated_in_round = ANY($4::int[]))
  ORDER BY g.group_number, rank, e.joined_at, e.id`;

/**
 * A new round's count for every entry of the contest ($1), from $2 on: the ledger's weights dated at
 * or after it, and of them the paid ones. A void or a refund is dated like the vote it takes back,
 * so the rows of the rounds before stay out of the new count whenever they are written.
 */
const RESTART_SQL = `
  UPDATE contest_entries e
  SET round_started_at = $2, current_contest_votes = coalesce(s.n, 0), paid_votes = coalesce(s.paid, 0)
  FROM contest_entries x
  LEFT JOIN (
    SELECT entry_id, sum(weight)::int AS n, (coalesce(sum(weight) FILTER (WHERE kind = 'paid'), 0))::int AS paid
    FROM votes WHERE contest_id = $1 AND created_at >= $2 GROUP BY entry_id) s ON s.entry_id = x.id
  WHERE x.id = e.id AND e.contest_id = $1
  RETURNING e.group_id`;

/** The contestants still in the race ranked by their counters (the votes of their round counted so far). */
const COUNTED_SQL = (partition: string) => `
  SELECT e.id AS entry_id, e.user_id, u.username, e.group_id, g.group_number, e.current_contest_votes AS votes,
         rank() OVER (${partition} ORDER BY e.current_contest_votes DESC)::int AS rank
  FROM contest_entries e JOIN users u ON u.id = e.user_id JOIN groups g ON g.id = e.group_id
  WHERE e.contest_id = $1 AND NOT e.is_eliminated
  ORDER BY g.group_number, rank, e.joined_at, e.id`;

/** Contest rounds, and the cuts' reads and writes of entries, in the open transaction. */
@Injectable()
export class RoundsRepository extends BaseRepository {
  /** The rounds of these contests, by contest, each list in order. */
  async ofContests(contestIds: readonly number[]): Promise<Map<number, ContestRoundEntity[]>> {
    const byContest = new Map<number, ContestRoundEntity[]>(contestIds.map((id) => [id, []]));
    if (!contestIds.length) return byContest;
    const rows = await this.repo(ContestRoundEntity)
      .createQueryBuilder('r')
      .where('r.contest_id = ANY(:ids)', { ids: [...contestIds] })
      .orderBy('r.contest_id')
      .addOrderBy('r.position')
      .getMany();
    for (const row of rows) byContest.get(row.contestId)?.push(row);
    return byContest;
  }

  findById(id: number): Promise<ContestRoundEntity | null> {
    return this.repo(ContestRoundEntity).findOneBy({ id });
  }

  /** SELECT ... FOR UPDATE: a cut and an edit of the same round run one after the other. */
  lockById(id: number): Promise<ContestRoundEntity | null> {
    return this.repo(ContestRoundEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * Makes the contest's open rounds these, from `fromPosition` on (the closed ones before it stay):
   * each position's row is updated in place (its id kept), new positions are added, and positions
   * beyond the list removed. Answers the rounds as stored, in order.
   */
  async replaceOpen(contestId: number, fromPosition: number, rounds: readonly RoundValues[]): Promise<ContestRoundEntity[]> {
    const repo = this.repo(ContestRoundEntity);
    const last = fromPosition + rounds.length - 1;
    await this.em.query('DELETE FROM contest_rounds WHERE contest_id = $1 AND position > $2 AND closed_at IS NULL', [contestId, last]);
    for (const [i, round] of rounds.entries()) {
      const position = fromPosition + i;
      const existing = await repo.findOneBy({ contestId, position });
      if (existing) await repo.update({ id: existing.id }, { ...round });
      else await repo.insert({ contestId, position, ...round });
    }
    return (await this.ofContests([contestId])).get(contestId) ?? [];
  }

  /** Whether a cut of the contest has run (a closed round): joining is over then. */
  async anyClosed(contestId: number): Promise<boolean> {
    const rows: unknown[] = await this.em.query('SELECT 1 FROM contest_rounds WHERE contest_id = $1 AND closed_at IS NOT NULL LIMIT 1', [contestId]);
    return rows.length > 0;
  }

  /** Every round not closed yet (the cuts still to run), soonest first. */
  open(): Promise<ContestRoundEntity[]> {
    return this.repo(ContestRoundEntity).createQueryBuilder('r').where('r.closed_at IS NULL').orderBy('r.ends_at').addOrderBy('r.id').getMany();
  }

  /**
   * The contestants still in the race ranked by their counters now (the round's votes counted so far):
   * cheap enough to repeat every few minutes, where the ledger's sum over a busy contest is not.
   */
  rankedNow(contestId: number, perGroup: boolean): Promise<RankedEntry[]> {
    return this.em.query(COUNTED_SQL(perGroup ? 'PARTITION BY e.group_id' : ''), [contestId]);
  }

  /** The contestants still in the race, ranked within their group (`perGroup`) or within the contest, by their votes dated before `asOf`. */
  ranked(contestId: number, perGroup: boolean, asOf: Date): Promise<RankedEntry[]> {
    return this.em.query(RANKED_SQL(perGroup ? 'PARTITION BY e.group_id' : ''), [contestId, asOf]);
  }

  /**
   * A closed round ranked as it was (RANKED_CLOSED_SQL): its entries, by their votes dated from `from`
   * (null: the contest's start) to its end; `cut_here` marks those its cut eliminated.
   */
  rankedClosed(
    contestId: number,
    perGroup: boolean,
    round: Pick<ContestRoundEntity, 'id' | 'endsAt'>,
    from: Date | null,
    roundsFromThisOn: readonly number[],
  ): Promise<(RankedEntry & { cut_here: boolean })[]> {
    return this.em.query(RANKED_CLOSED_SQL(perGroup ? 'PARTITION BY e.group_id' : ''), [contestId, round.endsAt, from, [...roundsFromThisOn], round.id]);
  }

  /**
   * Locks these entries in id order, as a counting transaction does, so a cut and a count wait for
   * each other rather than deadlock.
   */
  private async lockInIdOrder(entryIds: readonly number[]): Promise<void> {
    await this.em.query('SELECT id FROM contest_entries WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [[...entryIds]]);
  }

  /**
   * Locks every entry of the contest in id order (a subset locked later waits for nothing): taken
   * before a cut's writes when it restarts the votes, so no count runs between it and the new count.
   */
  async lockContestEntries(contestId: number): Promise<void> {
    await this.em.query('SELECT id FROM contest_entries WHERE contest_id = $1 ORDER BY id FOR UPDATE', [contestId]);
  }

  /** Every entry of the contest starts a new count at `from` (RESTART_SQL); the caller holds their locks (lockContestEntries). Answers the groups whose counts changed. */
  async restartVotes(contestId: number, from: Date): Promise<number[]> {
    const rows: { group_id: number }[] = await this.em.query(RESTART_SQL, [contestId, from]);
    return [...new Set(rows.map((r) => r.group_id))];
  }

  /** Eliminates these entries for the round's cut (entries already eliminated stay as they were). */
  async eliminateInRound(roundId: number, entryIds: readonly number[]): Promise<CutEntry[]> {
    if (!entryIds.length) return [];
    await this.lockInIdOrder(entryIds);
    return this.em.query(
      `WITH cut AS (
         UPDATE contest_entries SET is_eliminated = true, eliminated_in_round = $1
         WHERE id = ANY($2::int[]) AND NOT is_eliminated
         RETURNING id, user_id, group_id)
       SELECT cut.id AS entry_id, u.username, cut.group_id FROM cut JOIN users u ON u.id = cut.user_id ORDER BY cut.id`,
      [roundId, [...entryIds]],
    );
  }

  /**
   * Stores which of the contest's entries in the race are below the cut line now (`below`; the rest
   * are not) and answers the entries that were above it at the last look and are below it now: the
   * ones that dropped. Entries never looked at before (null) drop nothing. The changed entries are
   * locked in id order, as a count locks them.
   */
  async markBelowCut(contestId: number, below: ReadonlySet<number>): Promise<number[]> {
    const rows: { id: number; below_cut: boolean | null }[] = await this.em.query(
      'SELECT id, below_cut FROM contest_entries WHERE contest_id = $1 AND NOT is_eliminated',
      [contestId],
    );
    const changed = rows.filter((r) => r.below_cut !== below.has(r.id));
    if (!changed.length) return [];
    await this.lockInIdOrder(changed.map((r) => r.id));
    await this.em.query('UPDATE contest_entries e SET below_cut = c.below FROM unnest($1::int[], $2::boolean[]) AS c (id, below) WHERE e.id = c.id', [
      changed.map((r) => r.id),
      changed.map((r) => below.has(r.id)),
    ]);
    return changed.filter((r) => r.below_cut === false && below.has(r.id)).map((r) => r.id);
  }

  /** The votes each of the contest's entries got between two times (the ledger's, voids included), by entry. */
  async votesBetween(contestId: number, from: Date, to: Date): Promise<Map<number, number>> {
    const rows: { entry_id: number; votes: number }[] = await this.em.query(
      `SELECT entry_id, sum(weight)::int AS votes FROM votes WHERE contest_id = $1 AND created_at >= $2 AND created_at < $3 GROUP BY entry_id`,
      [contestId, from, to],
    );
    return new Map(rows.map((r) => [r.entry_id, r.votes]));
  }

  /** The winners named in these contests, by contest, by place then name. */
  async winnersOf(contestIds: readonly number[]): Promise<Map<number, NamedWinner[]>> {
    const byContest = new Map<number, NamedWinner[]>(contestIds.map((id) => [id, []]));
    if (!contestIds.length) return byContest;
    const rows: (NamedWinner & { contest_id: number })[] = await this.em.query(
      `SELECT e.contest_id, e.winner_place AS place, e.id AS entry_id, u.username, u.first_name, u.last_name, p.pictures_urls[1] AS picture_url
       FROM contest_entries e JOIN users u ON u.id = e.user_id JOIN contestant_profiles p ON p.id = e.profile_id
       WHERE e.contest_id = ANY($1::int[]) AND e.winner_place IS NOT NULL
       ORDER BY e.winner_place, u.username`,
      [[...contestIds]],
    );
    for (const { contest_id, ...winner } of rows) byContest.get(contest_id)?.push(winner);
    return byContest;
  }

  /** Stores the winners' places. */
  async setWinnerPlaces(places: readonly { entryId: number; place: number }[]): Promise<void> {
    if (!places.length) return;
    await this.lockInIdOrder(places.map((p) => p.entryId));
    await this.em.query(
      `UPDATE contest_entries e SET winner_place = w.place FROM unnest($1::int[], $2::int[]) AS w (entry_id, place) WHERE e.id = w.entry_id`,
      [places.map((p) => p.entryId), places.map((p) => p.place)],
    );
  }

  /** Closes the round once: answers false when it was closed already. */
  async close(roundId: number): Promise<boolean> {
    const rows: unknown[] = await this.em.query(
      'WITH closed AS (UPDATE contest_rounds SET closed_at = now() WHERE id = $1 AND closed_at IS NULL RETURNING id) SELECT id FROM closed',
      [roundId],
    );
    return rows.length > 0;
  }
}
