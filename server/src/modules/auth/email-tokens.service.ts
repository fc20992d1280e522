import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { OIDC_TTL, TOKEN_TTL } from '#contract/auth/constants.js';
import { ACCOUNT_MESSAGES } from '#contract/auth/messages.js';
import { AuthTokensRepository } from './auth-tokens.repository.js';
import type { AuthTokenPurpose } from './entities/auth-token.entity.js';

const LIFETIME_MS: Record<AuthTokenPurpose, number> = {
  verify_email: TOKEN_TTL.verifyEmailHours * 3600_000,
  reset_password: TOKEN_TTL.resetPasswordMinutes * 60_000,
  oidc_sign_in: OIDC_TTL.handoffSeconds * 1000,
};

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Tokens sent by e-mail: 256 random bits, only their SHA-256 stored, single use, short-lived. */
@Injectable()
export class EmailTokens {
  constructor(private readonly tokens: AuthTokensRepository) {}

  /** Makes a token and answers it; the caller puts it in a link and forgets it. In the caller's transaction, if one is open. */
  async issue(userId: number, purpose: AuthTokenPurpose): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.tokens.insert({ userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]) });
    return token;
  }

  /** Uses the token up (in the caller's transaction) and answers its user; 400 with a clear detail when it is unknown, used or expired. */
  async consume(purpose: AuthTokenPurpose, token: string): Promise<number> {
    const result = await this.tokens.claim(purpose, hashToken(token));
    if (result.ok) return result.userId;
    const detail = result.reason === 'expired' ? ACCOUNT_MESSAGES.tokenExpired : ACCOUNT_MESSAGES.tokenInvalid;
    throw new HttpException({ detail }, HttpStatus.BAD_REQUEST);
  }

  revokeOthers(userId: number, purpose: AuthTokenPurpose): Promise<void> {
    return this.tokens.revokeOthers(userId, purpose);
  }
}
