import { Injectable } from '@nestjs/common';
import type { VoteChallengeMode } from '#contract/votes.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import type { PaidCredit } from './paid-votes.types.js';
import type { AcceptedVote } from './vote-job.types.js';

/** A contestant as a vote needs it: the profile, the current contest and the entry in it. */
export interface VoteTarget {
  profileId: number;
  username: string;
  contest: { id: number; startDate: Date; endDate: Date | null; voteChallenge: VoteChallengeMode | null } | null;
  entry: { id: number; groupId: number; isEliminated: boolean } | null;
}

/** An entry's counts as the counting transaction reads them: what the live events and standings carry. */
export interface EntryCountsRow {
  entryId: number;
  groupId: number;
  profileId: number;
  entryVotes: number;
  /** Of entryVotes, the paid ones. */
  entryPaidVotes: number;
  totalVotes: number;
}

interface TargetRow {
  profile_id: number;
  username: string;
  contest_id: number | null;
  start_date: Date | null;
  end_date: Date | null;
  vote_challenge: VoteChallengeMode | null;
  entry_id: number | null;
  group_id: number | null;
  is_eliminated: boolean | null;
}

/**
 * Whether a ledger row (alias `v`) counts in an entry's current count (alias `e`): dated at or after
 * the entry's round_started_at (null: the contest's start, so every row).
 */
export const ROUND_ROW = (v: string, e: string) => `(${e}.round_started_at IS NULL OR ${v}.created_at >= ${e}.round_started_at)`;

/**
 * Locks the batch's entries, then its profiles, each in id order: every batch of every worker takes
 * its locks in that one order, so two batches can wait for each other but never deadlock.
 */
const LOCK_ROWS = `
  WITH e AS (SELECT id FROM contest_entries WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE),
       p AS (SELECT id FROM contestant_profiles WHERE id = ANY($2::int[]) ORDER BY id FOR UPDATE)
  SELECT (SELECT count(*) FROM e) AS entries, (SELECT count(*) FROM p) AS profiles`;

/**
 * The ledger rows and both counters in one statement: only votes whose rows were inserted (not
 * already in the ledger: a redelivered job) are added to the counters. A vote for an entry deleted
 * since it was accepted is dropped; a voter whose account was deleted is recorded as a visitor.
 * The entry's count takes only votes dated at or after its round_started_at (ROUND_ROW): a vote
 * cast before a cut that restarted the votes, counted after it, belongs to the round before.
 */
const RECORD_VOTES = `
  WITH input AS (
    SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::int[], $5::int[], $6::text[], $7::int[], $8::text[], $9::timestamptz[], $10::text[], $11::text[])
      AS t(id, profile_id, entry_id, contest_id, group_id, voter_hash, user_id, kind, created_at, network_hash, block_hash)),
  ins AS (
    INSERT INTO votes (id, profile_id, entry_id, contest_id, group_id, voter_hash, user_id, kind, created_at, network_hash, block_hash)
    SELECT i.id, i.profile_id, i.entry_id, i.contest_id, i.group_id, i.voter_hash, u.id, i.kind, i.created_at, i.network_hash, i.block_hash
    FROM input i JOIN contest_entries ce ON ce.id = i.entry_id LEFT JOIN users u ON u.id = i.user_id
    ON CONFLICT (id) DO NOTHING
    RETURNING entry_id, profile_id, created_at),
  ec AS (
    SELECT ins.entry_id, count(*)::int AS n FROM ins JOIN contest_entries ce ON ce.id = ins.entry_id
    WHERE ${ROUND_ROW('ins', 'ce')} GROUP BY ins.entry_id),
  pc AS (SELECT profile_id, count(*)::int AS n FROM ins GROUP BY profile_id),
  e AS (UPDATE contest_entries ce SET current_contest_votes = ce.current_contest_votes + ec.n FROM ec WHERE ce.id = ec.entry_id RETURNING ce.id),
  p AS (UPDATE contestant_profiles cp SET total_votes = cp.total_votes + pc.n FROM pc WHERE cp.id = pc.profile_id RETURNING cp.id)
  SELECT (SELECT count(*) FROM e)::int AS entries, (SELECT count(*) FROM p)::int AS profiles, (SELECT count(*) FROM ins)::int AS inserted`;

/**
 * A paid credit: one ledger row of kind 'paid' whose id is the payment's id and whose
 * weight is its votes, and the counters (total and paid) moved by that weight, only if the row was
 * inserted. A refund is the same statement with a new row id and the negative weight, dated like the
 * credit it reverses ($5), as a void is: it takes the votes back from the round they counted in.
 * The entry's counters move only for a row dated in its current round (ROUND_ROW).
 */
const RECORD_PAID = `
  WITH ins AS (
    INSERT INTO votes (id, profile_id, entry_id, contest_id, group_id, voter_hash, user_id, kind, weight, created_at)
    SELECT $1::uuid, ce.profile_id, ce.id, ce.contest_id, ce.group_id, NULL, u.id, 'paid', $3::int,
           coalesce((SELECT c.created_at FROM votes c WHERE c.id = $5::uuid), now())
    FROM contest_entries ce LEFT JOIN users u ON u.id = $4::int WHERE ce.id = $2::int
    ON CONFLICT (id) DO NOTHING
    RETURNING entry_id, profile_id, weight, created_at),
  e AS (UPDATE contest_entries ce SET current_contest_votes = ce.current_contest_votes + ins.weight, paid_votes = ce.paid_votes + ins.weight
         FROM ins WHERE ce.id = ins.entry_id AND ${ROUND_ROW('ins', 'ce')} RETURNING ce.id),
  p AS (UPDATE contestant_profiles cp SET total_votes = cp.total_votes + ins.weight, paid_votes = cp.paid_votes + ins.weight
         FROM ins WHERE cp.id = ins.profile_id RETURNING cp.id)
  SELECT (SELECT count(*) FROM ins)::int AS inserted, (SELECT count(*) FROM e)::int AS entries, (SELECT count(*) FROM p)::int AS profiles`;

const COUNTS = `
  SELECT e.id AS "entryId", e.group_id AS "groupId", p.id AS "profileId", e.current_contest_votes AS "entryVotes", e.paid_votes AS "entryPaidVotes", p.total_votes AS "totalVotes"
  FROM contest_entries e JOIN contestant_profiles p ON p.id = e.profile_id WHERE e.id = ANY($1::int[])`;

/**
 * The vote ledger and counters, and the lookup the vote call starts with. The three counting
 * statements run in the counting transaction (count-votes.handler.ts), in this order: lock, record,
 * read the counts.
 */
@Injectable()
export class VotesRepository extends BaseRepository {
  async usernameOfProfile(profileId: number): Promise<string | null> {
    const rows: { username: string }[] = await this.em.query('SELECT u.username FROM contestant_profiles p JOIN users u ON u.id = p.user_id WHERE p.id = $1', [
      profileId,
    ]);
    return rows[0]?.username ?? null;
  }

  /** One query: the profile by username (any letter case), the current contest and the profile's entry in it. */
  async findTarget(username: string): Promise<VoteTarget | null> {
    const rows: TargetRow[] = await this.em.query(
      `SELECT p.id AS profile_id, u.username, c.id AS contest_id, c.start_date, c.end_date, c.vote_challenge,
              e.id AS entry_id, e.group_id, e.is_eliminated
       FROM users u
       JOIN contestant_profiles p ON p.user_id = u.id
       LEFT JOIN contests c ON c.is_current
       LEFT JOIN contest_entries e ON e.contest_id = c.id AND e.profile_id = p.id
       WHERE lower(u.username) = lower($1)`,
      [username],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      profileId: r.profile_id,
      username: r.username,
      contest: r.contest_id === null ? null : { id: r.contest_id, startDate: r.start_date!, endDate: r.end_date, voteChallenge: r.vote_challenge },
      entry: r.entry_id === null ? null : { id: r.entry_id, groupId: r.group_id!, isEliminated: r.is_eliminated! },
    };
  }

  /** Locks the entries, then the profiles, each in id order (LOCK_ROWS): taken first in a counting transaction. */
  async lockInIdOrder(entryIds: readonly number[], profileIds: readonly number[]): Promise<void> {
    await this.em.query(LOCK_ROWS, [entryIds, profileIds]);
  }

  /**
   * Writes the votes to the ledger and adds the newly written ones to the counters, in one
   * statement: a vote already in the ledger (its id is the key) counts nothing again. `votes` holds
   * each vote id once. Answers how many were new to the ledger (a redelivered job's are not).
   */
  async record(votes: readonly AcceptedVote[]): Promise<number> {
    const column = <K extends keyof AcceptedVote>(key: K) => votes.map((v) => v[key]);
    const rows: { inserted: number }[] = await this.em.query(RECORD_VOTES, [
      column('voteId'),
      column('profileId'),
      column('entryId'),
      column('contestId'),
      column('groupId'),
      column('voterHash'),
      column('userId'),
      column('kind'),
      column('castAt'),
      votes.map((v) => v.networkHash ?? null),
      votes.map((v) => v.blockHash ?? null),
    ]);
    return rows[0]?.inserted ?? 0;
  }

  /** Whether any of these votes is in the ledger. */
  async anyRecorded(voteIds: readonly string[]): Promise<boolean> {
    const rows: { found: boolean }[] = await this.em.query('SELECT EXISTS (SELECT 1 FROM votes WHERE id = ANY($1::uuid[])) AS found', [voteIds]);
    return rows[0].found;
  }

  /** Writes a paid credit's ledger row and adds its votes to both counters (RECORD_PAID); false: already in the ledger. */
  async recordPaid(credit: PaidCredit): Promise<boolean> {
    const rows: { inserted: number }[] = await this.em.query(RECORD_PAID, [
      credit.paymentId,
      credit.entryId,
      credit.votes,
      credit.userId,
      credit.reverses ?? null,
    ]);
    return rows[0].inserted > 0;
  }

  /**
   * Whether an entry is eliminated and when its contest ends; null when the entry is gone. `lock`
   * holds the entry row (FOR UPDATE, as LOCK_ROWS does first) until the caller's transaction ends.
   */
  async entryStanding(entryId: number, lock: boolean): Promise<{ isEliminated: boolean; endDate: Date | null } | null> {
    const rows: { is_eliminated: boolean; end_date: Date | null }[] = await this.em.query(
      `SELECT e.is_eliminated, c.end_date FROM contest_entries e JOIN contests c ON c.id = e.contest_id WHERE e.id = $1${lock ? ' FOR UPDATE OF e' : ''}`,
      [entryId],
    );
    const r = rows[0];
    return r ? { isEliminated: r.is_eliminated, endDate: r.end_date } : null;
  }

  /** The entry's profile id, or null when the entry is gone. */
  async entryProfile(entryId: number): Promise<number | null> {
    const rows: { profile_id: number }[] = await this.em.query('SELECT profile_id FROM contest_entries WHERE id = $1', [entryId]);
    return rows[0]?.profile_id ?? null;
  }

  /** The counts of the entries that still exist, as the transaction sees them (absolute, so a repeat only restates them). */
  async entryCounts(entryIds: readonly number[]): Promise<EntryCountsRow[]> {
    return (await this.em.query(COUNTS, [entryIds])) as EntryCountsRow[];
  }
}
