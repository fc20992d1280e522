import { createHash, randomBytes } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { RecoveryCodes, TwoFactorSetup, TwoFactorStatus } from '#contract/twofactor/answers.js';
import { recoveryCodeOf, totpCodeOf } from '#contract/twofactor/codes.js';
import { TWO_FACTOR_CHALLENGE_MAX_FAILURES, TWO_FACTOR_CHALLENGE_MINUTES } from '#contract/twofactor/constants.js';
import { TWO_FACTOR_MESSAGES as M } from '#contract/twofactor/messages.js';
import type { DisableTwoFactor } from '#contract/twofactor/requests.js';
import type { Locale } from '#contract/site/constants.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { isOwner } from '#server/common/auth/staff-two-factor.js';
import { detailError } from '#server/common/errors.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { AuditService } from '#server/modules/audit/audit.service.js';
import { UsersService } from '#server/modules/users/users.service.js';
import { LoginThrottle } from '../login-throttle.service.js';
import { verifyPassword } from '../password.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { SecretBox } from '#server/common/secret-box.js';
import { matchingStep, newTotpSecret, otpauthUri, qrSvg } from './totp.js';
import { TwoFactorRepository, type ChallengeRow } from './two-factor.repository.js';
import { SiteSettingsService } from '#server/modules/site/site-settings.service.js';

/** What the key that seals the authenticator secrets is for (each purpose derives a key of its own). */
const SECRET_PURPOSE = 'two-factor-secret';
/** A sealed secret opens only on its own account's row. */
const sealContext = (userId: number) => `user:${userId}`;
/** Challenges are kept by their SHA-256: the table alone signs no one in. */
export const hashChallenge = (challenge: string): string => createHash('sha256').update(challenge, 'utf8').digest('hex');

/** The outcome of a sign-in's second step. */
export type SecondStep = { ok: true; recoveryCodeUsed: boolean; recoveryCodesLeft: number } | { ok: false; reason: 'wrong' | 'expired' };

/** What a staff account proves it holds before its second factor changes: a current code, or (turning it off) the password. */
type Proof = { code: string } | { password: string };

/**
 * Two-factor sign-in (docs/decisions/048-two-factor-sign-in.md): a staff account's setup (a secret sealed
 * at rest, confirmed by a first code, then recovery codes shown once), the checks of a code, and the
 * challenges that carry a sign-in from its password to its code. Every code or password a signed-in
 * account gives here counts in the sign-in limits like a sign-in's.
 */
@Injectable()
export class TwoFactorService {
  private readonly box: SecretBox;

  constructor(
    private readonly repo: TwoFactorRepository,
    private readonly audit: AuditService,
    private readonly throttle: LoginThrottle,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly site: SiteSettingsService,
  ) {
    // JWT_SECRET is always set by main.ts (from the environment or DATA_DIR) before the app is built.
    this.box = new SecretBox(config.JWT_SECRET!, SECRET_PURPOSE);
  }

  /** GET /admin/two-factor. */
  async status(user: AuthUser): Promise<TwoFactorStatus> {
    const row = await this.repo.find(user.id);
    const enabledAt = row?.enabledAt ?? null;
    return {
      enabled: enabledAt !== null,
      enabled_at: enabledAt?.toISOString() ?? null,
      recovery_codes_left: enabledAt ? await this.repo.recoveryCodesLeft(user.id) : 0,
      required: this.config.STAFF_2FA === 'required' && isOwner(user),
    };
  }

  /** POST /admin/two-factor/setup: a new secret, waiting for its first code (a setup started earlier is replaced). */
  async start(user: AuthUser): Promise<TwoFactorSetup> {
    const secret = newTotpSecret();
    if (!(await this.repo.startSetup(user.id, this.box.seal(secret, sealContext(user.id))))) throw detailError(HttpStatus.CONFLICT, M.alreadyEnabled);
    // The authenticator app lists the account under the site's current name.
    const uri = otpauthUri(secret, user.username, (await this.site.get()).siteName);
    return { secret, otpauth_uri: uri, qr_svg: await qrSvg(uri) };
  }

  /** POST /admin/two-factor/confirm: the first code turns it on; the recovery codes are answered this once. */
  async confirm(user: AuthUser, code: string, clientAddress: string): Promise<RecoveryCodes> {
    const row = await this.repo.find(user.id);
    if (row?.enabledAt) throw detailError(HttpStatus.CONFLICT, M.alreadyEnabled);
    const secret = row?.sealedSecret ? this.box.open(row.sealedSecret, sealContext(user.id)) : null;
    if (secret === null) throw detailError(HttpStatus.CONFLICT, M.notStarted);
    const codes = await this.proved(user, clientAddress, M.wrongSetupCode, async () => {
      const step = matchingStep(secret, code);
      return step === null ? null : this.enableWith(user.id, step);
    });
    return { recovery_codes: codes };
  }

  /** POST /admin/two-factor/recovery-codes: a current code replaces every recovery code with new ones. */
  async regenerate(user: AuthUser, code: string, clientAddress: string): Promise<RecoveryCodes> {
    await this.requireEnabled(user.id);
    await this.proved(user, clientAddress, M.wrongSetupCode, async () => (await this.acceptTotp(user.id, code)) || null);
    return { recovery_codes: await this.replaceCodes(user.id) };
  }

  /** POST /admin/two-factor/disable: with a current code or the password. */
  async disable(user: AuthUser, input: DisableTwoFactor, clientAddress: string): Promise<TwoFactorStatus> {
    await this.requireEnabled(user.id);
    const proof: Proof = input.code !== undefined ? { code: input.code } : { password: input.password ?? '' };
    if ('code' in proof) await this.proved(user, clientAddress, M.wrongSetupCode, async () => (await this.acceptTotp(user.id, proof.code)) || null);
    else await this.proved(user, clientAddress, M.wrongPassword, async () => (await verifyPassword(user.passwordHash, proof.password)) || null);
    await this.turnOff(user.id, 'code' in proof ? 'code' : 'password');
    return this.status(user);
  }

  /** A sign-in's challenge for an account whose password was right: opaque, single-use, short-lived; only its hash is kept. */
  async issueChallenge(userId: number, rememberMe: boolean): Promise<string> {
    const challenge = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000);
    await this.repo.insertChallenge({ userId, tokenHash: hashChallenge(challenge), rememberMe, expiresAt });
    return challenge;
  }

  /** A new password voids the sign-ins the old one began: their second step is refused. */
  voidChallenges(userId: number): Promise<void> {
    return this.repo.deleteChallenges(userId);
  }

  /** The challenge's sign-in while it may still be finished (unused, unexpired, not voided by wrong codes). */
  findChallenge(challenge: string): Promise<ChallengeRow | null> {
    return this.repo.findChallenge(hashChallenge(challenge), TWO_FACTOR_CHALLENGE_MAX_FAILURES);
  }

  /**
   * The second step: the challenge is claimed and the code checked in one transaction, so a challenge
   * finishes one sign-in only. A wrong code opens the challenge again with one more failure counted; a right
   * one records the account's sign-in in the same transaction.
   */
  @Transactional()
  async secondStep(challenge: ChallengeRow, code: string, locale: Locale): Promise<SecondStep> {
    if (!(await this.repo.claimChallenge(challenge.id, TWO_FACTOR_CHALLENGE_MAX_FAILURES))) return { ok: false, reason: 'expired' };
    const accepted = await this.acceptSignInCode(challenge.userId, code);
    if (accepted === null) {
      await this.repo.challengeFailed(challenge.id);
      return { ok: false, reason: 'wrong' };
    }
    await this.users.recordSignIn(challenge.userId, locale);
    return { ok: true, recoveryCodeUsed: accepted === 'recovery', recoveryCodesLeft: await this.repo.recoveryCodesLeft(challenge.userId) };
  }

  /** An authenticator code (taken once) or an unused recovery code (spent), told apart by their shape. */
  private async acceptSignInCode(userId: number, typed: string): Promise<'totp' | 'recovery' | null> {
    const totp = totpCodeOf(typed);
    if (totp !== null) return (await this.acceptTotp(userId, totp)) ? 'totp' : null;
    const recovery = recoveryCodeOf(typed);
    if (recovery === null) return null;
    return (await this.repo.useRecoveryCode(userId, hashRecoveryCode(recovery))) ? 'recovery' : null;
  }

  /** The account's current code (or one step either side) whose step was not used yet: its step is taken. */
  private async acceptTotp(userId: number, code: string): Promise<boolean> {
    const row = await this.repo.find(userId);
    if (!row?.enabledAt || !row.sealedSecret) return false;
    // A secret sealed under another JWT_SECRET no longer opens: only the recovery codes sign in then.
    const secret = this.box.open(row.sealedSecret, sealContext(userId));
    const step = secret === null ? null : matchingStep(secret, code);
    return step !== null && (await this.repo.useStep(userId, step));
  }

  /**
   * Runs the check of a code or password the signed-in account gave (null: wrong), counted by the sign-in
   * limits: a wrong one is a failed attempt (400, not 401, which would sign the page out), and too many
   * answer 429.
   */
  private async proved<T>(user: AuthUser, clientAddress: string, wrong: string, check: () => Promise<T | null>): Promise<T> {
    const keys = this.throttle.keys(user, '', clientAddress);
    await this.throttle.reserve(keys);
    const result = await check();
    if (result === null) {
      await this.throttle.failed(keys);
      throw detailError(HttpStatus.BAD_REQUEST, wrong);
    }
    await this.throttle.succeeded(keys);
    return result;
  }

  private async requireEnabled(userId: number): Promise<void> {
    if (!(await this.repo.find(userId))?.enabledAt) throw detailError(HttpStatus.CONFLICT, M.notEnabled);
  }

  /** Turns it on with the confirming code's step, and makes the recovery codes; null when that step was used meanwhile. */
  @Transactional()
  private async enableWith(userId: number, step: number): Promise<string[] | null> {
    if (!(await this.repo.enable(userId, step))) return null;
    const { codes, hashes } = newRecoveryCodes();
    await this.repo.replaceRecoveryCodes(userId, hashes);
    await this.audit.record({
      actorId: userId,
      action: 'user.two_factor_enable',
      targetType: 'user',
      targetId: userId,
      before: { two_factor: false },
      after: { two_factor: true, recovery_codes_left: codes.length },
    });
    return codes;
  }

  @Transactional()
  private async replaceCodes(userId: number): Promise<string[]> {
    const before = await this.repo.recoveryCodesLeft(userId);
    const { codes, hashes } = newRecoveryCodes();
    await this.repo.replaceRecoveryCodes(userId, hashes);
    await this.audit.record({
      actorId: userId,
      action: 'user.recovery_codes_regenerate',
      targetType: 'user',
      targetId: userId,
      before: { recovery_codes_left: before },
      after: { recovery_codes_left: codes.length },
    });
    return codes;
  }

  @Transactional()
  private async turnOff(userId: number, provedBy: 'code' | 'password'): Promise<void> {
    if (!(await this.repo.disable(userId))) throw detailError(HttpStatus.CONFLICT, M.notEnabled);
    await this.audit.record({
      actorId: userId,
      action: 'user.two_factor_disable',
      targetType: 'user',
      targetId: userId,
      before: { two_factor: true },
      after: { two_factor: false, confirmed_with: provedBy },
    });
  }
}
