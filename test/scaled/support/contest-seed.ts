// A current, running contest with contestants placed in groups, written straight into the
// cluster's database (the votes path is under test here, not joining).
import { randomBytes } from 'node:crypto';
import type pg from 'pg';

export interface SeededContestant {
  username: string;
  userId: number;
  profileId: number;
  entryId: number;
  groupId: number;
}

export interface SeededContest {
  contestId: number;
  groupIds: number[];
  contestants: SeededContestant[];
}

/** `contestants` verified contestants spread round-robin over `groups` groups of a contest that started an hour ago. */
export async function seedContest(pool: pg.Pool, { contestants = 3, groups = 1 } = {}): Promise<SeededContest> {
  const tag = randomBytes(3).toString('hex');
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const contest = await client.query(
      `INSERT INTO contests (name, description, start_date, end_date, is_active, is_current)
       VALUES ($1, 'Scaled-mode test contest', now() - interval '1 hour', now() + interval '7 days', true, true) RETURNING id`,
      [`Scaled ${tag}`],
    );
    const contestId: number = contest.rows[0].id;
    const groupRows = await client.query(
      `INSERT INTO groups (contest_id, group_number, current_contestants_count)
       SELECT $1, n, 0 FROM generate_series(1, $2) AS n RETURNING id, group_number`,
      [contestId, groups],
    );
    const groupIds: number[] = groupRows.rows.sort((a, b) => a.group_number - b.group_number).map((r) => r.id);
    const users = await client.query(
      `INSERT INTO users (username, email, password_hash, first_name, last_name, is_competitor, is_verified)
       SELECT 'sc_' || $1 || '_' || n, 'sc_' || $1 || '_' || n || '@example.com', 'not-a-hash', 'First' || n, 'Last' || n, true, true
       FROM generate_series(1, $2) AS n RETURNING id, username`,
      [tag, contestants],
    );
    const seeded: SeededContestant[] = [];
    for (const [i, u] of users.rows.sort((a, b) => a.id - b.id).entries()) {
      const profile = await client.query(`INSERT INTO contestant_profiles (user_id, category) VALUES ($1, 'Scream Queens') RETURNING id`, [u.id]);
      const groupId = groupIds[i % groupIds.length];
      const entry = await client.query(`INSERT INTO contest_entries (user_id, profile_id, contest_id, group_id) VALUES ($1, $2, $3, $4) RETURNING id`, [
        u.id,
        profile.rows[0].id,
        contestId,
        groupId,
      ]);
      await client.query('UPDATE groups SET current_contestants_count = current_contestants_count + 1 WHERE id = $1', [groupId]);
      seeded.push({ username: u.username, userId: u.id, profileId: profile.rows[0].id, entryId: entry.rows[0].id, groupId });
    }
    await client.query('COMMIT');
    return { contestId, groupIds, contestants: seeded };
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}

export interface CountedVotes {
  current_contest_votes: number;
  total_votes: number;
}

/** The stored counters of one contestant: its entry's and its profile's. */
export async function countedVotes(pool: pg.Pool, c: SeededContestant): Promise<CountedVotes> {
  const { rows } = await pool.query(
    `SELECT e.current_contest_votes, p.total_votes FROM contest_entries e JOIN contestant_profiles p ON p.id = e.profile_id WHERE e.id = $1`,
    [c.entryId],
  );
  return rows[0];
}

/** The sum of every entry's counter in the contest. */
export async function contestTotal(pool: pg.Pool, contestId: number): Promise<number> {
  const { rows } = await pool.query('SELECT coalesce(sum(current_contest_votes), 0)::int AS total FROM contest_entries WHERE contest_id = $1', [contestId]);
  return rows[0].total;
}
