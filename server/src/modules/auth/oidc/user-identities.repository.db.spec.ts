import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aUser } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { hashToken } from '../email-tokens.service.js';
import { UserIdentitiesRepository } from './user-identities.repository.js';

const inTenMinutes = () => new Date(Date.now() + 600_000);

describe(UserIdentitiesRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let identities: UserIdentitiesRepository;

  const pending = (state: string, linkUserId: number | null = null, expiresAt = inTenMinutes()) => ({
    stateHash: hashToken(state),
    provider: 'google' as const,
    nonce: `nonce-${state}`,
    codeVerifier: `verifier-${state}`,
    returnTo: '/vote/3',
    linkUserId,
    expiresAt,
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    identities = new UserIdentitiesRepository(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should link one provider account to one account: a second link of the same subject, or of the same provider to the account, writes nothing', async () => {
    const [a, b] = [await aUser(db), await aUser(db)];
    expect(await identities.insert({ provider: 'google', subject: 'sub-1', userId: a.id, email: 'a@example.com' })).toBe(true);
    expect(await identities.insert({ provider: 'google', subject: 'sub-1', userId: b.id, email: 'a@example.com' })).toBe(false);
    expect(await identities.insert({ provider: 'google', subject: 'sub-2', userId: a.id, email: 'a@example.com' })).toBe(false);
    expect(await identities.insert({ provider: 'apple', subject: 'sub-1', userId: a.id, email: 'a@example.com' })).toBe(true);
    expect(await identities.find('google', 'sub-1')).toMatchObject({ provider: 'google', subject: 'sub-1', userId: a.id, email: 'a@example.com' });
    expect(await identities.find('google', 'sub-2')).toBeNull();
    expect((await identities.ofUser(a.id)).map((i) => i.provider)).toEqual(['google', 'apple']);
    expect(await identities.ofUser(b.id)).toEqual([]);
  });

  it("should unlink only the account's own provider, and go with the account", async () => {
    const [a, b] = [await aUser(db), await aUser(db)];
    await identities.insert({ provider: 'google', subject: 'sub-unlink', userId: a.id, email: 'a@example.com' });
    expect(await identities.remove(b.id, 'google')).toBe(false);
    expect(await identities.remove(a.id, 'google')).toBe(true);
    expect(await identities.find('google', 'sub-unlink')).toBeNull();
    await identities.insert({ provider: 'google', subject: 'sub-gone', userId: b.id, email: 'b@example.com' });
    await db.pool.query('DELETE FROM users WHERE id = $1', [b.id]);
    expect(await identities.find('google', 'sub-gone')).toBeNull();
  });

  it("should keep a sign-in's start by its state's hash and give it back once, for its provider, before it expires", async () => {
    const user = await aUser(db);
    await identities.startSignIn(pending('state-1'));
    await identities.startSignIn(pending('state-2', user.id));
    await identities.startSignIn(pending('state-old', null, new Date(Date.now() - 1000)));
    const { rows } = await db.pool.query("SELECT count(*)::int AS n FROM oidc_sign_ins WHERE state_hash = 'state-1'");
    expect(rows[0].n).toBe(0);
    expect(await identities.claimSignIn(hashToken('state-1'), 'apple')).toBeNull();
    expect(await identities.claimSignIn(hashToken('state-1'), 'google')).toEqual({
      provider: 'google',
      nonce: 'nonce-state-1',
      codeVerifier: 'verifier-state-1',
      returnTo: '/vote/3',
      linkUserId: null,
    });
    expect(await identities.claimSignIn(hashToken('state-1'), 'google')).toBeNull();
    expect(await identities.claimSignIn(hashToken('state-2'), 'google')).toMatchObject({ linkUserId: user.id });
    expect(await identities.claimSignIn(hashToken('state-old'), 'google')).toBeNull();
    expect(await identities.claimSignIn(hashToken('never-started'), 'google')).toBeNull();
  });

  it('should answer one claim of two made at once', async () => {
    await identities.startSignIn(pending('state-race'));
    const both = await Promise.all([identities.claimSignIn(hashToken('state-race'), 'google'), identities.claimSignIn(hashToken('state-race'), 'google')]);
    expect(both.filter((c) => c !== null)).toHaveLength(1);
  });
});
