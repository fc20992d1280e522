// The bench's data, written straight into the cluster's database: one current contest with
// S.groups groups of S.perGroup verified contestants.
import { S } from './settings.mjs';

export async function seed(pool, tag) {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    const {
      rows: [contest],
    } = await c.query(
      `INSERT INTO contests (name, description, start_date, end_date, is_active, is_current)
       VALUES ('Benchmark contest', 'npm run bench', now() - interval '1 hour', now() + interval '7 days', true, true) RETURNING id`,
    );
    const { rows: groups } = await c.query(
      `INSERT INTO groups (contest_id, group_number, current_contestants_count)
       SELECT $1, n, $3 FROM generate_series(1, $2) AS n RETURNING id, group_number`,
      [contest.id, S.groups, S.perGroup],
    );
    groups.sort((a, b) => a.group_number - b.group_number);
    const total = S.groups * S.perGroup;
    const { rows: users } = await c.query(
      `INSERT INTO users (username, email, password_hash, first_name, last_name, is_competitor, is_verified)
       SELECT 'bench_' || $1 || '_' || n, 'bench_' || $1 || '_' || n || '@example.com', 'not-a-hash', 'Bench' || n, 'Fan' || n, true, true
       FROM generate_series(1, $2) AS n RETURNING id, username`,
      [tag, total],
    );
    users.sort((a, b) => a.id - b.id);
    const { rows: profiles } = await c.query(
      `INSERT INTO contestant_profiles (user_id, category) SELECT unnest($1::int[]), 'Scream Queens' RETURNING id, user_id`,
      [users.map((u) => u.id)],
    );
    const profileOf = new Map(profiles.map((p) => [p.user_id, p.id]));
    const groupOf = users.map((_, i) => groups[Math.floor(i / S.perGroup)].id);
    await c.query(
      `INSERT INTO contest_entries (user_id, profile_id, contest_id, group_id)
       SELECT u, p, $3, g FROM unnest($1::int[], $2::int[], $4::int[]) AS t(u, p, g)`,
      [users.map((u) => u.id), users.map((u) => profileOf.get(u.id)), contest.id, groupOf],
    );
    await c.query('COMMIT');
    return {
      contestId: contest.id,
      groupIds: groups.map((g) => g.id),
      contestants: users.map((u, i) => ({ username: u.username, groupId: groupOf[i], profileId: profileOf.get(u.id) })),
    };
  } catch (err) {
    await c.query('ROLLBACK');
    throw err;
  } finally {
    c.release();
  }
}
