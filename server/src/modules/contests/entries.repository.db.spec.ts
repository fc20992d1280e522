import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aContest, aGroup, anEntry, aUser } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { EntriesRepository } from './entries.repository.js';

const DAY = 86_400_000;

describe(EntriesRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let entries: EntriesRepository;
  let transactions: Transactions;

  const entryOf = (userId: number, contestId: number, groupId: number) =>
    db.pool.query(
      'INSERT INTO contest_entries (user_id, profile_id, contest_id, group_id) SELECT $1, id, $2, $3 FROM contestant_profiles WHERE user_id = $1 RETURNING id',
      [userId, contestId, groupId],
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 3)).initialize();
    transactions = new Transactions(ds);
    entries = new EntriesRepository(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it("should read and lock the entrant's row, with their profile when they have one", async () => {
    const { id: contestId } = await aContest(db, { is_current: false });
    const group = await aGroup(db, contestId);
    const mira = await anEntry(db, { contestId, groupId: group.id });
    const fan = await aUser(db, { is_verified: true });
    expect(await transactions.run(() => entries.lockEntrant(mira.userId))).toEqual({
      id: mira.userId,
      is_superuser: false,
      is_verified: false,
      profile_id: mira.profileId,
      category: 'Scream Queens',
    });
    expect(await transactions.run(() => entries.lockEntrant(fan.id))).toEqual({
      id: fan.id,
      is_superuser: false,
      is_verified: true,
      profile_id: null,
      category: null,
    });
    expect(await transactions.run(() => entries.lockEntrant(-1))).toBeNull();

    const other = await db.pool.connect();
    try {
      await transactions.run(async () => {
        await entries.lockEntrant(fan.id);
        await other.query('BEGIN');
        await expect(other.query('SELECT id FROM users WHERE id = $1 FOR UPDATE NOWAIT', [fan.id])).rejects.toThrow(/could not obtain lock/);
        await other.query('ROLLBACK');
      });
    } finally {
      other.release();
    }
  });

  it('should tell whether the user is in a contest that has not ended, and which', async () => {
    const ended = await aContest(db, { is_current: false, start_date: new Date(Date.now() - 9 * DAY), end_date: new Date(Date.now() - DAY) });
    const open = await aContest(db, { is_current: false, is_active: false, end_date: new Date(Date.now() + DAY), name: 'Open Cup' });
    const endedGroup = await aGroup(db, ended.id);
    const openGroup = await aGroup(db, open.id, { group_number: 4 });
    const mira = await anEntry(db, { contestId: ended.id, groupId: endedGroup.id });
    expect(await entries.isInOpenContest(mira.userId)).toBe(false);
    expect(await entries.openEntryOf(mira.userId)).toBeNull();

    await entryOf(mira.userId, open.id, openGroup.id);
    expect(await entries.isInOpenContest(mira.userId)).toBe(true);
    expect(await entries.openEntryOf(mira.userId)).toEqual({ contestId: open.id, contestName: 'Open Cup', groupNumber: 4 });
  });

  it('should insert, read, eliminate once and set the votes of an entry', async () => {
    const { id: contestId } = await aContest(db, { is_current: false });
    const group = await aGroup(db, contestId);
    const placed = await anEntry(db, { contestId, groupId: group.id });
    const user = await aUser(db);
    const profileId = (await db.pool.query('INSERT INTO contestant_profiles (user_id, category) VALUES ($1, $2) RETURNING id', [user.id, 'Scream Kings']))
      .rows[0].id;

    const entry = await entries.insert({ userId: user.id, profileId, contestId, groupId: group.id });
    expect(entry).toEqual({
      id: expect.any(Number),
      userId: user.id,
      profileId,
      contestId,
      groupId: group.id,
      currentContestVotes: 0,
      roundStartedAt: null,
      isEliminated: false,
      eliminatedInRound: null,
      winnerPlace: null,
      joinedAt: expect.any(Date),
    });
    expect(await entries.findById(entry.id)).toEqual(entry);
    expect(await entries.findById(-1)).toBeNull();

    await entries.setVotes(entry.id, 12);
    expect((await entries.findById(entry.id))?.currentContestVotes).toBe(12);
    expect(await entries.eliminate(entry.id)).toBe(true);
    expect(await entries.eliminate(entry.id)).toBe(false);
    expect((await entries.findById(entry.id))?.isEliminated).toBe(true);
    expect((await entries.findById(placed.entryId))?.isEliminated).toBe(false);
  });

  it("should list a group's entries by position, equal votes ranked by who joined first, and read one as listed", async () => {
    const { id: contestId } = await aContest(db, { is_current: false });
    const group = await aGroup(db, contestId);
    const other = await aGroup(db, contestId, { group_number: 2 });
    const ada = await anEntry(db, { contestId, groupId: group.id }, { entry: { current_contest_votes: 5, joined_at: new Date(Date.now() - 3 * DAY) } });
    const bea = await anEntry(db, { contestId, groupId: group.id }, { entry: { current_contest_votes: 9, joined_at: new Date(Date.now() - 2 * DAY) } });
    const cid = await anEntry(
      db,
      { contestId, groupId: group.id },
      { entry: { current_contest_votes: 5, joined_at: new Date(Date.now() - 4 * DAY), winner_place: 2 } },
    );
    await anEntry(db, { contestId, groupId: other.id }, { entry: { current_contest_votes: 50 } });
    await db.pool.query("UPDATE contestant_profiles SET pictures_urls = '{/uploads/b.png}' WHERE id = $1", [bea.profileId]);

    const items = await entries.groupItems(group.id);
    expect(items.map((i) => [i.id, i.current_contest_votes, i.rank])).toEqual([
      [bea.entryId, 9, 1],
      [cid.entryId, 5, 2],
      [ada.entryId, 5, 3],
    ]);
    expect(items[0]).toEqual({
      id: bea.entryId,
      user_id: bea.userId,
      username: bea.username,
      first_name: expect.any(String),
      last_name: expect.any(String),
      picture_url: '/uploads/b.png',
      current_contest_votes: 9,
      is_eliminated: false,
      winner_place: null,
      rank: 1,
    });
    expect(await entries.item(ada.entryId)).toEqual(items[2]);
    expect((await entries.item(cid.entryId))?.winner_place).toBe(2);
    expect(await entries.item(-1)).toBeNull();
    expect(await entries.groupItems(-1)).toEqual([]);
  });

  it("should list the user's entries, the current contest's first, then the latest contest first", async () => {
    const old = await aContest(db, { is_current: false, start_date: new Date(Date.now() - 90 * DAY) });
    const recent = await aContest(db, { is_current: false, start_date: new Date(Date.now() - 10 * DAY) });
    await db.pool.query('UPDATE contests SET is_current = false');
    const current = await aContest(db, { start_date: new Date(Date.now() - 30 * DAY) });
    const oldGroup = await aGroup(db, old.id);
    const mira = await anEntry(db, { contestId: old.id, groupId: oldGroup.id }, { entry: { current_contest_votes: 4, paid_votes: 3, winner_place: 1 } });
    await entryOf(mira.userId, recent.id, (await aGroup(db, recent.id)).id);
    await entryOf(mira.userId, current.id, (await aGroup(db, current.id)).id);

    const rows = await entries.ofUser(mira.userId);
    expect(rows.map((r) => [r.contest_id, r.is_current])).toEqual([
      [current.id, true],
      [recent.id, false],
      [old.id, false],
    ]);
    expect(rows[2]).toEqual({
      id: mira.entryId,
      contest_id: old.id,
      group_id: oldGroup.id,
      current_contest_votes: 4,
      paid_votes: 3,
      is_eliminated: false,
      winner_place: 1,
      joined_at: expect.any(Date),
      is_current: false,
    });
    expect(await entries.ofUser(-1)).toEqual([]);
  });
});
