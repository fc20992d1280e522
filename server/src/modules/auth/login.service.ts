import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { LoginAnswer } from '#contract/auth/answers.js';
import type { z } from 'zod';
import type { loginSchema } from '#contract/auth/requests.js';
import { LOGIN_MESSAGES } from '#contract/auth/messages.js';
import type { TwoFactorTokenResponse } from '#contract/twofactor/answers.js';
import { TWO_FACTOR_MESSAGES } from '#contract/twofactor/messages.js';
import type { Locale } from '#contract/site/constants.js';
import type { twoFactorSignInSchema } from '#contract/twofactor/requests.js';
import { AccessTokens } from '#server/common/auth/access-tokens.service.js';
import { detailError } from '#server/common/errors.js';
import { UsersService } from '#server/modules/users/users.service.js';
import { LoginThrottle } from './login-throttle.service.js';
import { dummyHash, verifyPassword } from './password.js';
import { TwoFactorService } from './two-factor/two-factor.service.js';

export type LoginRequest = z.output<typeof loginSchema>;
export type TwoFactorSignInRequest = z.output<typeof twoFactorSignInSchema>;

@Injectable()
export class LoginService {
  constructor(
    private readonly users: UsersService,
    private readonly throttle: LoginThrottle,
    private readonly tokens: AccessTokens,
    private readonly twoFactor: TwoFactorService,
  ) {}

  /**
   * 400 'Invalid credentials'; 403 'Email not verified' only once the password is right.
   * The attempt is counted before the password is checked (LoginThrottle.reserve), so the limits hold
   * however many attempts arrive at once. An account with two-factor sign-in is answered a challenge
   * instead of a token, and its earlier failures are not forgiven until its code is right.
   */
  async login(input: LoginRequest, clientAddress: string, locale: Locale): Promise<LoginAnswer> {
    const user = await this.users.findByLogin(input.username);
    const keys = this.throttle.keys(user, input.username, clientAddress);
    await this.throttle.reserve(keys);

    // An unknown account costs the same hashing as a wrong password: timing tells nothing.
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
    if (!user || !passwordOk) {
      await this.throttle.failed(keys);
      throw new HttpException({ detail: LOGIN_MESSAGES.invalidCredentials }, HttpStatus.BAD_REQUEST);
    }
    const secondFactor = user.twoFactorEnabledAt !== null;
    await (secondFactor ? this.throttle.passed(keys) : this.throttle.succeeded(keys));
    if (!user.isVerified) throw new HttpException({ detail: LOGIN_MESSAGES.emailNotVerifiedDetail }, HttpStatus.FORBIDDEN);
    if (secondFactor) return { two_factor_required: true, challenge: await this.twoFactor.issueChallenge(user.id, input.remember_me) };
    // Only a sign-in that issues tokens counts as one; a challenge's counts at its second step.
    await this.users.recordSignIn(user.id, locale);
    return { access_token: await this.tokens.sign(user, input.remember_me), token_type: 'bearer' };
  }

  /**
   * POST /auth/login/two-factor: the challenge of a right password and a code. A wrong code is a failed
   * sign-in for the limits (like a wrong password: enough of them answer 429) and for the challenge
   * (after a few it is void); 401 either way. A right code records the sign-in (TwoFactorService.secondStep).
   */
  async secondStep(input: TwoFactorSignInRequest, clientAddress: string, locale: Locale): Promise<TwoFactorTokenResponse> {
    const challenge = await this.twoFactor.findChallenge(input.challenge);
    const user = challenge ? await this.users.findById(challenge.userId) : null;
    if (!challenge || !user) throw detailError(HttpStatus.UNAUTHORIZED, TWO_FACTOR_MESSAGES.challengeExpired);
    const keys = this.throttle.keys(user, '', clientAddress);
    await this.throttle.reserve(keys);
    const result = await this.twoFactor.secondStep(challenge, input.code, locale);
    if (!result.ok) {
      if (result.reason === 'wrong') await this.throttle.failed(keys);
      else await this.throttle.passed(keys);
      throw detailError(HttpStatus.UNAUTHORIZED, result.reason === 'wrong' ? TWO_FACTOR_MESSAGES.wrongCode : TWO_FACTOR_MESSAGES.challengeExpired);
    }
    await this.throttle.succeeded(keys);
    return {
      access_token: await this.tokens.sign(user, challenge.rememberMe),
      token_type: 'bearer',
      recovery_code_used: result.recoveryCodeUsed,
      recovery_codes_left: result.recoveryCodesLeft,
    };
  }
}
