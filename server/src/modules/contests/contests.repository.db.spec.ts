import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aContest, aGroup, anEntry } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { ContestsRepository, type ContestValues } from './contests.repository.js';

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

describe(ContestsRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let contests: ContestsRepository;
  let transactions: Transactions;

  const values = (fields: Partial<ContestValues> = {}): ContestValues => ({
    name: 'Spring Screams',
    description: 'A contest',
    startDate: inDays(-1),
    endDate: inDays(30),
    isActive: true,
    isCurrent: false,
    groupSizeCap: 20,
    voteChallenge: 'flagged',
    winners: 3,
    timeZone: 'Europe/Paris',
    carryVotes: false,
    categories: null,
    ...fields,
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 3)).initialize();
    transactions = new Transactions(ds);
    contests = new ContestsRepository(ds);
  }, 60_000);
  // Each test starts from no contest at all: the lists read the whole table.
  beforeEach(async () => {
    await db.pool.query('DELETE FROM contests');
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should insert a contest, read it, lock it and change the values given', async () => {
    const given = values();
    const contest = await contests.insert(given);
    expect(contest).toEqual({
      id: expect.any(Number),
      ...given,
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
    expect(await contests.findById(contest.id)).toEqual(contest);
    expect(await contests.findById(-1)).toBeNull();
    expect(await transactions.run(() => contests.lockById(contest.id))).toEqual(contest);
    expect(await transactions.run(() => contests.lockById(-1))).toBeNull();

    await contests.update(contest.id, { name: 'Autumn Screams', groupSizeCap: null, voteChallenge: null });
    await contests.update(contest.id, {});
    const changed = await contests.findById(contest.id);
    expect(changed).toEqual({ ...contest, name: 'Autumn Screams', groupSizeCap: null, voteChallenge: null, updatedAt: expect.any(Date) });
    expect(changed!.updatedAt.getTime()).toBeGreaterThanOrEqual(contest.updatedAt.getTime());

    // A list of its own, then back to the site's (null).
    await contests.update(contest.id, { categories: ['Ghouls', 'Witches'] });
    expect((await contests.findById(contest.id))!.categories).toEqual(['Ghouls', 'Witches']);
    await contests.update(contest.id, { categories: null });
    expect((await contests.findById(contest.id))!.categories).toBeNull();

    await contests.delete(contest.id);
    expect(await contests.findById(contest.id)).toBeNull();
  });

  it('should find the current contest, and unset it but for one, answering the one that was', async () => {
    expect(await contests.findCurrent()).toBeNull();
    const other = await contests.insert(values());
    const current = await contests.insert(values({ isCurrent: true }));
    expect((await contests.findCurrent())?.id).toBe(current.id);

    expect(await transactions.run(() => contests.unsetCurrentExcept(current.id))).toBeNull();
    expect((await contests.findCurrent())?.id).toBe(current.id);
    expect(
      await transactions.run(async () => {
        await contests.lockCurrentSwitch();
        return contests.unsetCurrentExcept(other.id);
      }),
    ).toBe(current.id);
    expect(await contests.findCurrent()).toBeNull();
    expect(await contests.unsetCurrentExcept(null)).toBeNull();
  });

  it('should hold the current-switch lock until the transaction ends', async () => {
    const other = await db.pool.connect();
    try {
      await transactions.run(async () => {
        await contests.lockCurrentSwitch();
        expect((await other.query('SELECT pg_try_advisory_xact_lock(727276) AS got')).rows[0].got).toBe(false);
      });
      expect((await other.query('SELECT pg_try_advisory_xact_lock(727276) AS got')).rows[0].got).toBe(true);
    } finally {
      other.release();
    }
  });

  it('should list the joinable contests soonest first and the running ones by id', async () => {
    const running = await contests.insert(values({ name: 'Running', startDate: inDays(-2) }));
    const upcoming = await contests.insert(values({ name: 'Upcoming', startDate: inDays(5) }));
    const endless = await contests.insert(values({ name: 'Endless', startDate: inDays(-3), endDate: null }));
    await contests.insert(values({ name: 'Ended', startDate: inDays(-9), endDate: inDays(-1) }));
    await contests.insert(values({ name: 'Inactive', isActive: false }));

    expect((await contests.listJoinable()).map((c) => c.id)).toEqual([endless.id, running.id, upcoming.id]);
    expect((await contests.listRunning()).map((c) => c.id)).toEqual([running.id, endless.id]);
  });

  it('should list the contests with winners, the latest ended first, with their contestants and groups counted', async () => {
    const early = await contests.insert(values({ name: 'Early', startDate: inDays(-60), endDate: inDays(-30) }));
    const late = await contests.insert(values({ name: 'Late', startDate: inDays(-20), endDate: inDays(-10) }));
    const endless = await contests.insert(values({ name: 'Endless', startDate: inDays(-20), endDate: null }));
    const none = await contests.insert(values({ name: 'No winners', startDate: inDays(-20), endDate: inDays(-5) }));
    for (const contest of [early, late, endless, none]) {
      const one = await aGroup(db, contest.id, { group_number: 1 });
      await aGroup(db, contest.id, { group_number: 2 });
      await anEntry(db, { contestId: contest.id, groupId: one.id }, { entry: { winner_place: contest === none ? null : 1 } });
    }
    const g = await aGroup(db, late.id, { group_number: 3 });
    await anEntry(db, { contestId: late.id, groupId: g.id });

    const completed = await contests.completed(5);
    expect(completed.map((c) => [c.contest.id, c.contestants, c.groups])).toEqual([
      [late.id, 2, 3],
      [early.id, 1, 2],
      [endless.id, 1, 2],
    ]);
    expect(completed[0].contest).toEqual(late);
    expect((await contests.completed(1)).map((c) => c.contest.id)).toEqual([late.id]);
  });

  it('should page the contests newest first with the total, and count the groups of each', async () => {
    const first = await contests.insert(values({ name: 'First' }));
    const second = await contests.insert(values({ name: 'Second' }));
    const third = await contests.insert(values({ name: 'Third' }));
    await aGroup(db, first.id, { group_number: 1 });
    await aGroup(db, first.id, { group_number: 2 });
    await aGroup(db, third.id);

    const [all, total] = await contests.page(0, 10);
    expect(all.map((c) => c.id)).toEqual([third.id, second.id, first.id]);
    expect(total).toBe(3);
    const [page, same] = await contests.page(1, 1);
    expect(page).toEqual([second]);
    expect(same).toBe(3);

    const counts = await contests.groupCounts([first.id, second.id, third.id]);
    expect([...counts.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [first.id, 2],
      [third.id, 1],
    ]);
    expect((await contests.groupCounts([])).size).toBe(0);
  });

  it('should lock the contests the user has entries in until the transaction ends', async () => {
    const { id: contestId } = await aContest(db, { is_current: false });
    const { id: untouched } = await aContest(db, { is_current: false });
    const group = await aGroup(db, contestId);
    const mira = await anEntry(db, { contestId, groupId: group.id });
    const other = await db.pool.connect();
    try {
      await transactions.run(async () => {
        await contests.lockContestsOfUser(mira.userId);
        await other.query('BEGIN');
        await expect(other.query('SELECT id FROM contests WHERE id = $1 FOR UPDATE NOWAIT', [contestId])).rejects.toThrow(/could not obtain lock/);
        await other.query('ROLLBACK');
        await other.query('BEGIN');
        await other.query('SELECT id FROM contests WHERE id = $1 FOR UPDATE NOWAIT', [untouched]);
        await other.query('ROLLBACK');
      });
    } finally {
      other.release();
    }
  });
});
