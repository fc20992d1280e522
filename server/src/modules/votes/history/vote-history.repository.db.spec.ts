import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aContest, aGroup, anEntry, aUser, aProfile, aVote } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { VoteHistoryRepository } from './vote-history.repository.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The start of the UTC bucket holding `t`, as the series writes it. */
const bucketStart = (t: number, size: number) => new Date(Math.floor(t / size) * size).toISOString().replace('.000Z', 'Z');

describe(VoteHistoryRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let history: VoteHistoryRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    history = new VoteHistoryRepository(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should find a verified contestant without a contest while none is current', async () => {
    const user = await aUser(db, { username: 'Nina', is_verified: true });
    await aProfile(db, user.id);
    await aContest(db, { is_current: false });
    expect(await history.target('NINA')).toEqual({ entryId: null, contestStart: null });
  });

  it('should find a verified contestant (any letter case) with their entry in the current contest, and no one else', async () => {
    const start = new Date(Date.now() - 2 * DAY);
    const contest = await aContest(db, { start_date: start });
    const group = await aGroup(db, contest.id);
    const vera = await anEntry(db, { contestId: contest.id, groupId: group.id }, { username: 'Vera' });
    await db.pool.query('UPDATE users SET is_verified = true WHERE id = $1', [vera.userId]);
    const hidden = await anEntry(db, { contestId: contest.id, groupId: group.id }, { username: 'Hidden' });

    expect(await history.target('vERA')).toEqual({ entryId: vera.entryId, contestStart: start });
    // Verified but not entered in the current contest: the contest's start, no entry.
    expect(await history.target('nina')).toEqual({ entryId: null, contestStart: start });
    expect(await history.target(hidden.username)).toBeNull();
    expect(await history.target('nobody')).toBeNull();
  });

  it("should list a group's contestants by votes (ties: earliest entry first) with their names, up to the limit", async () => {
    const start = new Date(Date.now() - 5 * DAY);
    const contest = await aContest(db, { is_current: false, start_date: start });
    const group = await aGroup(db, contest.id);
    const c = { contestId: contest.id, groupId: group.id };
    const low = await anEntry(db, c, { username: 'Low', entry: { current_contest_votes: 1 } });
    const tied = await anEntry(db, c, { username: 'Tied', entry: { current_contest_votes: 5 } });
    const top = await anEntry(db, c, { username: 'Top', entry: { current_contest_votes: 9 } });
    const tiedLater = await anEntry(db, c, { username: 'TiedLater', entry: { current_contest_votes: 5 } });
    await db.pool.query(`UPDATE users SET first_name = 'Tia', last_name = '' WHERE id = $1`, [tied.userId]);
    await db.pool.query(`UPDATE users SET first_name = 'Tom', last_name = 'Top' WHERE id = $1`, [top.userId]);

    expect(await history.groupTarget(group.id, 3)).toEqual({
      contestStart: start,
      entries: [
        { entry_id: top.entryId, username: 'Top', display_name: 'Tom Top' },
        { entry_id: tied.entryId, username: 'Tied', display_name: 'Tia' },
        // No name: the username stands for it.
        { entry_id: tiedLater.entryId, username: 'TiedLater', display_name: 'TiedLater' },
      ],
    });
    expect((await history.groupTarget(group.id, 10))?.entries.at(-1)?.entry_id).toBe(low.entryId);
    expect(await history.groupTarget(-1, 10)).toBeNull();
  });

  it("should read each bucket's free, paid and voided votes where they were cast, empty buckets as zeros", async () => {
    const now = Date.now();
    const contest = await aContest(db, { is_current: false, start_date: new Date(now - 3 * DAY) });
    const group = await aGroup(db, contest.id);
    const c = { contestId: contest.id, groupId: group.id };
    const vera = await anEntry(db, c);
    const olga = await anEntry(db, c);
    const twoDaysAgo = new Date(now - 2 * DAY);
    const voided = await aVote(db, vera.entryId, { created_at: twoDaysAgo });
    await aVote(db, vera.entryId, { created_at: twoDaysAgo });
    // A void is dated like the vote it cancels.
    await aVote(db, vera.entryId, { created_at: twoDaysAgo, kind: 'void', weight: -1, reverses: voided.id });
    const castNow = new Date(now);
    await aVote(db, vera.entryId, { created_at: castNow });
    await aVote(db, vera.entryId, { created_at: castNow, kind: 'paid', weight: 5 });
    // A refund nets against the credits of its bucket.
    await aVote(db, vera.entryId, { created_at: castNow, kind: 'paid', weight: -2 });
    await aVote(db, olga.entryId, { created_at: twoDaysAgo });
    const zero = { free: 0, paid: 0, voided: 0 };

    const days = await history.series(vera.entryId, 'day', new Date(now - 3 * DAY), 366);
    expect(days).toEqual([
      { start: bucketStart(now - 3 * DAY, DAY), ...zero },
      { start: bucketStart(now - 2 * DAY, DAY), free: 1, paid: 0, voided: 1 },
      { start: bucketStart(now - DAY, DAY), ...zero },
      { start: bucketStart(now, DAY), free: 1, paid: 3, voided: 0 },
    ]);

    // At most `limit` of the latest buckets: the last three hours.
    const hours = await history.series(vera.entryId, 'hour', new Date(now - 3 * DAY), 3);
    expect(hours.map((p) => p.start)).toEqual([bucketStart(now - 2 * HOUR, HOUR), bucketStart(now - HOUR, HOUR), bucketStart(now, HOUR)]);
    expect(hours.at(-1)).toEqual({ start: bucketStart(now, HOUR), free: 1, paid: 3, voided: 0 });

    const both = await history.seriesOf([vera.entryId, olga.entryId, -1], 'day', new Date(now - DAY), 366);
    expect(both.get(vera.entryId)).toEqual(days.slice(2));
    expect(both.get(olga.entryId)).toEqual([
      { start: bucketStart(now - DAY, DAY), ...zero },
      { start: bucketStart(now, DAY), ...zero },
    ]);
    expect(both.get(-1)).toEqual(both.get(olga.entryId));
    expect(await history.seriesOf([], 'day', new Date(now - DAY), 366)).toEqual(new Map());
  });
});
