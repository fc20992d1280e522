import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aContest, aGroup, anEntry } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { SeedRepository } from './seed.repository.js';

describe(SeedRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let transactions: Transactions;
  let seeds: SeedRepository;

  /** Whether another session could take the seed's lock now (it lets it go at once). */
  const lockIsFree = async () => (await db.pool.query('SELECT pg_try_advisory_xact_lock(727275) AS free')).rows[0].free as boolean;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    transactions = new Transactions(ds);
    seeds = new SeedRepository(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should hold the seed lock until the open transaction ends', async () => {
    await transactions.run(async () => {
      await seeds.lock();
      expect(await lockIsFree()).toBe(false);
    });
    expect(await lockIsFree()).toBe(true);
  });

  it('should write an account as given, find it by username or e-mail in any letter case, and change it', async () => {
    expect(await seeds.hasUsers()).toBe(false);
    const admin = await seeds.insertUser({
      username: 'Admin',
      email: 'Admin@Example.com',
      password_hash: 'hash-1',
      is_superuser: true,
      staff_role: 'owner',
      is_verified: true,
    });
    expect(admin).toEqual({
      id: expect.any(Number),
      username: 'Admin',
      email: 'Admin@Example.com',
      is_superuser: true,
      staff_role: 'owner',
      is_verified: true,
    });
    expect(await seeds.hasUsers()).toBe(true);
    const other = await seeds.insertUser({ username: 'mira', email: 'mira@example.com', password_hash: 'hash-2', first_name: 'Mira' });
    expect(other).toMatchObject({ username: 'mira', is_superuser: false, staff_role: null, is_verified: false });

    expect(await seeds.usersMatching('ADMIN', 'nobody@example.com')).toEqual([admin]);
    expect(await seeds.usersMatching('nobody', 'admin@example.COM')).toEqual([admin]);
    expect((await seeds.usersMatching('Mira', 'admin@example.com')).map((u) => u.id).sort((a, b) => a - b)).toEqual([admin.id, other.id]);
    expect(await seeds.usersMatching('nobody', 'nobody@example.com')).toEqual([]);

    await seeds.updateUser(other.id, { is_superuser: true, staff_role: 'moderator', is_verified: true, password_hash: 'hash-3' });
    const { rows } = await db.pool.query('SELECT is_superuser, staff_role, is_verified, password_hash, first_name FROM users WHERE id = $1', [other.id]);
    expect(rows).toEqual([{ is_superuser: true, staff_role: 'moderator', is_verified: true, password_hash: 'hash-3', first_name: 'Mira' }]);
  });

  it("should lock the owners' rows until the transaction ends, and answer their ids lowest first", async () => {
    const owners = (await db.pool.query(`SELECT id FROM users WHERE staff_role = 'owner' ORDER BY id`)).rows.map((r) => r.id as number);
    const later = await seeds.insertUser({ username: 'later_owner', email: 'later@example.com', password_hash: 'h', is_superuser: true, staff_role: 'owner' });
    const moderator = await seeds.insertUser({
      username: 'a_mod',
      email: 'a_mod@example.com',
      password_hash: 'h',
      is_superuser: true,
      staff_role: 'moderator',
    });
    await transactions.run(async () => {
      expect(await seeds.lockOwnerIds()).toEqual([...owners, later.id]);
      await expect(db.pool.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE NOWAIT', [later.id])).rejects.toMatchObject({ code: '55P03' });
      await expect(db.pool.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE NOWAIT', [moderator.id])).resolves.toMatchObject({ rowCount: 1 });
    });
    await expect(db.pool.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE NOWAIT', [later.id])).resolves.toMatchObject({ rowCount: 1 });
  });

  it('should write a demo profile as given', async () => {
    const user = await seeds.insertUser({ username: 'ghoul', email: 'ghoul@example.com', password_hash: 'hash', is_competitor: true });
    const profile = await seeds.insertProfile({
      user_id: user.id,
      category: 'Creature Performers',
      biography: 'Born on Halloween.',
      pictures_urls: ['/uploads/a.jpg', '/uploads/b.jpg'],
      total_votes: 120,
      profile_views: 900,
    });
    expect(profile).toEqual({ id: expect.any(Number), total_votes: 120 });
    const { rows } = await db.pool.query('SELECT user_id, category, pictures_urls, total_votes, profile_views FROM contestant_profiles WHERE id = $1', [
      profile.id,
    ]);
    expect(rows).toEqual([
      {
        user_id: user.id,
        category: 'Creature Performers',
        pictures_urls: ['/uploads/a.jpg', '/uploads/b.jpg'],
        total_votes: 120,
        profile_views: 900,
      },
    ]);

    // The answers go to the questions of those keys; a key no question has is skipped.
    await db.pool.query(
      `INSERT INTO profile_questions (key, label, public_label) VALUES ('horror_passion', 'Passion?', 'Passion'), ('ideal_horror_role', 'Role?', 'Role')`,
    );
    await seeds.insertAnswers(profile.id, { ideal_horror_role: 'The final girl', horror_passion: 'Slashers', no_such_question: 'Lost' });
    const answers = await db.pool.query(
      'SELECT q.key, a.answer FROM profile_answers a JOIN profile_questions q ON q.id = a.question_id WHERE a.profile_id = $1 ORDER BY q.key',
      [profile.id],
    );
    expect(answers.rows).toEqual([
      { key: 'horror_passion', answer: 'Slashers' },
      { key: 'ideal_horror_role', answer: 'The final girl' },
    ]);
    await seeds.insertAnswers(profile.id, {});
  });

  it('should write demo votes in the ledger between the two moments, more of them later, the same pattern each time', async () => {
    const contest = await aContest(db);
    const group = await aGroup(db, contest.id);
    const [first, second] = [await anEntry(db, { contestId: contest.id, groupId: group.id }), await anEntry(db, { contestId: contest.id, groupId: group.id })];
    const from = new Date('2026-11-01T00:00:00Z');
    const to = new Date('2026-11-21T00:00:00Z');
    const midway = new Date('2026-11-11T00:00:00Z');
    for (const e of [first, second]) {
      await seeds.insertDemoVotes({ id: e.entryId, profileId: e.profileId, contestId: contest.id, groupId: group.id }, 200, from, to);
    }
    const votes = async (entryId: number) =>
      (
        await db.pool.query(
          `SELECT profile_id, contest_id, group_id, kind, weight, voter_hash, network_hash, user_id, created_at FROM votes WHERE entry_id = $1 ORDER BY created_at`,
          [entryId],
        )
      ).rows as { created_at: Date }[];
    const rows = await votes(first.entryId);
    expect(rows).toHaveLength(200);
    expect(rows[0]).toEqual({
      profile_id: first.profileId,
      contest_id: contest.id,
      group_id: group.id,
      kind: 'free',
      weight: 1,
      voter_hash: null,
      network_hash: null,
      user_id: null,
      created_at: expect.any(Date),
    });
    expect(rows[0].created_at.getTime()).toBeGreaterThanOrEqual(from.getTime());
    expect(rows.at(-1)!.created_at.getTime()).toBeLessThanOrEqual(to.getTime());
    const early = rows.filter((r) => r.created_at < midway).length;
    expect(early).toBeLessThan(200 - early);
    // A fixed pattern: the second entry's votes fall at the same moments.
    expect((await votes(second.entryId)).map((r) => r.created_at.getTime())).toEqual(rows.map((r) => r.created_at.getTime()));
  });
});
