import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aUser } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { AuthTokensRepository } from './auth-tokens.repository.js';
import { hashToken } from './email-tokens.service.js';

const inAnHour = () => new Date(Date.now() + 3_600_000);

describe(AuthTokensRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let tokens: AuthTokensRepository;

  /** The stored tokens of a user, oldest first. */
  const stored = async (userId: number) =>
    (await db.pool.query('SELECT purpose, token_hash, expires_at, used_at FROM auth_tokens WHERE user_id = $1 ORDER BY id', [userId])).rows;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    tokens = new AuthTokensRepository(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should store the hash of a token, never the token, with its purpose and expiry, unused', async () => {
    const user = await aUser(db);
    const expiresAt = inAnHour();
    await tokens.insert({ userId: user.id, purpose: 'verify_email', tokenHash: hashToken('the-token'), expiresAt });
    expect(await stored(user.id)).toEqual([{ purpose: 'verify_email', token_hash: hashToken('the-token'), expires_at: expiresAt, used_at: null }]);
    const { rows } = await db.pool.query("SELECT count(*)::int AS n FROM auth_tokens WHERE token_hash = 'the-token'");
    expect(rows[0].n).toBe(0);
  });

  it('should claim a token once, for its purpose only, and answer its user', async () => {
    const user = await aUser(db);
    await tokens.insert({ userId: user.id, purpose: 'reset_password', tokenHash: hashToken('reset-1'), expiresAt: inAnHour() });

    expect(await tokens.claim('verify_email', hashToken('reset-1'))).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.claim('reset_password', hashToken('reset-1'))).toEqual({ ok: true, userId: user.id });
    expect((await stored(user.id))[0].used_at).toBeInstanceOf(Date);
    // Used: a second click finds nothing to claim.
    expect(await tokens.claim('reset_password', hashToken('reset-1'))).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.claim('reset_password', hashToken('never-issued'))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('should not claim an expired token, and say it expired while it is unused', async () => {
    const user = await aUser(db);
    await tokens.insert({ userId: user.id, purpose: 'verify_email', tokenHash: hashToken('late'), expiresAt: new Date(Date.now() - 1_000) });
    expect(await tokens.claim('verify_email', hashToken('late'))).toEqual({ ok: false, reason: 'expired' });
    expect((await stored(user.id))[0].used_at).toBeNull();
  });

  it('should let exactly one of two simultaneous claims of a token succeed', async () => {
    const user = await aUser(db);
    await tokens.insert({ userId: user.id, purpose: 'verify_email', tokenHash: hashToken('twice'), expiresAt: inAnHour() });
    const results = await Promise.all([tokens.claim('verify_email', hashToken('twice')), tokens.claim('verify_email', hashToken('twice'))]);
    expect(results).toContainEqual({ ok: true, userId: user.id });
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it("should revoke the user's unused tokens of that purpose, leaving others' and other purposes' tokens", async () => {
    const user = await aUser(db);
    const other = await aUser(db);
    await tokens.insert({ userId: user.id, purpose: 'reset_password', tokenHash: hashToken('old-1'), expiresAt: inAnHour() });
    await tokens.insert({ userId: user.id, purpose: 'reset_password', tokenHash: hashToken('old-2'), expiresAt: inAnHour() });
    await tokens.insert({ userId: user.id, purpose: 'verify_email', tokenHash: hashToken('verify'), expiresAt: inAnHour() });
    await tokens.insert({ userId: other.id, purpose: 'reset_password', tokenHash: hashToken('others'), expiresAt: inAnHour() });

    await tokens.revokeOthers(user.id, 'reset_password');
    expect(await tokens.claim('reset_password', hashToken('old-1'))).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.claim('reset_password', hashToken('old-2'))).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.claim('verify_email', hashToken('verify'))).toEqual({ ok: true, userId: user.id });
    expect(await tokens.claim('reset_password', hashToken('others'))).toEqual({ ok: true, userId: other.id });
    // A token issued after the revocation works.
    await tokens.insert({ userId: user.id, purpose: 'reset_password', tokenHash: hashToken('new'), expiresAt: inAnHour() });
    expect(await tokens.claim('reset_password', hashToken('new'))).toEqual({ ok: true, userId: user.id });
  });
});
