import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aUser } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { hashRecoveryCode } from './recovery-codes.js';
import { hashChallenge } from './two-factor.service.js';
import { TwoFactorRepository } from './two-factor.repository.js';

const STEP = 59_000_000;
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000);

describe(TwoFactorRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let transactions: Transactions;
  let repo: TwoFactorRepository;

  /** An account with two-factor sign-in on, its last step STEP. */
  const enabledUser = async () => {
    const user = await aUser(db);
    await repo.startSetup(user.id, 'v1.sealed');
    expect(await repo.enable(user.id, STEP)).toBe(true);
    return user;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 3)).initialize();
    transactions = new Transactions(ds);
    repo = new TwoFactorRepository(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should keep a started setup off until a code confirms it, and confirm it once', async () => {
    const user = await aUser(db);
    expect(await repo.find(user.id)).toEqual({ sealedSecret: null, enabledAt: null, lastStep: null });
    // Nothing to confirm before a setup starts.
    expect(await repo.enable(user.id, STEP)).toBe(false);

    expect(await repo.startSetup(user.id, 'v1.first')).toBe(true);
    expect(await repo.startSetup(user.id, 'v1.second')).toBe(true);
    expect(await repo.find(user.id)).toEqual({ sealedSecret: 'v1.second', enabledAt: null, lastStep: null });

    expect(await repo.enable(user.id, STEP)).toBe(true);
    const on = await repo.find(user.id);
    expect(on).toEqual({ sealedSecret: 'v1.second', enabledAt: expect.any(Date), lastStep: STEP });
    // On: neither a second confirmation nor a new setup replaces the secret.
    expect(await repo.enable(user.id, STEP + 5)).toBe(false);
    expect(await repo.startSetup(user.id, 'v1.third')).toBe(false);
    expect(await repo.find(user.id)).toEqual(on);
  });

  it('should take each time step once, and never one at or before the last taken', async () => {
    const user = await enabledUser();
    expect(await repo.useStep(user.id, STEP)).toBe(false);
    expect(await repo.useStep(user.id, STEP - 1)).toBe(false);
    expect(await repo.useStep(user.id, STEP + 1)).toBe(true);
    expect(await repo.useStep(user.id, STEP + 1)).toBe(false);
    expect((await repo.find(user.id))?.lastStep).toBe(STEP + 1);

    // Of two simultaneous uses of one step, exactly one succeeds.
    const both = await Promise.all([repo.useStep(user.id, STEP + 2), repo.useStep(user.id, STEP + 2)]);
    expect(both.filter(Boolean)).toHaveLength(1);

    // An account with it off takes no step.
    const off = await aUser(db);
    expect(await repo.useStep(off.id, STEP)).toBe(false);
  });

  it('should spend each recovery code once, for its own account only, and count those left', async () => {
    const user = await enabledUser();
    const other = await enabledUser();
    const hashes = ['aaaabbbbcccc', 'ddddeeeeffff', 'gggghhhhjjjj'].map(hashRecoveryCode);
    await repo.replaceRecoveryCodes(user.id, hashes);
    await repo.replaceRecoveryCodes(other.id, [hashRecoveryCode('kkkkmmmmnnnn')]);
    expect(await repo.recoveryCodesLeft(user.id)).toBe(3);

    expect(await repo.useRecoveryCode(other.id, hashes[0])).toBe(false);
    expect(await repo.useRecoveryCode(user.id, hashes[0])).toBe(true);
    expect(await repo.useRecoveryCode(user.id, hashes[0])).toBe(false);
    expect(await repo.useRecoveryCode(user.id, hashRecoveryCode('pppprrrrssss'))).toBe(false);
    expect(await repo.recoveryCodesLeft(user.id)).toBe(2);

    const both = await Promise.all([repo.useRecoveryCode(user.id, hashes[1]), repo.useRecoveryCode(user.id, hashes[1])]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await repo.recoveryCodesLeft(user.id)).toBe(1);

    // Only hashes are stored.
    const { rows } = await db.pool.query('SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = $1 ORDER BY id', [user.id]);
    expect(rows.map((r: { code_hash: string }) => r.code_hash)).toEqual(hashes);
  });

  it('should replace every recovery code, used or not, with new ones', async () => {
    const user = await enabledUser();
    const old = [hashRecoveryCode('aaaa1111bbbb'), hashRecoveryCode('cccc2222dddd')];
    await repo.replaceRecoveryCodes(user.id, old);
    await repo.useRecoveryCode(user.id, old[0]);
    const fresh = [hashRecoveryCode('eeee3333ffff')];
    await transactions.run(() => repo.replaceRecoveryCodes(user.id, fresh));
    expect(await repo.recoveryCodesLeft(user.id)).toBe(1);
    expect(await repo.useRecoveryCode(user.id, old[1])).toBe(false);
    expect(await repo.useRecoveryCode(user.id, fresh[0])).toBe(true);
  });

  it('should turn it off with its secret, recovery codes and waiting sign-ins, once', async () => {
    const user = await enabledUser();
    await repo.replaceRecoveryCodes(user.id, [hashRecoveryCode('aaaa1111bbbb')]);
    await repo.insertChallenge({ userId: user.id, tokenHash: hashChallenge('off-challenge'), rememberMe: false, expiresAt: inMinutes(5) });

    expect(await transactions.run(() => repo.disable(user.id))).toBe(true);
    expect(await repo.find(user.id)).toEqual({ sealedSecret: null, enabledAt: null, lastStep: null });
    expect(await repo.recoveryCodesLeft(user.id)).toBe(0);
    expect(await repo.findChallenge(hashChallenge('off-challenge'), 5)).toBeNull();
    expect(await repo.disable(user.id)).toBe(false);
  });

  it('should find a challenge by its hash while it is unused, unexpired and under the failure limit', async () => {
    const user = await enabledUser();
    await repo.insertChallenge({ userId: user.id, tokenHash: hashChallenge('fresh'), rememberMe: true, expiresAt: inMinutes(5) });
    await repo.insertChallenge({ userId: user.id, tokenHash: hashChallenge('late'), rememberMe: false, expiresAt: inMinutes(-1) });

    const found = await repo.findChallenge(hashChallenge('fresh'), 5);
    expect(found).toEqual({ id: expect.any(Number), userId: user.id, rememberMe: true });
    expect(await repo.findChallenge(hashChallenge('late'), 5)).toBeNull();
    expect(await repo.findChallenge(hashChallenge('never-issued'), 5)).toBeNull();
    // The challenge itself is not stored, only its hash.
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM two_factor_challenges WHERE token_hash = $1', ['fresh']);
    expect(rows[0].n).toBe(0);

    // A wrong code opens the claimed challenge again, counted; at the limit it is void.
    for (let i = 0; i < 2; i++) {
      expect(await repo.claimChallenge(found!.id, 2)).toBe(true);
      await repo.challengeFailed(found!.id);
    }
    expect(await repo.findChallenge(hashChallenge('fresh'), 2)).toBeNull();
    expect(await repo.claimChallenge(found!.id, 2)).toBe(false);
    expect(await repo.findChallenge(hashChallenge('fresh'), 5)).not.toBeNull();
  });

  it('should let exactly one of two simultaneous claims of a challenge succeed, and none after it was used', async () => {
    const user = await enabledUser();
    await repo.insertChallenge({ userId: user.id, tokenHash: hashChallenge('raced'), rememberMe: false, expiresAt: inMinutes(5) });
    const { id } = (await repo.findChallenge(hashChallenge('raced'), 5))!;
    const both = await Promise.all([repo.claimChallenge(id, 5), repo.claimChallenge(id, 5)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await repo.claimChallenge(id, 5)).toBe(false);
    expect(await repo.findChallenge(hashChallenge('raced'), 5)).toBeNull();
  });

  it('should void every waiting challenge of one account only, the secret and recovery codes kept', async () => {
    const user = await enabledUser();
    const other = await enabledUser();
    await repo.replaceRecoveryCodes(user.id, [hashRecoveryCode('cccc2222dddd')]);
    await repo.insertChallenge({ userId: user.id, tokenHash: hashChallenge('begun-1'), rememberMe: false, expiresAt: inMinutes(5) });
    await repo.insertChallenge({ userId: user.id, tokenHash: hashChallenge('begun-2'), rememberMe: true, expiresAt: inMinutes(5) });
    await repo.insertChallenge({ userId: other.id, tokenHash: hashChallenge('someone-else'), rememberMe: false, expiresAt: inMinutes(5) });

    await transactions.run(() => repo.deleteChallenges(user.id));
    expect(await repo.findChallenge(hashChallenge('begun-1'), 5)).toBeNull();
    expect(await repo.findChallenge(hashChallenge('begun-2'), 5)).toBeNull();
    expect(await repo.findChallenge(hashChallenge('someone-else'), 5)).toEqual(expect.objectContaining({ userId: other.id }));
    expect(await repo.find(user.id)).toEqual({ sealedSecret: 'v1.sealed', enabledAt: expect.any(Date), lastStep: STEP });
    expect(await repo.recoveryCodesLeft(user.id)).toBe(1);
  });

  it("should clear an account's spent and expired challenges when it is issued a new one", async () => {
    const user = await enabledUser();
    await repo.insertChallenge({ userId: user.id, tokenHash: hashChallenge('spent'), rememberMe: false, expiresAt: inMinutes(5) });
    await repo.claimChallenge((await repo.findChallenge(hashChallenge('spent'), 5))!.id, 5);
    await repo.insertChallenge({ userId: user.id, tokenHash: hashChallenge('expired'), rememberMe: false, expiresAt: inMinutes(-1) });
    await repo.insertChallenge({ userId: user.id, tokenHash: hashChallenge('waiting'), rememberMe: false, expiresAt: inMinutes(5) });
    await repo.insertChallenge({ userId: user.id, tokenHash: hashChallenge('newest'), rememberMe: false, expiresAt: inMinutes(5) });
    const { rows } = await db.pool.query('SELECT token_hash FROM two_factor_challenges WHERE user_id = $1 ORDER BY id', [user.id]);
    expect(rows.map((r: { token_hash: string }) => r.token_hash)).toEqual([hashChallenge('waiting'), hashChallenge('newest')]);
  });

  it("should drop an account's two-factor rows with the account", async () => {
    const user = await enabledUser();
    await repo.replaceRecoveryCodes(user.id, [hashRecoveryCode('aaaa1111bbbb')]);
    await repo.insertChallenge({ userId: user.id, tokenHash: hashChallenge('gone'), rememberMe: false, expiresAt: inMinutes(5) });
    await db.pool.query('DELETE FROM users WHERE id = $1', [user.id]);
    const { rows } = await db.pool.query(
      'SELECT (SELECT count(*) FROM two_factor_recovery_codes WHERE user_id = $1)::int AS codes, (SELECT count(*) FROM two_factor_challenges WHERE user_id = $1)::int AS challenges',
      [user.id],
    );
    expect(rows[0]).toEqual({ codes: 0, challenges: 0 });
  });
});
