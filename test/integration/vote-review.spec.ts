// Suspicious-vote review over HTTP: a burst of free votes mostly from one IPv4 /24 (clients presented
// through X-Forwarded-For from a proxy TRUST_PROXY names) is flagged by the scoring job within its
// interval, with the block's keyed hash and count; an admin voids those votes and the ledger, the
// counters, the live screens and the contestant's own account all follow.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, TallyEntry } from '#contract/live/events.js';
import type { AuditLogPage } from '#contract/audit/answers.js';
import type { CurrentUser } from '#contract/auth/answers.js';
import type { VoidVotesResult, VoteReviewList, VotesOverTime } from '#contract/votes/answers.js';
import { VOTE_REVIEW_MESSAGES } from '#contract/votes/messages.js';
import { createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { aVote, someJobs } from '../helpers/factories.js';
import { eventually, requestFrom } from '../helpers/source-address.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const VOTER_HASH_KEY = 'vote-review-spec-voter-hash-key-0123456789abc';
const hmac = (value: string) => createHmac('sha256', VOTER_HASH_KEY).update(value).digest('hex');
const INTERVAL_S = 2;

describe('suspicious-vote review', () => {
  let t: TestServer;
  let contest: number;
  let admin: TestAccount;
  let star: TestAccount;
  let steady: TestAccount;

  const vote = (a: TestAccount, client: string) => requestFrom(`${t.api}/contestants/${a.username}/vote`, 'POST', { headers: { 'x-forwarded-for': client } });
  /** Votes from each client, a few at a time; every one must be accepted. */
  const votesFrom = async (a: TestAccount, clients: string[]) => {
    for (let i = 0; i < clients.length; i += 25) {
      const answers = await Promise.all(clients.slice(i, i + 25).map((c) => vote(a, c)));
      expect(answers.map((r) => r.status)).toEqual(answers.map(() => 201));
    }
  };
  const api = (method: string, path: string, token: string | undefined, body?: unknown) => requestFrom(`${t.api}${path}`, method, { token, body });
  const review = async () => (await api('GET', `/admin/vote-review?contest_id=${contest}`, admin.token)).body as unknown as VoteReviewList;
  const ledger = async (profileId: number) =>
    (
      await t.db.pool.query(
        `SELECT (SELECT coalesce(sum(weight), 0)::int FROM votes WHERE profile_id = $1) AS ledger,
                (SELECT count(*)::int FROM votes WHERE profile_id = $1 AND kind = 'void') AS voids,
                (SELECT current_contest_votes FROM contest_entries WHERE profile_id = $1) AS entry,
                (SELECT paid_votes FROM contest_entries WHERE profile_id = $1) AS paid,
                (SELECT total_votes FROM contestant_profiles WHERE id = $1) AS profile`,
        [profileId],
      )
    ).rows[0] as { ledger: number; voids: number; entry: number; paid: number; profile: number };
  const entryId = async (a: TestAccount) =>
    (await t.db.pool.query('SELECT id FROM contest_entries WHERE profile_id = $1 AND contest_id = $2', [a.profileId, contest])).rows[0].id as number;

  beforeAll(async () => {
    t = await startTestServer({ TRUST_PROXY: '127.0.0.1', VOTER_HASH_KEY, VOTE_REVIEW_INTERVAL: `${INTERVAL_S}s` });
    contest = await insertContest(t, { name: 'Review Cup', isCurrent: true, groupSizeCap: 50 });
    [admin] = await createAccounts(t, 'rev_admin', 1, 'admin');
    [star, steady] = await createAccounts(t, 'rev_star', 2);
    for (const a of [star, steady]) expect((await join(t, a, contest)).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('should flag a burst of 300 free votes, 250 of them from one /24, within the scoring interval, naming the block by its keyed hash', async () => {
    // A /24 holds 256 addresses, and each votes once a day: 250 from 198.51.100.0/24, 50 from 50 IPv6 sites.
    const fromBlock = Array.from({ length: 250 }, (_, i) => `198.51.100.${i + 1}`);
    const spread = Array.from({ length: 50 }, (_, i) => `2001:db8:${(0x100 + i).toString(16)}::1`);
    // The other contestant's 60 fans come from 60 sites: no block stands out.
    const steadyFans = Array.from({ length: 60 }, (_, i) => `2001:db8:${(0x900 + i).toString(16)}::7`);
    await votesFrom(star, [...fromBlock, ...spread]);
    await votesFrom(steady, steadyFans);
    await eventually(
      'the votes counted',
      () => ledger(star.profileId!),
      (l) => l.entry === 300,
      20_000,
    );
    await eventually(
      'the votes counted',
      () => ledger(steady.profileId!),
      (l) => l.entry === 60,
      20_000,
    );
    const countedAt = Date.now();

    // A scoring may run while the burst is still being counted: wait for the one that saw all of it.
    const sawAll = (r: VoteReviewList) =>
      r.items.some((i) => i.username === star.username && i.reasons.some((x) => x.kind === 'network_block' && x.votes === 250 && x.detail.includes('of 300')));
    const list = await eventually('the flag', review, sawAll, (3 * INTERVAL_S + 5) * 1000);
    // Scored at the first interval after the votes were counted (plus the job's own run).
    expect(Date.now() - countedAt).toBeLessThan((2 * INTERVAL_S + 4) * 1000);
    expect(list.contest_id).toBe(contest);
    expect(list.is_current_contest).toBe(true);
    expect(list.window_minutes).toBe(60);
    const flagged = list.items.find((i) => i.username === star.username)!;
    expect(flagged).toMatchObject({ entry_id: await entryId(star), active: true, current_contest_votes: 300, free_votes: 300, paid_votes: 0, reviews: [] });
    const block = flagged.reasons.find((r) => r.kind === 'network_block');
    expect(block).toMatchObject({ votes: 250 });
    expect(block!.detail).toBe('250 of 300 free votes in the last 60 minutes (83%) came from one network block; the rule flags 50% or more.');
    expect(Date.parse(block!.since)).toBeLessThanOrEqual(countedAt);
    expect(flagged.top_blocks[0]).toEqual({ network_hash: hmac('198.51.100.0/24'), votes: 250 });
    expect(flagged.top_blocks.slice(1).every((b) => b.votes === 1)).toBe(true);
    // The steady contestant's votes are no block's.
    const other = list.items.find((i) => i.username === steady.username);
    expect(other?.reasons.map((r) => r.kind) ?? []).not.toContain('network_block');
    // Hashes only: no address is stored anywhere the review reads.
    const leaked = await t.db.pool.query(
      `SELECT (SELECT count(*)::int FROM votes WHERE row_to_json(votes)::text LIKE '%198.51.100%') AS in_votes,
              (SELECT count(*)::int FROM vote_flags WHERE row_to_json(vote_flags)::text LIKE '%198.51.100%') AS in_flags`,
    );
    expect(leaked.rows[0]).toEqual({ in_votes: 0, in_flags: 0 });
  }, 120_000);

  it("should void the block's free votes in one step: cancelling ledger rows, counters, a live update and the contestant told", async () => {
    const id = await entryId(star);
    // A paid credit beside the free votes: voiding never touches it.
    await aVote(t.db, id, { kind: 'paid', weight: 5 });
    await t.db.pool.query('UPDATE contest_entries SET current_contest_votes = current_contest_votes + 5, paid_votes = paid_votes + 5 WHERE id = $1', [id]);
    await t.db.pool.query('UPDATE contestant_profiles SET total_votes = total_votes + 5, paid_votes = paid_votes + 5 WHERE id = $1', [star.profileId]);

    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(t.baseUrl, { transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve) => socket.emit('subscribe', [`contestant:${star.username}`], () => resolve()));
      // The first tally naming the contestant once the void is committed (no vote is being counted meanwhile).
      const live = new Promise<TallyEntry>((resolve) =>
        socket.on('tally', (e) => {
          const mine = e.entries.find((x) => x.username === star.username);
          if (mine) resolve(mine);
        }),
      );

      const body = {
        entry_id: id,
        from: new Date(Date.now() - 3_600_000).toISOString(),
        to: new Date(Date.now() + 60_000).toISOString(),
        network: hmac('198.51.100.0/24'),
        reason: 'Scripted votes from one network block',
      };
      const voided = await api('POST', '/admin/vote-review/void', admin.token, body);
      expect(voided.status).toBe(200);
      expect(voided.body as unknown as VoidVotesResult).toEqual({ removed: 250, current_contest_votes: 55, free_votes: 50, paid_votes: 5 });
      expect(await live).toMatchObject({ username: star.username, votes: 55, paid: 5, total: 55 });
      expect(await ledger(star.profileId!)).toEqual({ ledger: 55, voids: 250, entry: 55, paid: 5, profile: 55 });

      // The same void again finds nothing left to remove; a void of everything leaves the paid votes.
      expect((await api('POST', '/admin/vote-review/void', admin.token, body)).body).toMatchObject({ removed: 0, current_contest_votes: 55 });
      const all = await api('POST', '/admin/vote-review/void', admin.token, { ...body, network: undefined, reason: 'Every free vote of the burst' });
      expect(all.body).toMatchObject({ removed: 50, current_contest_votes: 5, free_votes: 0, paid_votes: 5 });
      expect(await ledger(star.profileId!)).toEqual({ ledger: 5, voids: 300, entry: 5, paid: 5, profile: 5 });
    } finally {
      socket.close();
    }

    // The public chart's series shows the voided votes where they were cast, and free ones no more.
    const series = (await api('GET', `/contestants/${star.username}/votes-over-time?bucket=hour`, undefined)).body as unknown as VotesOverTime;
    const sum = (k: 'free' | 'paid' | 'voided') => series.points.reduce((n, p) => n + p[k], 0);
    expect({ free: sum('free'), paid: sum('paid'), voided: sum('voided') }).toEqual({ free: 0, paid: 5, voided: 300 });
    expect(series.points.at(-1)).toMatchObject({ free: 0, voided: 300 });

    // Each void is in the admin audit log, by whom and with its terms.
    const audit = await t.db.pool.query(`SELECT actor_id, target_id, before, after FROM admin_audit_log WHERE action = 'votes.void' ORDER BY id`);
    expect(audit.rows).toEqual([
      {
        actor_id: admin.id,
        target_id: id,
        before: { current_contest_votes: 305, free_votes: 300 },
        after: expect.objectContaining({
          current_contest_votes: 55,
          free_votes: 50,
          removed: 250,
          one_network: true,
          reason: 'Scripted votes from one network block',
        }),
      },
      {
        actor_id: admin.id,
        target_id: id,
        before: { current_contest_votes: 55, free_votes: 50 },
        after: expect.objectContaining({ current_contest_votes: 5, free_votes: 0, removed: 50, one_network: false, reason: 'Every free vote of the burst' }),
      },
    ]);
    // The permanent log never holds a network's hash.
    expect(JSON.stringify(audit.rows)).not.toContain(hmac('198.51.100.0/24'));

    // The contestant sees each void with its count and reason, newest first; the review list too.
    const me = (await api('GET', '/users/me', star.token)).body as unknown as CurrentUser;
    expect(me.vote_reviews.map(({ removed, reason }) => ({ removed, reason }))).toEqual([
      { removed: 50, reason: 'Every free vote of the burst' },
      { removed: 250, reason: 'Scripted votes from one network block' },
    ]);
    expect(Number.isNaN(Date.parse(me.vote_reviews[0].at))).toBe(false);
    const flagged = (await review()).items.find((i) => i.username === star.username)!;
    expect(flagged.reviews.map((r) => r.removed)).toEqual([50, 250]);
    // Its flags were all seen before the void: settled, not flagged now.
    expect(flagged.active).toBe(false);
    // The audit log names the contestant whose votes were voided (looked up when read, not recorded).
    const log = (await api('GET', '/admin/audit-log?action=votes.void', admin.token)).body as unknown as AuditLogPage;
    expect(log.items.map((e) => [e.target_id, e.target_name])).toEqual([
      [id, flagged.display_name],
      [id, flagged.display_name],
    ]);
    expect(((await api('GET', '/users/me', steady.token)).body as unknown as CurrentUser).vote_reviews).toEqual([]);
  }, 60_000);

  it('should score a slot once however many workers queue it', async () => {
    // On a server of its own whose scheduled scoring does not come round during the test: a scoring
    // already running makes a job skip its slot, which is right but not what this test is about.
    const quiet = await startTestServer({ VOTER_HASH_KEY, VOTE_REVIEW_INTERVAL: '1h' });
    try {
      // Two jobs for one slot, as two workers queue them (their ids differ here, so the queue keeps both).
      const slot = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000).toISOString();
      await someJobs(quiet.db, [
        { name: 'score-votes', payload: { at: slot }, job_key: 'spec-a' },
        { name: 'score-votes', payload: { at: slot }, job_key: 'spec-b' },
      ]);
      await eventually(
        'both jobs done',
        async () => (await quiet.db.pool.query(`SELECT count(*)::int AS n FROM jobs WHERE job_key LIKE 'spec-%'`)).rows[0].n,
        (n) => n === 0,
        20_000,
      );
      expect((await quiet.db.pool.query('SELECT count(*)::int AS n FROM vote_scorings WHERE slot = $1', [slot])).rows[0].n).toBe(1);
    } finally {
      await quiet.stop();
    }
  }, 60_000);

  it('should refuse a bad void with 422 or 404, and non-admins with 401 or 403', async () => {
    const id = await entryId(steady);
    const ok = { entry_id: id, from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z', reason: 'Checked' };
    const refused = async (body: unknown) => (await api('POST', '/admin/vote-review/void', admin.token, body)).status;
    expect(await refused({ ...ok, to: ok.from })).toBe(422);
    expect(await refused({ ...ok, to: '2026-03-01T00:00:00Z' })).toBe(422);
    expect(await refused({ ...ok, from: 'yesterday' })).toBe(422);
    expect(await refused({ ...ok, network: '198.51.100.0/24' })).toBe(422);
    expect(await refused({ ...ok, reason: '  ' })).toBe(422);
    expect(await refused({ ...ok, entry_id: 2_000_000_000 })).toBe(404);
    const bad = await api('POST', '/admin/vote-review/void', admin.token, { ...ok, to: ok.from });
    expect(bad.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'to'], msg: VOTE_REVIEW_MESSAGES.order })]);
    expect((await api('POST', '/admin/vote-review/void', steady.token, ok)).status).toBe(403);
    expect((await api('POST', '/admin/vote-review/void', undefined, ok)).status).toBe(401);
    expect((await api('GET', '/admin/vote-review', steady.token)).status).toBe(403);
    expect((await api('GET', '/admin/vote-review?contest_id=0', admin.token)).status).toBe(422);
    expect((await api('GET', '/admin/vote-review?contest_id=999999', admin.token)).status).toBe(404);
    // Nothing in that day to void: answered, nothing recorded.
    expect((await api('POST', '/admin/vote-review/void', admin.token, ok)).body).toMatchObject({ removed: 0, current_contest_votes: 60 });
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM vote_reviews WHERE entry_id = $1', [id])).rows[0].n).toBe(0);
  });
});
