// A vote answered as counted is counted exactly once (docs/product.md#free-votes), through a crash and a
// restart (one-process mode: the jobs are rows in PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { eventually, loopbackAddress, requestFrom } from '../helpers/source-address.js';
import { createTestDatabase, startTestServer, type TestDatabase, type TestServer } from '../helpers/test-app.js';

describe('free votes across a crash', () => {
  let db: TestDatabase;
  let t: TestServer;
  let star: TestAccount;

  beforeAll(async () => {
    db = await createTestDatabase();
    t = await startTestServer({}, { db });
    const contest = await insertContest(t, { name: 'Crash Cup', isCurrent: true });
    [star] = await createAccounts(t, 'crash', 1);
    expect((await join(t, star, contest)).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await db.drop();
  });

  it('should count every vote it answered counted exactly once after the server is killed and restarted', async () => {
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) => requestFrom(`${t.api}/contestants/${star.username}/vote`, 'POST', { from: loopbackAddress(i, 3) })),
    );
    const accepted = answers.filter((a) => a.status === 201).map((a) => a.body.vote_id as string);
    expect(accepted).toHaveLength(150);
    await t.crash(); // some votes are still queued, maybe one batch in the middle of being counted

    t = await startTestServer({}, { db, dataDir: t.dataDir });
    // Jobs the dead process held run again once their lease (10 s) lapses.
    const counted = await eventually(
      'every accepted vote to be counted',
      async () => (await db.pool.query('SELECT id::text FROM votes WHERE profile_id = $1', [star.profileId])).rows.map((r) => r.id as string),
      (ids) => ids.length >= accepted.length,
      60_000,
    );
    expect(new Set(counted)).toEqual(new Set(accepted));
    const { rows } = await db.pool.query(
      'SELECT p.total_votes, e.current_contest_votes FROM contestant_profiles p JOIN contest_entries e ON e.profile_id = p.id WHERE p.id = $1',
      [star.profileId],
    );
    expect(rows[0]).toEqual({ total_votes: 150, current_contest_votes: 150 });
    await eventually(
      'the job table to empty',
      async () => (await db.pool.query("SELECT count(*)::int AS n FROM jobs WHERE name <> 'watch-contests' AND run_at <= now()")).rows[0].n,
      (n) => n === 0,
    );
  }, 120_000);
});
