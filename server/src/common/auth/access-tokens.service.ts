import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { createHmac } from 'node:crypto';
import type { TokenClaims } from '#contract/auth/answers.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import type { AuthUser } from './auth-user-lookup.js';
import { durationSeconds } from './duration.js';

/** Signs and reads the login token (its claims are the session user the client decodes). */
@Injectable()
export class AccessTokens {
  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  sign(user: AuthUser, rememberMe: boolean): Promise<string> {
    const claims: Omit<TokenClaims, 'exp' | 'iat'> = {
      sub: user.username,
      email: user.email,
      is_superuser: user.isSuperuser,
      staff_role: user.staffRole,
      is_verified: user.isVerified,
      pwv: this.passwordVersion(user),
    };
    const ttl = rememberMe ? this.config.REMEMBER_ME_TOKEN_TTL : this.config.ACCESS_TOKEN_TTL;
    return this.jwt.signAsync(claims, { expiresIn: durationSeconds(ttl) });
  }

  /**
   * A short keyed fingerprint of the password hash: a password change (reset) makes every token
   * issued before it useless, without a token table.
   */
  passwordVersion(user: AuthUser): string {
    return createHmac('sha256', this.config.JWT_SECRET!).update(user.passwordHash).digest('base64url').slice(0, 16);
  }

  /**
   * The claims of a valid, unexpired token; null for anything else. Every token we issue has `iat`
   * and `exp`: one without `exp` never expires and is refused, and none is accepted older than the
   * longest session (REMEMBER_ME_TOKEN_TTL or ACCESS_TOKEN_TTL), whatever its `exp` says (jsonwebtoken's
   * maxAge, which also requires `iat`).
   */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const maxAge = Math.max(durationSeconds(this.config.ACCESS_TOKEN_TTL), durationSeconds(this.config.REMEMBER_ME_TOKEN_TTL));
      const claims = await this.jwt.verifyAsync<TokenClaims>(token, { maxAge });
      if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return null;
      return typeof claims.sub === 'string' && claims.sub ? claims : null;
    } catch {
      return null;
    }
  }
}
