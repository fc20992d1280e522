import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ContestantProfile } from '#contract/profiles/answers.js';
import { VOTE_MESSAGES } from '#contract/votes/messages.js';
import { createAccounts, daysFromNow, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { eventually, loopbackAddress, requestFrom } from '../helpers/source-address.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const DAY_MS = 24 * 3600 * 1000;

describe('free votes', () => {
  let t: TestServer;
  let contest: number;

  const vote = (username: string, from: string, token?: string) => requestFrom(`${t.api}/contestants/${username}/vote`, 'POST', { from, token });
  const check = (username: string, from: string, token?: string, slash = '/') =>
    requestFrom(`${t.api}/contestants/${username}/vote-check${slash}`, 'GET', { from, token });
  const stored = async (a: TestAccount) =>
    (
      await t.db.pool.query(
        `SELECT p.total_votes, e.current_contest_votes,
                (SELECT count(*)::int FROM votes v WHERE v.profile_id = p.id) AS ledger
         FROM contestant_profiles p LEFT JOIN contest_entries e ON e.profile_id = p.id AND e.contest_id = $2
         WHERE p.id = $1`,
        [a.profileId, contest],
      )
    ).rows[0] as { total_votes: number; current_contest_votes: number; ledger: number };
  /** Contestants in the current contest. */
  const entrants = async (prefix: string, n: number) => {
    const accounts = await createAccounts(t, prefix, n);
    for (const a of accounts) expect((await join(t, a, contest)).status).toBe(201);
    return accounts;
  };
  /** Accepted votes are counted by the job runner after the answer: wait until the ledger has them all. */
  const settled = (a: TestAccount, expected: number) =>
    eventually(
      `${expected} counted votes for ${a.username}`,
      () => stored(a),
      (s) => s.ledger >= expected,
      20_000,
    );

  beforeAll(async () => {
    t = await startTestServer();
    contest = await insertContest(t, { name: 'Vote Cup', isCurrent: true, groupSizeCap: 50 });
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  });

  it("should count a visitor's vote, refuse a second one the same day, and say so in the vote check", async () => {
    const [star] = await entrants('v_star', 1);
    const before = Date.now();
    const first = await vote(star.username, '127.0.0.2');
    const after = Date.now();
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ message: VOTE_MESSAGES.counted, vote_id: expect.stringMatching(UUID), next_vote_at: expect.any(String) });
    // The next free vote: 24 hours after this one.
    const nextVoteAt = Date.parse(String(first.body.next_vote_at));
    expect(nextVoteAt).toBeGreaterThanOrEqual(before + DAY_MS);
    expect(nextVoteAt).toBeLessThanOrEqual(after + DAY_MS + 1000);

    // The profile shows it once the job runner has counted it.
    const profile = await eventually(
      'the profile to show the vote',
      async () => (await requestFrom(`${t.api}/contestants/${star.username}/`, 'GET')).body as unknown as ContestantProfile,
      (p) => p.total_votes === 1,
    );
    expect(profile.active_contest_entry?.current_contest_votes).toBe(1);
    const ledger = await t.db.pool.query('SELECT id::text, kind, user_id, voter_hash FROM votes WHERE profile_id = $1', [star.profileId]);
    expect(ledger.rows).toEqual([{ id: first.body.vote_id, kind: 'free', user_id: null, voter_hash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);

    const second = await vote(star.username, '127.0.0.2');
    expect(second.status).toBe(403);
    expect(second.body.detail).toBe(VOTE_MESSAGES.alreadyCasted);
    expect(second.body.detail).toContain(VOTE_MESSAGES.alreadyCastedPhrase);

    // The check says when the slot frees: when the vote's claim expires, no later than the vote's answer said.
    const checked = (await check(star.username, '127.0.0.2')).body;
    expect(checked).toEqual({ hasVoted: true, next_vote_at: expect.any(String), refusal: null });
    expect(Date.parse(String(checked.next_vote_at))).toBeGreaterThanOrEqual(before + DAY_MS - 1000);
    expect(Date.parse(String(checked.next_vote_at))).toBeLessThanOrEqual(nextVoteAt);
    expect((await check(star.username, '127.0.0.2', undefined, '')).body).toMatchObject({ hasVoted: true, next_vote_at: expect.any(String), refusal: null });
    expect((await check(star.username, '127.0.0.3')).body).toEqual({ hasVoted: false, next_vote_at: null, refusal: null });
    await new Promise((r) => setTimeout(r, 300));
    expect(await stored(star)).toEqual({ total_votes: 1, current_contest_votes: 1, ledger: 1 });
  });

  it('should not believe a forwarded address unless TRUST_PROXY names the proxy', async () => {
    const [star] = await entrants('v_forwarded', 1);
    const from = (forwarded: string) =>
      requestFrom(`${t.api}/contestants/${star.username}/vote`, 'POST', { from: '127.0.0.11', headers: { 'x-forwarded-for': forwarded } });
    expect((await from('198.51.100.1')).status).toBe(201);
    expect((await from('198.51.100.2')).status).toBe(403);
  });

  it('should never store or log the raw client address', async () => {
    const [who] = await entrants('v_private', 1);
    expect((await vote(who.username, '127.0.0.42')).status).toBe(201);
    await settled(who, 1);
    const { rows } = await t.db.pool.query(
      `SELECT (SELECT count(*)::int FROM votes WHERE row_to_json(votes)::text LIKE '%127.0.0.42%') AS in_votes,
              (SELECT count(*)::int FROM vote_claims WHERE row_to_json(vote_claims)::text LIKE '%127.0.0.42%') AS in_claims,
              (SELECT count(*)::int FROM jobs WHERE payload::text LIKE '%127.0.0.42%') AS in_jobs`,
    );
    expect(rows[0]).toEqual({ in_votes: 0, in_claims: 0, in_jobs: 0 });
    expect(t.output()).not.toContain('127.0.0.42');
  });

  it("should block a signed-in user's second vote from any address, but not a visitor at that address", async () => {
    const [star] = await entrants('v_user_star', 1);
    const [fan] = await createAccounts(t, 'v_fan', 1);
    expect((await vote(star.username, '127.0.0.4', fan.token)).status).toBe(201);

    // Same user, another address: the user's slot is taken.
    const again = await vote(star.username, '127.0.0.5', fan.token);
    expect(again.status).toBe(403);
    expect(again.body.detail).toContain('already casted');
    expect((await check(star.username, '127.0.0.6', fan.token)).body).toEqual({ hasVoted: true, next_vote_at: expect.any(String), refusal: null });

    // That refusal took nothing: a visitor at the second address still has a vote.
    expect((await check(star.username, '127.0.0.5')).body).toEqual({ hasVoted: false, next_vote_at: null, refusal: null });
    expect((await vote(star.username, '127.0.0.5')).status).toBe(201);
    // A visitor at the user's address is that address: refused.
    expect((await vote(star.username, '127.0.0.4')).status).toBe(403);
    // A token that does not verify counts as a visitor, not as an error.
    expect((await vote(star.username, '127.0.0.7', 'not-a-token')).status).toBe(201);

    await settled(star, 3);
    const users = await t.db.pool.query('SELECT user_id FROM votes WHERE profile_id = $1 ORDER BY created_at', [star.profileId]);
    expect(users.rows.map((r) => r.user_id)).toEqual([fan.id, null, null]);
  });

  it('should refuse unknown contestants and contestants not in the contest or eliminated, with a clear detail', async () => {
    const [outsider] = await createAccounts(t, 'v_outsider', 1);
    const [gone] = await entrants('v_eliminated', 1);
    await t.db.pool.query('UPDATE contest_entries SET is_eliminated = true WHERE profile_id = $1', [gone.profileId]);
    const [admin] = await createAccounts(t, 'v_admin', 1, 'admin');

    const answers = await Promise.all([
      vote('nobody_at_all', '127.0.0.8'),
      vote('x', '127.0.0.8'),
      vote(admin.username, '127.0.0.8'),
      vote(outsider.username, '127.0.0.8'),
      vote(gone.username, '127.0.0.8'),
      check('nobody_at_all', '127.0.0.8'),
    ]);
    expect(answers.map((a) => [a.status, a.body.detail])).toEqual([
      [404, VOTE_MESSAGES.contestantNotFound],
      [404, VOTE_MESSAGES.contestantNotFound],
      [404, VOTE_MESSAGES.contestantNotFound],
      [400, VOTE_MESSAGES.notInContest],
      [400, VOTE_MESSAGES.eliminated],
      [404, VOTE_MESSAGES.contestantNotFound],
    ]);
    // A refused vote used up nothing, and the check says why a vote would be refused.
    expect((await check(outsider.username, '127.0.0.8')).body).toEqual({ hasVoted: false, next_vote_at: null, refusal: VOTE_MESSAGES.notInContest });
    expect((await check(gone.username, '127.0.0.8')).body).toEqual({ hasVoted: false, next_vote_at: null, refusal: VOTE_MESSAGES.eliminated });
  });

  it('should see an elimination and a new entrant on the vote path at once, not when a cache expires', async () => {
    const [admin] = await createAccounts(t, 'v_boss', 1, 'admin');
    const [cut] = await entrants('v_cut', 1);
    expect((await vote(cut.username, '127.0.31.2')).status).toBe(201);
    const { rows } = await t.db.pool.query('SELECT id FROM contest_entries WHERE profile_id = $1', [cut.profileId]);
    const eliminated = await requestFrom(`${t.api}/contestants/contestant-entries/${rows[0].id}`, 'PUT', { token: admin.token, body: { is_eliminated: true } });
    expect(eliminated.status).toBe(200);
    expect(await vote(cut.username, '127.0.31.3')).toMatchObject({ status: 400, body: { detail: VOTE_MESSAGES.eliminated } });

    // Not in the contest yet (and so remembered), then joined: votable with the join's answer.
    const [late] = await createAccounts(t, 'v_late', 1);
    expect((await vote(late.username, '127.0.31.4')).status).toBe(400);
    expect((await join(t, late, contest)).status).toBe(201);
    expect((await vote(late.username, '127.0.31.5')).status).toBe(201);
  });

  it('should count exactly one of 500 simultaneous votes from one voter', async () => {
    const [star] = await entrants('v_burst', 1);
    const answers = await Promise.all(Array.from({ length: 500 }, () => vote(star.username, '127.0.0.9')));
    const statuses = answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {});
    expect(statuses).toEqual({ 201: 1, 403: 499 });
    await settled(star, 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await stored(star)).toEqual({ total_votes: 1, current_contest_votes: 1, ledger: 1 });
  }, 60_000);

  it('should store exactly as many votes as were answered counted, from 200 distinct voters', async () => {
    const [star, rival] = await entrants('v_crowd', 2);
    const plan = Array.from({ length: 200 }, (_, i) => ({ who: i % 4 === 0 ? rival : star, from: loopbackAddress(i) }));
    const answers = await Promise.all(plan.map((p) => vote(p.who.username, p.from)));
    const accepted = (who: TestAccount) => answers.filter((a, i) => a.status === 201 && plan[i].who === who).length;
    expect(answers.filter((a) => a.status !== 201)).toEqual([]);
    expect(new Set(answers.map((a) => a.body.vote_id)).size).toBe(200);

    await settled(star, accepted(star));
    await settled(rival, accepted(rival));
    expect(await stored(star)).toEqual({ total_votes: 150, current_contest_votes: 150, ledger: 150 });
    expect(await stored(rival)).toEqual({ total_votes: 50, current_contest_votes: 50, ledger: 50 });
    expect((await t.db.pool.query("SELECT count(*)::int AS n FROM jobs WHERE name <> 'watch-contests' AND run_at <= now()")).rows[0].n).toBe(0);
  }, 60_000);

  it('should refuse votes when no contest is current, before it starts and after it ends', async () => {
    // Each step uses a contestant the server has not looked up yet, so no cached lookup hides the change.
    const [early, late, none] = await createAccounts(t, 'v_time', 3);
    const upcoming = await insertContest(t, { name: 'Later Cup', startDate: daysFromNow(2), endDate: daysFromNow(9) });
    const ended = await insertContest(t, { name: 'Past Cup', startDate: daysFromNow(-9), endDate: daysFromNow(-2) });
    const makeCurrent = async (id: number) => {
      await t.db.pool.query('UPDATE contests SET is_current = false WHERE is_current');
      await t.db.pool.query('UPDATE contests SET is_current = true WHERE id = $1', [id]);
    };
    try {
      await makeCurrent(upcoming);
      expect((await vote(early.username, '127.0.0.10')).body.detail).toBe(VOTE_MESSAGES.notStarted);
      await makeCurrent(ended);
      expect((await vote(late.username, '127.0.0.10')).body.detail).toBe(VOTE_MESSAGES.ended);
      await t.db.pool.query('UPDATE contests SET is_current = false WHERE is_current');
      const answer = await vote(none.username, '127.0.0.10');
      expect([answer.status, answer.body.detail]).toEqual([400, VOTE_MESSAGES.noCurrentContest]);
    } finally {
      await makeCurrent(contest);
    }
  });
});
