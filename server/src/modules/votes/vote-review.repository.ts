import { Injectable } from '@nestjs/common';
import type { NetworkBlockCount } from '#contract/votes/answers.js';
import type { VoteFlagKind } from '#contract/votes/constants.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import type { EntryVoteStats, VoteFlag } from './vote-flag-rules.js';
import { ROUND_ROW } from './votes.repository.js';

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

/**
 * Each entry's free votes of the window (voided ones left out), in one pass over the contest's ledger
 * by its (contest_id, created_at) index, reading the window and the one before it only: counts, the
 * busiest block, the votes of networks that are new in the window (not seen in the window before) and
 * voted for this entry only, and the spread of the gaps between votes. Hashes are grouped by their
 * first 16 hex digits (64 bits: collisions do not matter to a count), which keeps the rows narrow.
 * $1 contest, $2 the window before's start, $3 window start, $4 window end, $5 the fewest votes worth scoring.
 */
const ENTRY_STATS = `
  WITH r AS MATERIALIZED (
    SELECT v.entry_id, left(v.network_hash, 16) AS net, left(v.block_hash, 16) AS block, v.created_at, v.created_at > $3 AS recent
    FROM votes v
    WHERE v.contest_id = $1 AND v.kind = 'free' AND v.created_at > $2 AND v.created_at <= $4
      AND NOT EXISTS (SELECT 1 FROM votes x WHERE x.reverses = v.id)),
  counts AS (
    SELECT entry_id, count(*)::int AS recent, min(created_at) AS first_at
    FROM r WHERE recent GROUP BY entry_id HAVING count(*) >= $5),
  w AS (SELECT r.* FROM r JOIN counts USING (entry_id) WHERE r.recent),
  blocks AS (
    SELECT entry_id, max(n)::int AS n FROM (SELECT entry_id, count(*) AS n FROM w WHERE block IS NOT NULL GROUP BY entry_id, block) t GROUP BY entry_id),
  new_nets AS (
    SELECT min(entry_id) AS entry_id, count(*) AS n FROM r WHERE net IS NOT NULL GROUP BY net
    HAVING min(entry_id) = max(entry_id) AND min(created_at) > $3),
  loyal AS (SELECT entry_id, sum(n)::int AS n FROM new_nets GROUP BY entry_id),
  gaps AS (SELECT entry_id, extract(epoch FROM created_at - lag(created_at) OVER (PARTITION BY entry_id ORDER BY created_at)) AS gap FROM w),
  regular AS (SELECT entry_id, avg(gap)::float8 AS mean, stddev_pop(gap)::float8 AS sd FROM gaps WHERE gap IS NOT NULL GROUP BY entry_id)
  SELECT c.entry_id, c.recent, c.first_at, coalesce(b.n, 0) AS block_votes, coalesce(l.n, 0) AS new_voter_votes, g.mean, g.sd
  FROM counts c LEFT JOIN blocks b USING (entry_id) LEFT JOIN loyal l USING (entry_id) LEFT JOIN regular g USING (entry_id)`;

/**
 * An entry's free votes in [from, to) (of one network or block when given) that are not voided yet,
 * voided: a 'void' row each (weight -1, dated like the vote, naming it), and the counters lowered by
 * as many, in one statement: the profile's by all, the entry's by those dated in its current round
 * (ROUND_ROW; a vote of a round before a cut that restarted the votes is no longer in its count). A vote is voided at most once (the unique index on `reverses`).
 * $1 entry, $2 from, $3 to, $4 network or block hash or null, $5 the entry's profile.
 */
const VOID_VOTES = `
  WITH ins AS (
    INSERT INTO votes (id, profile_id, entry_id, contest_id, group_id, voter_hash, user_id, kind, weight, created_at, network_hash, block_hash, reverses)
    SELECT gen_random_uuid(), v.profile_id, v.entry_id, v.contest_id, v.group_id, v.voter_hash, v.user_id, 'void', -1, v.created_at, v.network_hash, v.block_hash, v.id
    FROM votes v
    WHERE v.entry_id = $1 AND v.kind = 'free' AND v.created_at >= $2 AND v.created_at < $3
      AND ($4::text IS NULL OR v.network_hash = $4 OR v.block_hash = $4)
      AND NOT EXISTS (SELECT 1 FROM votes x WHERE x.reverses = v.id)
    ON CONFLICT DO NOTHING
    RETURNING created_at),
  n AS (
    SELECT count(*)::int AS n, (count(*) FILTER (WHERE ${ROUND_ROW('ins', 'ce')}))::int AS round
    FROM ins CROSS JOIN (SELECT round_started_at FROM contest_entries WHERE id = $1) ce),
  e AS (UPDATE contest_entries ce SET current_contest_votes = ce.current_contest_votes - n.round FROM n WHERE ce.id = $1 AND n.round > 0 RETURNING ce.id),
  p AS (UPDATE contestant_profiles cp SET total_votes = cp.total_votes - n.n FROM n WHERE cp.id = $5 AND n.n > 0 RETURNING cp.id)
  SELECT n.n, (SELECT count(*) FROM e)::int AS entries, (SELECT count(*) FROM p)::int AS profiles FROM n`;

/** Suspicious-vote review: the scoring's reads, its flags, and voids with their records. */
@Injectable()
export class VoteReviewRepository extends BaseRepository {
  /** Each later statement of the caller's transaction is cancelled after `ms` (PostgreSQL's statement_timeout, for this transaction only). */
  async limitStatementTime(ms: number): Promise<void> {
    await this.em.query(`SELECT set_config('statement_timeout', $1, true)`, [`${Math.round(ms)}ms`]);
  }

  /**
   * Claims the scoring of `slot` in the caller's transaction: false when another worker scored it (or
   * is scoring it: this waits for its transaction). Slots older than a day are let go on the way.
   */
  async claimScoring(slot: Date): Promise<boolean> {
    await this.em.query(`DELETE FROM vote_scorings WHERE slot < $1::timestamptz - interval '1 day'`, [slot]);
    const rows: unknown[] = await this.em.query('INSERT INTO vote_scorings (slot) VALUES ($1) ON CONFLICT DO NOTHING RETURNING slot', [slot]);
    return rows.length > 0;
  }

  /** Flags still held at `freshAfter` or later are seen at `at` too: what a skipped scoring keeps in force. */
  async keepFlags(at: Date, freshAfter: Date): Promise<void> {
    await this.em.query('UPDATE vote_flags SET last_seen = $1 WHERE last_seen >= $2 AND last_seen < $1', [at, freshAfter]);
  }

  /** The current contest when it is running at `at`. */
  async runningContest(at: Date): Promise<RunningContest | null> {
    const rows: { id: number; start_date: Date }[] = await this.em.query(
      `SELECT id, start_date FROM contests WHERE is_current AND start_date <= $1 AND (end_date IS NULL OR end_date > $1)`,
      [at],
    );
    return rows[0] ? { id: rows[0].id, startDate: rows[0].start_date } : null;
  }

  /** The contest's entries flagged at a scoring after `after`. */
  async flaggedEntries(contestId: number, after: Date): Promise<number[]> {
    const rows: { entry_id: number }[] = await this.em.query('SELECT DISTINCT entry_id FROM vote_flags WHERE contest_id = $1 AND last_seen > $2', [
      contestId,
      after,
    ]);
    return rows.map((r) => r.entry_id);
  }

  async currentContestId(): Promise<number | null> {
    const rows: { id: number }[] = await this.em.query('SELECT id FROM contests WHERE is_current');
    return rows[0]?.id ?? null;
  }

  async contestExists(contestId: number): Promise<boolean> {
    const rows: unknown[] = await this.em.query('SELECT 1 FROM contests WHERE id = $1', [contestId]);
    return rows.length > 0;
  }

  /** ENTRY_STATS for the entries with at least `minVotes` free votes in (windowStart, end]; the window before starts at `previousStart`. */
  async entryStats(contestId: number, previousStart: Date, windowStart: Date, end: Date, minVotes: number): Promise<WindowStats[]> {
    const rows: {
      entry_id: number;
      recent: number;
      first_at: Date;
      block_votes: number;
      new_voter_votes: number;
      mean: number | null;
      sd: number | null;
    }[] = await this.em.query(ENTRY_STATS, [contestId, previousStart, windowStart, end, minVotes]);
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
  async freeVotesPerEntry(contestId: number, from: Date, to: Date): Promise<Map<number, number>> {
    const rows: { entry_id: number; n: number }[] = await this.em.query(
      `SELECT v.entry_id, count(*)::int AS n FROM votes v
       WHERE v.contest_id = $1 AND v.kind = 'free' AND v.created_at >= $2 AND v.created_at < $3
         AND NOT EXISTS (SELECT 1 FROM votes x WHERE x.reverses = v.id)
       GROUP BY v.entry_id`,
      [contestId, from, to],
    );
    return new Map(rows.map((r) => [r.entry_id, r.n]));
  }

  /**
   * The scoring's findings at `at`: each (entry, rule) row is written or refreshed; a flag seen again
   * after `freshAfter` keeps its `since` (the same episode), an older one starts a new episode at `since`.
   */
  async saveFlags(contestId: number, flags: readonly (VoteFlag & { entryId: number; since: Date })[], at: Date, freshAfter: Date): Promise<void> {
    if (!flags.length) return;
    await this.em.query(
      `INSERT INTO vote_flags (entry_id, kind, contest_id, detail, votes, since, last_seen)
       SELECT t.entry_id, t.kind, $1, t.detail, t.votes, t.since, $2
       FROM unnest($3::int[], $4::text[], $5::text[], $6::int[], $7::timestamptz[]) AS t(entry_id, kind, detail, votes, since)
       JOIN contest_entries ce ON ce.id = t.entry_id
       ON CONFLICT (entry_id, kind) DO UPDATE SET
         detail = EXCLUDED.detail, votes = EXCLUDED.votes, last_seen = EXCLUDED.last_seen,
         since = CASE WHEN vote_flags.last_seen >= $8 THEN vote_flags.since ELSE EXCLUDED.since END
       -- A scoring of an older slot (late or repeated) never takes a flag back in time.
       WHERE vote_flags.last_seen <= EXCLUDED.last_seen`,
      [
        contestId,
        at,
        flags.map((f) => f.entryId),
        flags.map((f) => f.kind),
        flags.map((f) => f.detail),
        flags.map((f) => f.votes),
        flags.map((f) => f.since),
        freshAfter,
      ],
    );
  }

  /** The contest's flags seen after `seenAfter`, with their entries, the most recently seen first. */
  async flags(contestId: number, seenAfter: Date): Promise<FlagRow[]> {
    return this.em.query(
      `SELECT f.entry_id, f.kind, f.detail, f.votes, f.since, f.last_seen, u.username, u.first_name, u.last_name,
              g.group_number, ce.current_contest_votes, ce.paid_votes
       FROM vote_flags f
       JOIN contest_entries ce ON ce.id = f.entry_id
       JOIN contestant_profiles p ON p.id = ce.profile_id
       JOIN users u ON u.id = p.user_id
       LEFT JOIN groups g ON g.id = ce.group_id
       WHERE f.contest_id = $1 AND f.last_seen > $2
       ORDER BY f.last_seen DESC, f.entry_id, f.kind`,
      [contestId, seenAfter],
    );
  }

  /** Each entry's busiest network blocks (free votes not voided, since `from`), at most `limit` each. */
  async topBlocks(entryIds: readonly number[], from: Date, limit: number): Promise<Map<number, NetworkBlockCount[]>> {
    const rows: { entry_id: number; block_hash: string; n: number }[] = await this.em.query(
      `SELECT entry_id, block_hash, n FROM (
         SELECT v.entry_id, v.block_hash, count(*)::int AS n,
                row_number() OVER (PARTITION BY v.entry_id ORDER BY count(*) DESC, v.block_hash) AS rank
         FROM votes v
         WHERE v.entry_id = ANY($1::int[]) AND v.kind = 'free' AND v.created_at >= $2 AND v.block_hash IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM votes x WHERE x.reverses = v.id)
         GROUP BY v.entry_id, v.block_hash) t
       WHERE rank <= $3 ORDER BY entry_id, n DESC`,
      [entryIds, from, limit],
    );
    const byEntry = new Map<number, NetworkBlockCount[]>();
    for (const r of rows) byEntry.set(r.entry_id, [...(byEntry.get(r.entry_id) ?? []), { network_hash: r.block_hash, votes: r.n }]);
    return byEntry;
  }

  async reviewsOfEntries(entryIds: readonly number[]): Promise<ReviewRow[]> {
    return this.em.query('SELECT entry_id, created_at, removed, reason FROM vote_reviews WHERE entry_id = ANY($1::int[]) ORDER BY created_at DESC, id DESC', [
      entryIds,
    ]);
  }

  /** A profile's voids, newest first. */
  async reviewsOfProfile(profileId: number, limit: number): Promise<ReviewRow[]> {
    return this.em.query('SELECT entry_id, created_at, removed, reason FROM vote_reviews WHERE profile_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2', [
      profileId,
      limit,
    ]);
  }

  async voidTarget(entryId: number): Promise<VoidTarget | null> {
    const rows: { profile_id: number; contest_id: number }[] = await this.em.query('SELECT profile_id, contest_id FROM contest_entries WHERE id = $1', [
      entryId,
    ]);
    return rows[0] ? { entryId, profileId: rows[0].profile_id, contestId: rows[0].contest_id } : null;
  }

  /** VOID_VOTES: how many votes it voided. */
  async voidVotes(target: VoidTarget, from: Date, to: Date, network: string | null): Promise<number> {
    const rows: { n: number }[] = await this.em.query(VOID_VOTES, [target.entryId, from, to, network, target.profileId]);
    return rows[0].n;
  }

  async insertReview(target: VoidTarget, v: { from: Date; to: Date; network: string | null; reason: string; removed: number; actorId: number }): Promise<Date> {
    const rows: { created_at: Date }[] = await this.em.query(
      `INSERT INTO vote_reviews (entry_id, profile_id, contest_id, from_at, to_at, network_hash, reason, removed, actor_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING created_at`,
      [target.entryId, target.profileId, target.contestId, v.from, v.to, v.network, v.reason, v.removed, v.actorId],
    );
    return rows[0].created_at;
  }
}
