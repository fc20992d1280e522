import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CastVotePayload } from '../../infra/queue/jobs.js';

/** A contestant as a vote needs it: the profile, the current contest and the entry in it. */
export interface VoteTarget {
  profileId: number;
  username: string;
  contest: { id: number; startDate: Date; endDate: Date | null } | null;
  entry: { id: number; groupId: number; isEliminated: boolean } | null;
}

export interface RecordedVote {
  /** False when the ledger already had the vote (a redelivered job): nothing was counted. */
  inserted: boolean;
  entryVotes: number;
  totalVotes: number;
}

interface TargetRow {
  profile_id: number;
  username: string;
  contest_id: number | null;
  start_date: Date | null;
  end_date: Date | null;
  entry_id: number | null;
  group_id: number | null;
  is_eliminated: boolean | null;
}

/**
 * The ledger row and both counters in one statement, so one round trip and one commit (a
 * statement is a transaction of its own): the counters move only when the row was inserted.
 * The entry is updated before the profile in every vote, so two votes never lock them crosswise.
 */
const RECORD_VOTE = `
  WITH ins AS (
    INSERT INTO votes (id, profile_id, entry_id, contest_id, group_id, voter_hash, user_id, kind, created_at)
    -- A voter whose account was deleted since voting is recorded as a visitor, not failed on the foreign key.
    SELECT $1, $2, $3, $4, $5, $6, (SELECT id FROM users WHERE id = $7::int), $8, $9
    WHERE EXISTS (SELECT 1 FROM contest_entries WHERE id = $3)
    ON CONFLICT (id) DO NOTHING
    RETURNING entry_id, profile_id),
  e AS (
    UPDATE contest_entries SET current_contest_votes = current_contest_votes + 1
    WHERE id = (SELECT entry_id FROM ins) RETURNING current_contest_votes),
  p AS (
    UPDATE contestant_profiles SET total_votes = total_votes + 1
    WHERE id = (SELECT profile_id FROM ins) RETURNING total_votes)
  SELECT (SELECT current_contest_votes FROM e) AS entry_votes, (SELECT total_votes FROM p) AS total_votes`;

/** The vote ledger and counters, and the lookup the vote call starts with. */
@Injectable()
export class VotesRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** One query: the profile by username (any letter case), the current contest and the profile's entry in it. */
  async findTarget(username: string): Promise<VoteTarget | null> {
    const rows: TargetRow[] = await this.ds.query(
      `SELECT p.id AS profile_id, u.username, c.id AS contest_id, c.start_date, c.end_date,
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
      contest: r.contest_id === null ? null : { id: r.contest_id, startDate: r.start_date!, endDate: r.end_date },
      entry: r.entry_id === null ? null : { id: r.entry_id, groupId: r.group_id!, isEliminated: r.is_eliminated! },
    };
  }

  /**
   * Idempotent on the vote id: a second delivery of the same vote inserts nothing and counts
   * nothing, and answers the counts as they are. Null when the entry is gone (contest or
   * contestant deleted since): nothing to count.
   */
  async record(vote: CastVotePayload): Promise<RecordedVote | null> {
    const [row]: { entry_votes: number | null; total_votes: number | null }[] = await this.ds.query(RECORD_VOTE, [
      vote.voteId,
      vote.profileId,
      vote.entryId,
      vote.contestId,
      vote.groupId,
      vote.voterHash,
      vote.userId,
      vote.kind,
      vote.castAt,
    ]);
    if (row.entry_votes !== null && row.total_votes !== null) return { inserted: true, entryVotes: row.entry_votes, totalVotes: row.total_votes };
    const rows: { current_contest_votes: number; total_votes: number }[] = await this.ds.query(
      'SELECT e.current_contest_votes, p.total_votes FROM contest_entries e JOIN contestant_profiles p ON p.id = e.profile_id WHERE e.id = $1',
      [vote.entryId],
    );
    return rows.length ? { inserted: false, entryVotes: rows[0].current_contest_votes, totalVotes: rows[0].total_votes } : null;
  }
}
