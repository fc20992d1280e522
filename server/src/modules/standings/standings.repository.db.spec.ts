import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aContest, aGroup, anEntry } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { StandingsRepository } from './standings.repository.js';

describe(StandingsRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let standings: StandingsRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    standings = new StandingsRepository(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should have no current contest groups while no contest is current', async () => {
    await aContest(db, { is_current: false });
    expect(await standings.currentContestGroups()).toBeNull();
  });

  it("should read a group's entries with their counts and first picture, and the current contest's groups by number", async () => {
    const contest = await aContest(db);
    const second = await aGroup(db, contest.id, { group_number: 2 });
    const first = await aGroup(db, contest.id, { group_number: 1 });
    const mira = await anEntry(db, { contestId: contest.id, groupId: first.id }, { username: 'Mira', entry: { current_contest_votes: 7, paid_votes: 2 } });
    await db.pool.query("UPDATE contestant_profiles SET pictures_urls = '{/uploads/a.png,/uploads/b.png}', total_votes = 9 WHERE id = $1", [mira.profileId]);

    expect(await standings.currentContestGroups()).toEqual({ contestId: contest.id, groupIds: [first.id, second.id] });
    const rows = await standings.group(first.id);
    expect(rows?.group).toEqual({ id: first.id, group_number: 1, contest_id: contest.id });
    expect(rows?.entries).toEqual([
      {
        id: mira.entryId,
        user_id: mira.userId,
        username: 'Mira',
        first_name: expect.any(String),
        last_name: expect.any(String),
        picture_url: '/uploads/a.png',
        current_contest_votes: 7,
        paid_votes: 2,
        total_votes: 9,
        is_eliminated: false,
        winner_place: null,
        joined_at: expect.any(Date),
      },
    ]);
    expect(await standings.group(-1)).toBeNull();
  });
});
