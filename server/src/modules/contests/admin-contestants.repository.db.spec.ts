import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aContest, aGroup, anEntry, aProfile, aUser } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { AdminContestantsRepository } from './admin-contestants.repository.js';

describe(AdminContestantsRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let contestants: AdminContestantsRepository;
  let groups: { one: number; two: number };
  let entries: Record<'ada' | 'bea' | 'cid' | 'dan', Awaited<ReturnType<typeof anEntry>>>;
  let loner: { id: number; profileId: number };

  const votes = (entryId: number, n: number) => db.pool.query('UPDATE contest_entries SET current_contest_votes = $2 WHERE id = $1', [entryId, n]);

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    contestants = new AdminContestantsRepository(ds);

    const current = await aContest(db);
    groups = { one: (await aGroup(db, current.id, { group_number: 1 })).id, two: (await aGroup(db, current.id, { group_number: 2 })).id };
    const inOne = { contestId: current.id, groupId: groups.one };
    entries = {
      ada: await anEntry(db, inOne, { username: 'ada' }),
      bea: await anEntry(db, inOne, { username: 'Bea' }),
      cid: await anEntry(db, inOne, { username: 'cid_100%' }),
      dan: await anEntry(db, { contestId: current.id, groupId: groups.two }, { username: 'Dan' }),
    };
    await votes(entries.ada.entryId, 8);
    await votes(entries.bea.entryId, 8);
    await votes(entries.cid.entryId, 3);
    await votes(entries.dan.entryId, 1);
    await db.pool.query('UPDATE contest_entries SET is_eliminated = true WHERE id = $1', [entries.cid.entryId]);
    await db.pool.query("UPDATE users SET first_name = 'Mira', last_name = 'Stone' WHERE id = $1", [entries.dan.userId]);

    // A contestant entered only in a past contest: listed without a standing.
    const past = await aContest(db, { is_current: false });
    const pastGroup = await aGroup(db, past.id);
    const user = await aUser(db, { username: 'Eve' });
    const profile = await aProfile(db, user.id, { total_votes: 40 });
    await db.pool.query('INSERT INTO contest_entries (user_id, profile_id, contest_id, group_id, current_contest_votes) VALUES ($1, $2, $3, $4, 40)', [
      user.id,
      profile.id,
      past.id,
      pastGroup.id,
    ]);
    loner = { id: user.id, profileId: profile.id };
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should list every contestant by name with their rank in their group of the current contest, ties sharing a rank and the next skipping', async () => {
    const [items, total] = await contestants.page(undefined, 0, undefined);
    expect(total).toBe(5);
    expect(items.map((i) => [i.username, i.current_contest_votes, i.rank, i.group_number, i.is_eliminated])).toEqual([
      ['ada', 8, 1, 1, false],
      ['Bea', 8, 1, 1, false],
      ['cid_100%', 3, 3, 1, true],
      ['Dan', 1, 1, 2, false],
      ['Eve', null, null, null, false],
    ]);
    expect(items[4]).toEqual({
      id: loner.profileId,
      user_id: loner.id,
      username: 'Eve',
      first_name: expect.any(String),
      last_name: expect.any(String),
      email: 'eve@example.com',
      picture_url: null,
      category: 'Scream Queens',
      total_votes: 40,
      current_contest_votes: null,
      rank: null,
      group_number: null,
      is_eliminated: false,
    });
  });

  it('should page the list and count every match', async () => {
    const [items, total] = await contestants.page(undefined, 1, 2);
    expect(total).toBe(5);
    expect(items.map((i) => i.username)).toEqual(['Bea', 'cid_100%']);
  });

  it('should search the username and the names in any case, taking % and _ literally', async () => {
    const names = async (q: string) => {
      const [items, total] = await contestants.page(q, 0, undefined);
      expect(total).toBe(items.length);
      return items.map((i) => i.username);
    };
    expect(await names('BE')).toEqual(['Bea']);
    expect(await names('mira st')).toEqual(['Dan']);
    expect(await names('stone')).toEqual(['Dan']);
    expect(await names('0%')).toEqual(['cid_100%']);
    expect(await names('_')).toEqual(['cid_100%']);
    expect(await names('nobody')).toEqual([]);
  });
});
