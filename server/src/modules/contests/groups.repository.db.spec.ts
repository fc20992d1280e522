import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aContest, aGroup, anEntry } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { GroupsRepository } from './groups.repository.js';

describe(GroupsRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let groups: GroupsRepository;

  const countOf = async (groupId: number) => (await groups.findById(groupId))?.currentContestantsCount;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    groups = new GroupsRepository(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should add groups numbered one after the last, read them and page them by number with the total', async () => {
    const { id: contestId } = await aContest(db, { is_current: false });
    const { id: otherId } = await aContest(db, { is_current: false });
    await aGroup(db, otherId, { group_number: 7 });
    const first = await groups.insertNext(contestId);
    expect(first).toEqual({ id: expect.any(Number), contestId, groupNumber: 1, isActive: true, currentContestantsCount: 0, createdAt: expect.any(Date) });
    const second = await groups.insertNext(contestId);
    const third = await groups.insertNext(contestId);
    expect([second.groupNumber, third.groupNumber]).toEqual([2, 3]);
    expect(await groups.findById(second.id)).toEqual(second);
    expect(await groups.findById(-1)).toBeNull();

    const [all, total] = await groups.page(contestId, 0);
    expect(all.map((g) => g.groupNumber)).toEqual([1, 2, 3]);
    expect(total).toBe(3);
    const [some, same] = await groups.page(contestId, 1, 1);
    expect(some.map((g) => g.id)).toEqual([second.id]);
    expect(same).toBe(3);
    expect(await groups.page(-1, 0, 5)).toEqual([[], 0]);
  });

  it('should find the lowest-numbered active group with room, and the fullest group', async () => {
    const { id: contestId } = await aContest(db, { is_current: false });
    const one = await aGroup(db, contestId, { group_number: 1, current_contestants_count: 3 });
    const two = await aGroup(db, contestId, { group_number: 2, current_contestants_count: 1, is_active: false });
    const three = await aGroup(db, contestId, { group_number: 3, current_contestants_count: 2 });
    await aGroup(db, contestId, { group_number: 4, current_contestants_count: 3 });
    expect((await groups.lowestOpen(contestId, 3))?.id).toBe(three.id);
    expect((await groups.lowestOpen(contestId, 4))?.id).toBe(one.id);
    expect(await groups.lowestOpen(contestId, 2)).toBeNull();
    // Ties go to the lower number.
    expect((await groups.fullest(contestId))?.id).toBe(one.id);
    expect(await groups.fullest(-1)).toBeNull();

    await groups.setActive(two.id, true);
    expect((await groups.lowestOpen(contestId, 3))?.id).toBe(two.id);
    await groups.setActive(two.id, false);
    expect((await groups.findById(two.id))?.isActive).toBe(false);
  });

  it("should count an entry placed, and give back the places of a user's entries", async () => {
    const { id: a } = await aContest(db, { is_current: false });
    const { id: b } = await aContest(db, { is_current: false });
    const ga = await aGroup(db, a);
    const gb = await aGroup(db, b);
    const mira = await anEntry(db, { contestId: a, groupId: ga.id });
    await db.pool.query('INSERT INTO contest_entries (user_id, profile_id, contest_id, group_id) VALUES ($1, $2, $3, $4)', [
      mira.userId,
      mira.profileId,
      b,
      gb.id,
    ]);
    await anEntry(db, { contestId: a, groupId: ga.id });
    await groups.addEntry(ga.id);
    await groups.addEntry(ga.id);
    await groups.addEntry(gb.id);
    expect([await countOf(ga.id), await countOf(gb.id)]).toEqual([2, 1]);

    await groups.releaseEntriesOfUser(mira.userId);
    expect([await countOf(ga.id), await countOf(gb.id)]).toEqual([1, 0]);
  });
});
