import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
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
});

describe(UsersRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let users: UsersRepository;
  let transactions: Transactions;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 3)).initialize();
    users = new UsersRepository(ds);
    transactions = new Transactions(ds);
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should create a user with a profile and find it by either name in any letter case', async () => {
    const created = await transactions.run(() => users.insertContestant(contestant('Mira', 'Mira@Example.com')));
    expect(created).toMatchObject({ username: 'Mira', isCompetitor: true, isVerified: false, isSuperuser: false });
    expect(created?.profile).toMatchObject({ userId: created?.id, picturesUrls: ['/uploads/profiles/a.png'] });
    expect((await users.findByLogin('MIRA'))?.id).toBe(created?.id);
    expect((await users.findByLogin('mira@example.COM'))?.id).toBe(created?.id);
    expect((await users.findWithProfile(created!.id))?.profile?.category).toBe('Scream Queens');
  });

  it('should name the field another account already holds', async () => {
    expect(await users.findTaken('mira', 'new@example.com')).toBe('username');
    expect(await users.findTaken('someone_new', 'MIRA@example.com')).toBe('email');
    expect(await users.findTaken('someone_new', 'new@example.com')).toBeNull();
  });

  it('should answer null instead of failing when the name was taken meanwhile, writing nothing', async () => {
    const before = await ds.getRepository(UserEntity).count();
    const second = await transactions.run(() => users.insertContestant(contestant('MIRA', 'other@example.com')));
    expect(second).toBeNull();
    expect(await ds.getRepository(UserEntity).count()).toBe(before);
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM contestant_profiles');
    expect(rows[0].n).toBe(before);
  });

  it('should prefer a username match over an e-mail match when signing in', async () => {
    // An account whose username looks like another one's e-mail (possible for accounts made by the admin command).
    await ds.query(`INSERT INTO users (username, email, password_hash) VALUES ('odd@example.com', 'odd-owner@example.com', 'x')`);
    await ds.query(`INSERT INTO users (username, email, password_hash) VALUES ('plain', 'odd@example.com', 'x')`);
    expect((await users.findByLogin('ODD@example.com'))?.username).toBe('odd@example.com');
  });
});
