// The admin's vote export: a contest's whole ledger as CSV, oldest first, streamed in batches, with
// keyed hashes of voters' networks and never an address; other contests' votes left out.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_VOTE_MESSAGES } from '#contract/votes/messages.js';
import { VOTE_CSV_COLUMNS } from '#contract/votes/constants.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { aVote, someVotes } from '../helpers/factories.js';
import { eventually, requestFrom } from '../helpers/source-address.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

/** RFC 4180 lines without quoted fields (none of these cells needs quotes): header and rows as objects. */
function parse(csv: string): Record<string, string>[] {
  const lines = csv.split('\r\n');
  expect(lines.at(-1)).toBe('');
  const [header, ...rows] = lines.slice(0, -1).map((l) => l.split(','));
  return rows.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])));
}

describe('GET /admin/votes/export', () => {
  let t: TestServer;
  let admin: TestAccount;
  let star: TestAccount;
  let fan: TestAccount;
  let contest: number;
  let other: number;

  const exportOf = (contestId: number | string, token = admin.token) => call(t, 'GET', `/admin/votes/export?contest_id=${contestId}`, token);

  beforeAll(async () => {
    t = await startTestServer({ TRUST_PROXY: '127.0.0.1' });
    [admin] = await createAccounts(t, 'exp_admin', 1, 'admin');
    contest = await insertContest(t, { name: 'Export Cup', isCurrent: true, groupSizeCap: 50 });
    other = await insertContest(t, { name: 'Other Cup', groupSizeCap: 50 });
    [star, fan] = await createAccounts(t, 'exp', 2);
    expect((await join(t, star, contest)).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  });

  it("should answer the contest's votes as CSV, oldest first: free votes with their network's keyed hash and the signed-in voter", async () => {
    const vote = (client: string, token?: string) =>
      requestFrom(`${t.api}/contestants/${star.username}/vote`, 'POST', { headers: { 'x-forwarded-for': client }, token });
    expect((await vote('2001:db8:77:1::5')).status).toBe(201);
    expect((await vote('198.51.100.77', fan.token)).status).toBe(201);
    await eventually(
      'both votes in the ledger',
      async () => (await t.db.pool.query('SELECT count(*)::int AS n FROM votes WHERE profile_id = $1', [star.profileId])).rows[0].n as number,
      (n) => n === 2,
      20_000,
    );

    const res = await exportOf(contest);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="votes-contest-${contest}.csv"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text.split('\r\n')[0]).toBe(VOTE_CSV_COLUMNS.join(','));
    const rows = parse(text);
    const ledger = (
      await t.db.pool.query(`SELECT id::text, entry_id, network_hash, user_id FROM votes WHERE contest_id = $1 ORDER BY created_at, id`, [contest])
    ).rows;
    expect(rows).toEqual([
      {
        cast_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
        vote_id: ledger[0].id,
        kind: 'free',
        votes: '1',
        group_number: '1',
        entry_id: String(ledger[0].entry_id),
        username: star.username,
        network_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        user_id: '',
      },
      {
        cast_at: expect.stringMatching(/Z$/),
        vote_id: ledger[1].id,
        kind: 'free',
        votes: '1',
        group_number: '1',
        entry_id: String(ledger[1].entry_id),
        username: star.username,
        network_hash: ledger[1].network_hash,
        user_id: String(fan.id),
      },
    ]);
    expect(rows[0].network_hash).toBe(ledger[0].network_hash);
    expect(rows[0].cast_at <= rows[1].cast_at).toBe(true);
    expect(text).not.toContain('2001:db8');
    expect(text).not.toContain('198.51.100');
  });

  it('should walk a large ledger in batches: every row once, in order, and nothing of another contest', async () => {
    // 4,500 rows straight into the ledger (more than two batches), with times that tie in pairs.
    const { rows: entries } = await t.db.pool.query('SELECT id FROM contest_entries WHERE contest_id = $1', [contest]);
    const e = entries[0];
    const dayAgo = Date.now() - 86_400_000;
    await someVotes(
      t.db,
      e.id,
      Array.from({ length: 4500 }, (_, i) => ({ voter_hash: null, kind: 'free', weight: 1, created_at: new Date(dayAgo + Math.floor((i + 1) / 2)) })),
    );
    // A paid credit and its refund, and a vote of another contest (which must not appear).
    const now = Date.now();
    await someVotes(t.db, e.id, [
      { kind: 'paid', weight: 12, created_at: new Date(now) },
      { kind: 'paid', weight: -12, created_at: new Date(now + 1000) },
    ]);
    const [outsider] = await createAccounts(t, 'exp_out', 1);
    expect((await join(t, outsider, other)).status).toBe(201);
    const { rows: out } = await t.db.pool.query('SELECT id FROM contest_entries WHERE contest_id = $1', [other]);
    await aVote(t.db, out[0].id, { kind: 'free' });

    const rows = parse(await (await exportOf(contest)).text());
    const ledger = (await t.db.pool.query('SELECT id::text FROM votes WHERE contest_id = $1 ORDER BY created_at, id', [contest])).rows.map((r) => r.id);
    expect(ledger).toHaveLength(4504);
    expect(rows.map((r) => r.vote_id)).toEqual(ledger);
    expect(rows.filter((r) => r.kind === 'paid').map((r) => r.votes)).toEqual(['12', '-12']);
    expect(rows.some((r) => r.username === outsider.username)).toBe(false);
  });

  it('should answer 404 for an unknown contest and 422 without a valid contest_id', async () => {
    const missing = await exportOf(2_000_000_000);
    expect({ status: missing.status, body: await missing.json() }).toEqual({ status: 404, body: { detail: ADMIN_VOTE_MESSAGES.contestNotFound } });
    for (const bad of ['', 'abc', '0', '-3', '1.5', '99999999999']) {
      const res = await exportOf(bad);
      expect({ bad, status: res.status }).toEqual({ bad, status: 422 });
    }
    expect((await call(t, 'GET', '/admin/votes/export', admin.token)).status).toBe(422);
  });

  it('should refuse anyone but a superuser', async () => {
    expect((await exportOf(contest, '')).status).toBe(401);
    expect((await exportOf(contest, fan.token)).status).toBe(403);
  });
});
