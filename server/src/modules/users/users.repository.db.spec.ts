import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aProfile, aUser } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { UserEntity } from './entities/user.entity.js';
import { UsersRepository } from './users.repository.js';
import type { NewContestant } from './users.types.js';

const contestant = (username: string, email: string): NewContestant => ({
  username,
  email,
  passwordHash: '$argon2id$not-a-real-hash',
  firstName: 'Ada',
  lastName: 'Shriek',
  phoneNumber: '5551234567',
  instagram: null,
  tiktok: null,
  category: 'Scream Queens',
  biography: 'Screams.',
  picturesUrls: ['/uploads/profiles/a.png'],
  answers: [],
  locale: 'en',
});

/** Ten minutes ago, so that a write's now() is later. */
const LONG_AGO = () => new Date(Date.now() - 600_000);

describe(UsersRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let users: UsersRepository;
  let transactions: Transactions;

  /** When the row was last written, in milliseconds. */
  const updatedAt = async (table: 'users' | 'contestant_profiles', id: number): Promise<number> =>
    (await db.pool.query(`SELECT updated_at FROM ${table} WHERE id = $1`, [id])).rows[0].updated_at.getTime();
  const profileCount = async (userId: number): Promise<number> =>
    (await db.pool.query('SELECT count(*)::int AS n FROM contestant_profiles WHERE user_id = $1', [userId])).rows[0].n;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 3)).initialize();
    users = new UsersRepository(ds);
    transactions = new Transactions(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should create a user with a profile and find it by either name in any letter case', async () => {
    const created = await transactions.run(() =>
      users.insertContestant({ ...contestant('Mira', 'Mira@Example.com'), tiktok: 'https://www.tiktok.com/@mira', locale: 'pt-BR' }),
    );
    expect(created).toEqual({
      id: expect.any(Number),
      username: 'Mira',
      email: 'Mira@Example.com',
      passwordHash: '$argon2id$not-a-real-hash',
      passwordSet: true,
      firstName: 'Ada',
      lastName: 'Shriek',
      phoneNumber: '5551234567',
      instagram: null,
      tiktok: 'https://www.tiktok.com/@mira',
      isSuperuser: false,
      staffRole: null,
      isCompetitor: true,
      isVerified: false,
      twoFactorEnabledAt: null,
      locale: 'pt-BR',
      deletionDueAt: null,
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
      profile: {
        id: expect.any(Number),
        userId: created?.id,
        category: 'Scream Queens',
        biography: 'Screams.',
        picturesUrls: ['/uploads/profiles/a.png'],
        totalVotes: 0,
        paidVotes: 0,
        profileViews: 0,
        createdAt: expect.any(Date),
        updatedAt: expect.any(Date),
      },
    });
    const { profile, ...account } = created!;
    expect(await users.findByLogin('MIRA')).toEqual(account);
    expect(await users.findByLogin('mira@example.COM')).toEqual(account);
    expect(await users.findByUsername('mIRA')).toEqual(account);
    expect(await users.findByEmail('MIRA@EXAMPLE.COM')).toEqual(account);
    expect(await users.findById(account.id)).toEqual(account);
    expect(await users.findWithProfile(account.id)).toEqual(created);
    expect(await users.findWithProfileByUsername('mira')).toEqual(created);
    expect(await users.findWithProfileByProfileId(profile!.id)).toEqual(created);
  });

  it('should answer null for accounts and profiles that do not exist', async () => {
    expect(await users.findByLogin('nobody')).toBeNull();
    expect(await users.findByUsername('nobody')).toBeNull();
    expect(await users.findByEmail('nobody@example.com')).toBeNull();
    expect(await users.findById(-1)).toBeNull();
    expect(await users.findWithProfile(-1)).toBeNull();
    expect(await users.findWithProfileByUsername('nobody')).toBeNull();
    expect(await users.findWithProfileByProfileId(-1)).toBeNull();
  });

  it('should answer a user without a contestant profile with a null profile', async () => {
    const admin = await aUser(db, { username: 'Keeper', is_superuser: true });
    expect(await users.findWithProfile(admin.id)).toMatchObject({ id: admin.id, username: 'Keeper', isSuperuser: true, profile: null });
    expect(await users.findWithProfileByUsername('KEEPER')).toMatchObject({ id: admin.id, profile: null });
  });

  it('should name the field another account already holds', async () => {
    expect(await users.findTaken('mira', 'new@example.com')).toBe('username');
    expect(await users.findTaken('someone_new', 'MIRA@example.com')).toBe('email');
    expect(await users.findTaken('MIRA', 'MIRA@example.com')).toBe('username');
    expect(await users.findTaken('someone_new', 'new@example.com')).toBeNull();
  });

  it('should answer null instead of failing when the name was taken meanwhile, writing nothing', async () => {
    const before = await ds.getRepository(UserEntity).count();
    const { rows: profilesBefore } = await db.pool.query('SELECT count(*)::int AS n FROM contestant_profiles');
    expect(await transactions.run(() => users.insertContestant(contestant('MIRA', 'other@example.com')))).toBeNull();
    expect(await transactions.run(() => users.insertContestant(contestant('other', 'mira@EXAMPLE.com')))).toBeNull();
    expect(await ds.getRepository(UserEntity).count()).toBe(before);
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM contestant_profiles');
    expect(rows[0].n).toBe(profilesBefore[0].n);
  });

  it('should prefer a username match over an e-mail match when signing in', async () => {
    // An account whose username looks like another one's e-mail (possible for accounts made by the admin command).
    await aUser(db, { username: 'odd@example.com', email: 'odd-owner@example.com' });
    await aUser(db, { username: 'plain', email: 'odd@example.com' });
    expect((await users.findByLogin('ODD@example.com'))?.username).toBe('odd@example.com');
    expect((await users.findByEmail('ODD@example.com'))?.username).toBe('plain');
  });

  it("should read, change and create a profile's category, answering the profile's id and category", async () => {
    const owner = await aUser(db);
    const profile = await aProfile(db, owner.id, { category: 'Teen Queens' });
    expect(await users.findProfileBasics(owner.id)).toEqual({ profileId: profile.id, category: 'Teen Queens' });

    await db.pool.query('UPDATE contestant_profiles SET updated_at = $2 WHERE id = $1', [profile.id, LONG_AGO()]);
    // Any category is stored as given: which ones are offered is the service's check.
    expect(await users.updateCategory(owner.id, 'Mystery')).toEqual({ profileId: profile.id, category: 'Mystery' });
    expect(await users.findProfileBasics(owner.id)).toEqual({ profileId: profile.id, category: 'Mystery' });
    expect(await updatedAt('contestant_profiles', profile.id)).toBeGreaterThan(Date.now() - 60_000);

    const newcomer = await aUser(db);
    expect(await users.findProfileBasics(newcomer.id)).toBeNull();
    expect(await users.updateCategory(newcomer.id, 'Scream Queens')).toBeNull();
    expect(await users.findProfileBasics(newcomer.id)).toBeNull();

    const created = await users.createProfile(newcomer.id, 'Creature Killer');
    expect(created).toEqual({ profileId: expect.any(Number), category: 'Creature Killer' });
    expect(await users.findProfileBasics(newcomer.id)).toEqual(created);
    // A profile made meanwhile is updated, not duplicated.
    expect(await users.createProfile(newcomer.id, 'Teen Queens')).toEqual({ profileId: created.profileId, category: 'Teen Queens' });
    expect(await profileCount(newcomer.id)).toBe(1);
    // Only that user's profile changed.
    expect(await users.findProfileBasics(owner.id)).toEqual({ profileId: profile.id, category: 'Mystery' });
  });

  it('should mark an account a contestant, verified, or with a new password hash, and no other account', async () => {
    const fan = await aUser(db);
    const other = await aUser(db);
    await db.pool.query('UPDATE users SET updated_at = $1', [LONG_AGO()]);

    await users.markCompetitor(fan.id);
    expect(await users.findById(fan.id)).toMatchObject({ isCompetitor: true, isVerified: false });

    await users.markVerified(fan.id);
    expect(await users.findById(fan.id)).toMatchObject({ isCompetitor: true, isVerified: true });
    expect(await updatedAt('users', fan.id)).toBeGreaterThan(Date.now() - 60_000);

    await db.pool.query('UPDATE users SET password_set = false WHERE id = $1', [fan.id]);
    await users.setPasswordHash(fan.id, '$argon2id$another-hash');
    // A password set (a reset) is the account's own from then on.
    expect(await users.findById(fan.id)).toMatchObject({ passwordHash: '$argon2id$another-hash', passwordSet: true });

    expect(await users.findById(other.id)).toMatchObject({ isCompetitor: false, isVerified: false, passwordHash: '$argon2id$not-a-real-hash' });
    expect(await updatedAt('users', other.id)).toBeLessThan(Date.now() - 60_000);
  });

  it("should lock every owner, lowest id first, and read a deletion's target under its row lock", async () => {
    const before = await users.lockOwnerIds();
    const second = await aUser(db, { staff_role: 'owner' });
    const first = await aUser(db, { staff_role: 'owner' });
    const organizer = await aUser(db, { staff_role: 'organizer' });
    expect(await users.lockOwnerIds()).toEqual([...before, second.id, first.id].sort((a, b) => a - b));

    const target = await aUser(db, { username: 'Gone', is_competitor: true });
    const profile = await aProfile(db, target.id, { pictures_urls: ['/uploads/profiles/g1.png', '/uploads/profiles/g2.png'] });
    await transactions.run(async () => {
      expect(await users.lockOwnerIds()).toContain(first.id);
      expect(await users.lockForDeletion(target.id)).toEqual({
        id: target.id,
        username: 'Gone',
        isSuperuser: false,
        staffRole: null,
        isCompetitor: true,
        picturesUrls: ['/uploads/profiles/g1.png', '/uploads/profiles/g2.png'],
      });
      // The user and the owners are locked until the transaction ends; other staff and the profile are not.
      await expect(db.pool.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE NOWAIT', [target.id])).rejects.toMatchObject({ code: '55P03' });
      await expect(db.pool.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE NOWAIT', [first.id])).rejects.toMatchObject({ code: '55P03' });
      await expect(db.pool.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE NOWAIT', [organizer.id])).resolves.toMatchObject({ rowCount: 1 });
      await expect(db.pool.query('SELECT 1 FROM contestant_profiles WHERE id = $1 FOR UPDATE NOWAIT', [profile.id])).resolves.toMatchObject({ rowCount: 1 });
    });
    await expect(db.pool.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE NOWAIT', [target.id])).resolves.toMatchObject({ rowCount: 1 });

    const bare = await aUser(db, { username: 'Bare' });
    expect(await users.lockForDeletion(bare.id)).toEqual({
      id: bare.id,
      username: 'Bare',
      isSuperuser: false,
      staffRole: null,
      isCompetitor: false,
      picturesUrls: [],
    });
    expect(await users.lockForDeletion(organizer.id)).toMatchObject({ isSuperuser: true, staffRole: 'organizer' });
    expect(await users.lockForDeletion(-1)).toBeNull();
  });

  it('should read the staff role with the user, as the guards and GET /users/me do', async () => {
    const moderator = await aUser(db, { username: 'Mod.Role', staff_role: 'moderator' });
    const fan = await aUser(db, { username: 'Plain.Fan' });
    expect(await users.findByUsername('mod.role')).toMatchObject({ id: moderator.id, isSuperuser: true, staffRole: 'moderator' });
    expect(await users.findWithProfile(moderator.id)).toMatchObject({ staffRole: 'moderator', profile: null });
    expect(await users.findById(fan.id)).toMatchObject({ isSuperuser: false, staffRole: null });
  });

  describe('staff roles', () => {
    it('should list the staff, owners then organizers then moderators, each by username in any letter case, and no one else', async () => {
      const zed = await aUser(db, {
        username: 'zed',
        first_name: 'Zed',
        last_name: 'Owner',
        staff_role: 'owner',
        // Sealed as the two-factor setup seals it; only its presence matters here.
        two_factor_secret: 'sealed',
        two_factor_enabled_at: new Date('2026-11-01T12:00:00Z'),
      });
      const amy = await aUser(db, { username: 'Amy', staff_role: 'owner' });
      const mod = await aUser(db, { username: 'able_mod', staff_role: 'moderator' });
      const org = await aUser(db, { username: 'org', staff_role: 'organizer' });
      const fan = await aUser(db, { username: 'fan', is_competitor: true });
      const list = await users.listStaff();
      const made = [zed.id, amy.id, mod.id, org.id, fan.id];
      expect(list.filter((m) => made.includes(m.id)).map((m) => [m.username, m.staff_role])).toEqual([
        ['Amy', 'owner'],
        ['zed', 'owner'],
        ['org', 'organizer'],
        ['able_mod', 'moderator'],
      ]);
      expect(list.find((m) => m.id === zed.id)).toEqual({
        id: zed.id,
        username: 'zed',
        email: 'zed@example.com',
        first_name: 'Zed',
        last_name: 'Owner',
        staff_role: 'owner',
        two_factor_enabled_at: new Date('2026-11-01T12:00:00Z'),
        last_login_at: null,
      });
      // Every staff account of the database, in the roles' order, and no one else.
      const { rows } = await db.pool.query('SELECT id FROM users WHERE staff_role IS NOT NULL');
      expect(list.map((m) => m.id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id as number).sort((a, b) => a - b));
      const order = ['owner', 'organizer', 'moderator'];
      expect(list.map((m) => order.indexOf(m.staff_role!))).toEqual(list.map((m) => order.indexOf(m.staff_role!)).sort());
    });

    it('should read a candidate by username in any letter case under its row lock, and answer null for an unknown one', async () => {
      const fan = await aUser(db, { username: 'Cand.Idate', is_competitor: true, is_verified: false });
      await transactions.run(async () => {
        expect(await users.lockStaffCandidate('cand.idate')).toEqual({
          id: fan.id,
          username: 'Cand.Idate',
          email: 'cand.idate@example.com',
          first_name: '',
          last_name: '',
          staff_role: null,
          two_factor_enabled_at: null,
          last_login_at: null,
          is_verified: false,
          is_competitor: true,
        });
        await expect(db.pool.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE NOWAIT', [fan.id])).rejects.toMatchObject({ code: '55P03' });
      });
      expect(await users.lockStaffCandidate('nobody_here')).toBeNull();
    });

    it('should set a role with the staff flag beside it, revoke both, and answer null for no such account', async () => {
      const user = await aUser(db, { username: 'Promoted' });
      const flags = async () => (await db.pool.query('SELECT is_superuser, staff_role FROM users WHERE id = $1', [user.id])).rows[0];
      expect(await users.setStaffRole(user.id, 'organizer')).toMatchObject({ id: user.id, username: 'Promoted', staff_role: 'organizer' });
      expect(await flags()).toEqual({ is_superuser: true, staff_role: 'organizer' });
      expect(await users.setStaffRole(user.id, 'owner')).toMatchObject({ staff_role: 'owner' });
      expect(await flags()).toEqual({ is_superuser: true, staff_role: 'owner' });
      expect(await users.setStaffRole(user.id, null)).toMatchObject({ staff_role: null });
      expect(await flags()).toEqual({ is_superuser: false, staff_role: null });
      expect(await users.setStaffRole(-1, 'owner')).toBeNull();
    });

    it("should record a sign-in's time on that account alone, leaving updated_at, and list it with the staff", async () => {
      const signedIn = await aUser(db, { username: 'Signed.In', staff_role: 'moderator' });
      const never = await aUser(db, { username: 'Never.In', staff_role: 'moderator' });
      await db.pool.query('UPDATE users SET updated_at = $1 WHERE id = ANY($2)', [LONG_AGO(), [signedIn.id, never.id]]);
      const lastLogin = async (id: number) => (await users.listStaff()).find((m) => m.id === id)!.last_login_at;
      expect(await lastLogin(signedIn.id)).toBeNull();

      const before = Date.now();
      await users.recordSignIn(signedIn.id, 'pt-BR');
      const first = await lastLogin(signedIn.id);
      expect(first).toBeInstanceOf(Date);
      // now() of the database and Date.now() of this process: the same clock, a second's slack either way.
      expect(first!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
      expect(first!.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
      expect(await lastLogin(never.id)).toBeNull();
      expect(await updatedAt('users', signedIn.id)).toBeLessThan(Date.now() - 60_000);
      // The language it signed in with is the one its e-mails follow; the other account keeps English.
      expect((await users.findById(signedIn.id))!.locale).toBe('pt-BR');
      expect((await users.findById(never.id))!.locale).toBe('en');

      // A later sign-in replaces it; one inside a transaction that rolls back leaves it as it was.
      await new Promise((resolve) => setTimeout(resolve, 5));
      await users.recordSignIn(signedIn.id, 'en');
      const second = await lastLogin(signedIn.id);
      expect(second!.getTime()).toBeGreaterThan(first!.getTime());
      expect((await users.findById(signedIn.id))!.locale).toBe('en');
      await new Promise((resolve) => setTimeout(resolve, 5));
      await expect(
        transactions.run(async () => {
          await users.recordSignIn(signedIn.id, 'pt-BR');
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await lastLogin(signedIn.id)).toEqual(second);
      expect((await users.findById(signedIn.id))!.locale).toBe('en');
      await users.setLocale(signedIn.id, 'pt-BR');
      expect((await users.findById(signedIn.id))!.locale).toBe('pt-BR');
      await users.recordSignIn(-1, 'pt-BR');
      expect(await lastLogin(never.id)).toBeNull();
    });

    it('should hold the staff flag and the role in step, and know no other role', async () => {
      const user = await aUser(db, { username: 'Checked' });
      for (const statement of [
        `UPDATE users SET is_superuser = true WHERE id = $1`,
        `UPDATE users SET staff_role = 'owner' WHERE id = $1`,
        `UPDATE users SET staff_role = 'janitor', is_superuser = true WHERE id = $1`,
      ]) {
        await expect(db.pool.query(statement, [user.id])).rejects.toMatchObject({ code: '23514' });
      }
    });
  });

  it("should make a provider's fan verified, without a password of its own, and refuse a taken e-mail without writing", async () => {
    const fan = await users.insertFan({ username: 'fan_abc123', email: 'Provider.Fan@example.com', passwordHash: '$argon2id$random', locale: 'pt-BR' });
    expect(fan).toMatchObject({ username: 'fan_abc123', isVerified: true, isCompetitor: false, isSuperuser: false, passwordSet: false, locale: 'pt-BR' });
    expect(await users.insertFan({ username: 'fan_other', email: 'Provider.Fan@example.com', passwordHash: '$argon2id$random', locale: 'en' })).toBeNull();
    expect(await users.findByUsername('fan_other')).toBeNull();
  });
});
