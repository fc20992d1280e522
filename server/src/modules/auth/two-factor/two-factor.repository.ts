import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';

/** An account's second factor as stored: the sealed secret (a setup may be waiting for its confirmation), when it was turned on, the last accepted step. */
export interface TwoFactorRow {
  sealedSecret: string | null;
  enabledAt: Date | null;
  lastStep: number | null;
}

/** A sign-in waiting for its second factor. */
export interface ChallengeRow {
  id: number;
  userId: number;
  rememberMe: boolean;
}

/** A SHA-256 in hex, as the samples' stored hashes. */
const SAMPLE_HASH = 'b'.repeat(64);
const SAMPLE_SEALED = 'v1.c2VhbGVkLXNlY3JldC1zYW1wbGU';
/** A time step of 2026 (30-second steps since 1970). */
const SAMPLE_STEP = 59_000_000;

/**
 * Two-factor sign-in's rows: the users table's two_factor_* columns, the recovery codes (by hash), and
 * the challenges of sign-ins waiting for their code (by hash). Every "use once" is one conditional
 * statement, so two requests with the same code or challenge cannot both succeed.
 */
@Injectable()
export class TwoFactorRepository extends BaseRepository {
  @GenerateSql({ params: [1] })
  async find(userId: number): Promise<TwoFactorRow | null> {
    const row = await this.first(
      this.db
        .selectFrom('users')
        .select(['two_factor_secret as sealedSecret', 'two_factor_enabled_at as enabledAt', 'two_factor_last_step as lastStep'])
        .where('id', '=', userId),
    );
    return row ? { ...row, lastStep: row.lastStep === null ? null : Number(row.lastStep) } : null;
  }

  /** Keeps a new secret waiting for its confirmation (replacing one that waited); false when two-factor sign-in is already on. */
  @GenerateSql({ params: [1, SAMPLE_SEALED] })
  async startSetup(userId: number, sealedSecret: string): Promise<boolean> {
    const changed = await this.run(
      this.db
        .updateTable('users')
        .set({ two_factor_secret: sealedSecret, two_factor_last_step: null })
        .where('id', '=', userId)
        .where('two_factor_enabled_at', 'is', null),
    );
    return changed > 0;
  }

  /** Turns it on with the step whose code confirmed it; false when it was on already or that step was used. */
  @GenerateSql({ params: [1, SAMPLE_STEP] })
  async enable(userId: number, step: number): Promise<boolean> {
    const changed = await this.run(
      this.db
        .updateTable('users')
        .set({ two_factor_enabled_at: sql<Date>`now()`, two_factor_last_step: step })
        .where('id', '=', userId)
        .where('two_factor_enabled_at', 'is', null)
        .where('two_factor_secret', 'is not', null)
        .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', String(step))])),
    );
    return changed > 0;
  }

  /**
   * Takes the step of an accepted code: true once per step, and never for a step at or before the last
   * one taken (a code, or an older one, cannot be replayed).
   */
  @GenerateSql({ params: [1, SAMPLE_STEP] })
  async useStep(userId: number, step: number): Promise<boolean> {
    const changed = await this.run(
      this.db
        .updateTable('users')
        .set({ two_factor_last_step: step })
        .where('id', '=', userId)
        .where('two_factor_enabled_at', 'is not', null)
        .where((eb) => eb.or([eb('two_factor_last_step', 'is', null), eb('two_factor_last_step', '<', String(step))])),
    );
    return changed > 0;
  }

  /** Turns it off: the secret, the recovery codes and the waiting sign-ins go; false when it was off. */
  @GenerateSql({ params: [1] })
  async disable(userId: number): Promise<boolean> {
    const changed = await this.run(
      this.db
        .updateTable('users')
        .set({ two_factor_secret: null, two_factor_enabled_at: null, two_factor_last_step: null })
        .where('id', '=', userId)
        .where('two_factor_enabled_at', 'is not', null),
    );
    await this.run(this.db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId));
    await this.run(this.db.deleteFrom('two_factor_challenges').where('user_id', '=', userId));
    return changed > 0;
  }

  /** The account's recovery codes become these (by hash); the earlier ones, used or not, stop working. */
  @GenerateSql({ params: [1, [SAMPLE_HASH, 'c'.repeat(64)]] })
  async replaceRecoveryCodes(userId: number, hashes: string[]): Promise<void> {
    await this.run(this.db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId));
    if (hashes.length === 0) return;
    await this.run(this.db.insertInto('two_factor_recovery_codes').values(hashes.map((codeHash) => ({ user_id: userId, code_hash: codeHash }))));
  }

  /** Spends an unused recovery code of the account: true once, false for any other code or a second use. */
  @GenerateSql({ params: [1, SAMPLE_HASH] })
  async useRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
    const changed = await this.run(
      this.db
        .updateTable('two_factor_recovery_codes')
        .set({ used_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null),
    );
    return changed > 0;
  }

  @GenerateSql({ params: [1] })
  async recoveryCodesLeft(userId: number): Promise<number> {
    const row = await this.first(
      this.db
        .selectFrom('two_factor_recovery_codes')
        .select((eb) => eb.fn.countAll<string>().as('left'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null),
    );
    return Number(row?.left ?? 0);
  }

  /** Stores a new challenge (its hash); the account's spent and expired ones are cleared out on the way. */
  @GenerateSql({ params: [{ userId: 1, tokenHash: SAMPLE_HASH, rememberMe: false, expiresAt: new Date('2026-01-01T12:05:00Z') }] })
  async insertChallenge(row: { userId: number; tokenHash: string; rememberMe: boolean; expiresAt: Date }): Promise<void> {
    await this.run(
      this.db
        .deleteFrom('two_factor_challenges')
        .where('user_id', '=', row.userId)
        .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', sql<Date>`now()`)])),
    );
    await this.run(
      this.db
        .insertInto('two_factor_challenges')
        .values({ user_id: row.userId, token_hash: row.tokenHash, remember_me: row.rememberMe, expires_at: row.expiresAt }),
    );
  }

  /** The challenge with that hash while it is unused, unexpired and under `maxFailures` wrong codes. */
  @GenerateSql({ params: [SAMPLE_HASH, 5] })
  async findChallenge(tokenHash: string, maxFailures: number): Promise<ChallengeRow | null> {
    const row = await this.first(
      this.db
        .selectFrom('two_factor_challenges')
        .select(['id', 'user_id as userId', 'remember_me as rememberMe'])
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .where('failures', '<', maxFailures),
    );
    return row ?? null;
  }

  /**
   * Marks the challenge used if it still may be, in one statement: of two requests with one challenge,
   * the second waits for the first's transaction and then finds it used (or released by a wrong code).
   */
  @GenerateSql({ params: [1, 5] })
  async claimChallenge(id: number, maxFailures: number): Promise<boolean> {
    const changed = await this.run(
      this.db
        .updateTable('two_factor_challenges')
        .set({ used_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .where('failures', '<', maxFailures),
    );
    return changed > 0;
  }

  /** A wrong code: the claimed challenge is open again, with one more failure counted. */
  @GenerateSql({ params: [1] })
  async challengeFailed(id: number): Promise<void> {
    await this.run(
      this.db
        .updateTable('two_factor_challenges')
        .set((eb) => ({ used_at: null, failures: eb('failures', '+', 1) }))
        .where('id', '=', id),
    );
  }

  /** The account's waiting sign-ins (challenges of a right password) go: none can be finished any more. */
  @GenerateSql({ params: [1] })
  async deleteChallenges(userId: number): Promise<void> {
    await this.run(this.db.deleteFrom('two_factor_challenges').where('user_id', '=', userId));
  }
}
