// An administrator compares a group's contestants over time: each contestant's votes per UTC hour or
// day from the start of the group's contest, most votes first, on the same buckets.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GROUP_ADMIN_MESSAGES } from '#contract/contests/messages.js';
import { VOTE_HISTORY_LIMITS } from '#contract/votes/constants.js';
import type { GroupVotesOverTime } from '#contract/votes/answers.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { aVote } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const bucketStart = (ms: number, size: number) => new Date(Math.floor(ms / size) * size).toISOString().replace('.000Z', 'Z');

describe('GET /admin/groups/{groupId}/votes-over-time', () => {
  let t: TestServer;
  let admin: TestAccount;
  let first: TestAccount;
  let second: TestAccount;
  let outsider: TestAccount;
  let group: number;
  const started = Date.now() - 2 * DAY_MS - 3 * HOUR_MS;

  const series = async (groupId: number | string, bucket?: string) => {
    const res = await call(t, 'GET', `/admin/groups/${groupId}/votes-over-time${bucket === undefined ? '' : `?bucket=${bucket}`}`, admin.token);
    return { status: res.status, body: (await res.json()) as GroupVotesOverTime & { detail?: unknown } };
  };

  beforeAll(async () => {
    t = await startTestServer();
    [admin] = await createAccounts(t, 'gh_admin', 1, 'admin');
    [first, second, outsider] = await createAccounts(t, 'gh', 3);
    // Not the current contest: an administrator looks at any contest's groups.
    const contest = await insertContest(t, { name: 'Group History Cup', groupSizeCap: 2, startDate: new Date(started) });
    for (const who of [first, second, outsider]) expect((await join(t, who, contest)).status).toBe(201);
    const entries = new Map<number, { id: number; group_id: number }>(
      (await t.db.pool.query('SELECT id, group_id, profile_id FROM contest_entries WHERE contest_id = $1', [contest])).rows.map((r) => [r.profile_id, r]),
    );
    const entryOf = (a: TestAccount) => entries.get(a.profileId!)!;
    group = entryOf(first).group_id;
    expect(entryOf(second).group_id).toBe(group);
    expect(entryOf(outsider).group_id).not.toBe(group); // the cap of 2 puts the third in another group
    const insert = (who: TestAccount, kind: 'free' | 'paid', weight: number, at: number) =>
      aVote(t.db, entryOf(who).id, { kind, weight, created_at: new Date(at) });
    // first: 2 free a day ago, 1 free an hour ago; second: 1 free and 12 paid an hour ago (most votes: listed first).
    await insert(first, 'free', 1, Date.now() - DAY_MS);
    await insert(first, 'free', 1, Date.now() - DAY_MS);
    await insert(first, 'free', 1, Date.now() - HOUR_MS);
    await insert(second, 'free', 1, Date.now() - HOUR_MS);
    await insert(second, 'paid', 12, Date.now() - HOUR_MS);
    await insert(outsider, 'free', 1, Date.now() - HOUR_MS);
    await t.db.pool.query('UPDATE contest_entries SET current_contest_votes = $2 WHERE id = $1', [entryOf(first).id, 3]);
    await t.db.pool.query('UPDATE contest_entries SET current_contest_votes = $2 WHERE id = $1', [entryOf(second).id, 13]);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  });

  it("should answer each contestant of the group, most votes first, every day from the contest's start with free and paid apart", async () => {
    const { status, body } = await series(group);
    expect(status).toBe(200);
    expect(body.bucket).toBe('day');
    expect(body.series.map((s) => [s.username, s.display_name])).toEqual([
      [second.username, 'First2 Last2'],
      [first.username, 'First1 Last1'],
    ]);
    const days: string[] = [];
    for (let d = Math.floor(started / DAY_MS) * DAY_MS; d <= Date.now(); d += DAY_MS) days.push(bucketStart(d, DAY_MS));
    const expected = (votes: Record<string, { free: number; paid: number }>) =>
      days.map((start) => ({ start, free: votes[start]?.free ?? 0, paid: votes[start]?.paid ?? 0, voided: 0 }));
    const today = bucketStart(Date.now() - HOUR_MS, DAY_MS);
    const yesterday = bucketStart(Date.now() - DAY_MS, DAY_MS);
    expect(body.series[0].points).toEqual(expected({ [today]: { free: 1, paid: 12 } }));
    const firstVotes: Record<string, { free: number; paid: number }> = { [yesterday]: { free: 2, paid: 0 } };
    firstVotes[today] = { free: (firstVotes[today]?.free ?? 0) + 1, paid: 0 };
    expect(body.series[1].points).toEqual(expected(firstVotes));
    expect(body.series[0].entry_id).not.toBe(body.series[1].entry_id);
  });

  it('should answer hours for the last 7 days at most, on the same buckets for everyone', async () => {
    const { status, body } = await series(group, 'hour');
    expect(status).toBe(200);
    expect(body.bucket).toBe('hour');
    const [a, b] = body.series;
    expect(a.points.length).toBe(Math.floor(Date.now() / HOUR_MS) - Math.floor(started / HOUR_MS) + 1);
    expect(a.points.length).toBeLessThanOrEqual(VOTE_HISTORY_LIMITS.hour);
    expect(b.points.map((p) => p.start)).toEqual(a.points.map((p) => p.start));
    const hourAgo = bucketStart(Date.now() - HOUR_MS, HOUR_MS);
    expect(a.points.find((p) => p.start === hourAgo)).toEqual({ start: hourAgo, free: 1, paid: 12, voided: 0 });
    expect(b.points.find((p) => p.start === hourAgo)).toEqual({ start: hourAgo, free: 1, paid: 0, voided: 0 });
  });

  it('should answer an empty list for a group without contestants', async () => {
    const contest = await insertContest(t, { name: 'Empty Cup' });
    const created = await call(t, 'POST', `/admin/contests/${contest}/groups`, admin.token);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect(await series(id, 'hour')).toEqual({ status: 200, body: { bucket: 'hour', series: [] } });
  });

  it('should answer 404 for an unknown group, and 422 for a bad bucket or group id', async () => {
    expect(await series(999_999)).toEqual({ status: 404, body: { detail: GROUP_ADMIN_MESSAGES.groupNotFound } });
    expect((await series(group, 'week')).status).toBe(422);
    expect((await series(group, '')).status).toBe(422);
    expect((await series('abc')).status).toBe(422);
  });
});
