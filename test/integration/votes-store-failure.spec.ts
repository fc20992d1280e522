// A voter answered 503 because their vote could not be stored holds no 24-hour slot: once the
// database takes writes again, their retry is counted. The database is made to refuse the vote's job
// and any release of a slot (triggers raising as a database shutting down does), then restored.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { eventually, loopbackAddress, requestFrom } from '../helpers/source-address.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

describe('free votes when the vote cannot be stored', () => {
  let t: TestServer;
  let star: TestAccount;

  const vote = (from: string) => requestFrom(`${t.api}/contestants/${star.username}/vote`, 'POST', { from });
  const check = (from: string) => requestFrom(`${t.api}/contestants/${star.username}/vote-check/`, 'GET', { from });
  const ledger = async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM votes WHERE profile_id = $1', [star.profileId])).rows[0].n as number;

  beforeAll(async () => {
    t = await startTestServer();
    const contest = await insertContest(t, { name: 'Outage Cup', isCurrent: true });
    [star] = await createAccounts(t, 'outage', 1);
    expect((await join(t, star, contest)).status).toBe(201);
    await t.db.pool.query(`
      CREATE FUNCTION refuse_while_down() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'the database system is shutting down' USING ERRCODE = '57P01';
      END $$`);
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  });

  it('should answer 503 to voters whose job and slot release both failed, and count each one when they try again', async () => {
    const voters = Array.from({ length: 6 }, (_, i) => loopbackAddress(i, 11));
    // Earlier, a vote that was stored: its voter keeps the slot throughout.
    expect((await vote(loopbackAddress(100, 11))).status).toBe(201);
    await t.db.pool.query('CREATE TRIGGER jobs_down BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION refuse_while_down()');
    await t.db.pool.query('CREATE TRIGGER claims_down BEFORE DELETE ON vote_claims FOR EACH ROW EXECUTE FUNCTION refuse_while_down()');

    const refused = await Promise.all(voters.map(vote));
    expect(refused.map((r) => r.status)).toEqual(voters.map(() => 503));
    // Nobody who was refused holds a slot, though the database could not delete any.
    expect((await Promise.all(voters.map(check))).map((r) => r.body)).toEqual(voters.map(() => ({ hasVoted: false, next_vote_at: null, refusal: null })));

    // The database is back.
    await t.db.pool.query('DROP TRIGGER jobs_down ON jobs');
    await t.db.pool.query('DROP TRIGGER claims_down ON vote_claims');
    const retried = await Promise.all(voters.map(vote));
    expect(retried.map((r) => r.status)).toEqual(voters.map(() => 201));
    await eventually('every vote counted', ledger, (n) => n === voters.length + 1, 20_000);
    // Counted once each: a third try is the day's second vote.
    expect((await vote(voters[0])).status).toBe(403);
    expect((await vote(loopbackAddress(100, 11))).status).toBe(403);
  });
});
