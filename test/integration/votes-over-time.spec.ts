// A contestant's votes over time, public: per UTC hour or day of the current contest, free and paid
// apart (refunds netted), empty buckets as zeros, straight from the ledger.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { VOTE_HISTORY_LIMITS } from '#contract/votes/constants.js';
import type { VotesOverTime } from '#contract/votes/answers.js';
import { PROFILE_MESSAGES } from '#contract/profiles/messages.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { aVote } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The start of the UTC hour or day `ms` falls in, as the API writes it. */
const bucketStart = (ms: number, size: number) => new Date(Math.floor(ms / size) * size).toISOString().replace('.000Z', 'Z');

describe('GET /contestants/{username}/votes-over-time', () => {
  let t: TestServer;
  let star: TestAccount;
  let loner: TestAccount;
  let contest: number;
  const started = Date.now() - 3 * DAY_MS - 5 * HOUR_MS;

  const series = async (who: string, bucket?: string) => {
    const res = await call(t, 'GET', `/contestants/${who}/votes-over-time${bucket === undefined ? '' : `?bucket=${bucket}`}`);
    return { status: res.status, body: (await res.json()) as VotesOverTime & { detail?: unknown } };
  };

  beforeAll(async () => {
    t = await startTestServer();
    contest = await insertContest(t, { name: 'History Cup', isCurrent: true, groupSizeCap: 50, startDate: new Date(started) });
    [star, loner] = await createAccounts(t, 'hist', 2);
    expect((await join(t, star, contest)).status).toBe(201);
    const { rows } = await t.db.pool.query('SELECT id FROM contest_entries WHERE profile_id = $1', [star.profileId]);
    const insert = (kind: 'free' | 'paid', weight: number, at: number) => aVote(t.db, rows[0].id, { kind, weight, created_at: new Date(at) });
    // Two days ago: 3 free; yesterday: 2 free and a package of 12; an hour ago: 1 free, 12 paid and that package refunded.
    for (const at of [2, 2, 2]) await insert('free', 1, Date.now() - at * DAY_MS);
    for (const at of [1, 1]) await insert('free', 1, Date.now() - at * DAY_MS);
    await insert('paid', 12, Date.now() - DAY_MS);
    await insert('free', 1, Date.now() - HOUR_MS);
    await insert('paid', 12, Date.now() - HOUR_MS);
    await insert('paid', -12, Date.now() - HOUR_MS);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  });

  it("should answer every day from the contest's start to today, oldest first, with free and paid apart and empty days as zeros", async () => {
    const { status, body } = await series(star.username);
    expect(status).toBe(200);
    expect(body.bucket).toBe('day');
    const expected = new Map<string, { free: number; paid: number }>();
    for (let d = Math.floor(started / DAY_MS) * DAY_MS; d <= Date.now(); d += DAY_MS) expected.set(bucketStart(d, DAY_MS), { free: 0, paid: 0 });
    const add = (at: number, free: number, paid: number) => {
      const e = expected.get(bucketStart(at, DAY_MS))!;
      e.free += free;
      e.paid += paid;
    };
    add(Date.now() - 2 * DAY_MS, 3, 0);
    add(Date.now() - DAY_MS, 2, 12);
    add(Date.now() - HOUR_MS, 1, 0);
    expect(body.points).toEqual([...expected].map(([start, v]) => ({ start, ...v, voided: 0 })));
    expect(body.points.reduce((n, p) => n + p.free + p.paid, 0)).toBe(6 + 12);
  });

  it('should answer hours for the last 7 days at most, the votes of an hour ago in their hour', async () => {
    const { status, body } = await series(star.username.toUpperCase(), 'hour');
    expect(status).toBe(200);
    expect(body.bucket).toBe('hour');
    // The contest began 3 days 5 hours ago: every hour since, within the limit.
    expect(body.points.length).toBe(Math.floor(Date.now() / HOUR_MS) - Math.floor(started / HOUR_MS) + 1);
    expect(body.points.length).toBeLessThanOrEqual(VOTE_HISTORY_LIMITS.hour);
    expect(body.points.at(-1)!.start).toBe(bucketStart(Date.now(), HOUR_MS));
    expect(body.points.find((p) => p.start === bucketStart(Date.now() - HOUR_MS, HOUR_MS))).toEqual({
      start: bucketStart(Date.now() - HOUR_MS, HOUR_MS),
      free: 1,
      paid: 0,
      voided: 0,
    });
    expect(body.points.every((p, i) => i === 0 || Date.parse(p.start) - Date.parse(body.points[i - 1].start) === HOUR_MS)).toBe(true);
  });

  it('should keep to the latest 168 hours of a longer contest, and give its days from the start', async () => {
    await t.db.pool.query(`UPDATE contests SET start_date = now() - interval '10 days' WHERE id = $1`, [contest]);
    const [late] = await createAccounts(t, 'hist_late', 1);
    expect((await join(t, late, contest)).status).toBe(201);
    const hours = (await series(late.username, 'hour')).body.points;
    expect(hours).toHaveLength(VOTE_HISTORY_LIMITS.hour);
    expect(hours[0].start).toBe(bucketStart(Date.now() - (VOTE_HISTORY_LIMITS.hour - 1) * HOUR_MS, HOUR_MS));
    expect(hours.at(-1)!.start).toBe(bucketStart(Date.now(), HOUR_MS));
    const days = (await series(late.username, 'day')).body.points;
    expect(days).toHaveLength(Math.floor(Date.now() / DAY_MS) - Math.floor((Date.now() - 10 * DAY_MS) / DAY_MS) + 1);
    expect(days.every((p) => p.free === 0 && p.paid === 0 && p.voided === 0)).toBe(true);
  });

  it('should answer no points for a contestant without an entry in the current contest', async () => {
    expect(await series(loner.username)).toEqual({ status: 200, body: { bucket: 'day', points: [] } });
  });

  it('should answer 404 for no such public profile and 422 for an unknown bucket', async () => {
    expect(await series('nobody_here')).toEqual({ status: 404, body: { detail: PROFILE_MESSAGES.notFound } });
    const [hidden] = await createAccounts(t, 'hist_hidden', 1, 'unverified');
    expect((await series(hidden.username)).status).toBe(404);
    expect((await series(star.username, 'week')).status).toBe(422);
  });
});
