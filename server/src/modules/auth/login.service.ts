import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { TokenResponse } from '#contract/auth/answers.js';
import type { z } from 'zod';
import type { loginSchema } from '#contract/auth/requests.js';
import { LOGIN_MESSAGES } from '#contract/auth/messages.js';
import { AccessTokens } from '#server/common/auth/access-tokens.service.js';
import { UsersService } from '#server/modules/users/users.service.js';
import { LoginThrottle } from './login-throttle.service.js';
import { dummyHash, verifyPassword } from './password.js';

export type LoginRequest = z.output<typeof loginSchema>;

@Injectable()
export class LoginService {
  constructor(
    private readonly users: UsersService,
    private readonly throttle: LoginThrottle,
    private readonly tokens: AccessTokens,
  ) {}

  /**
   * 400 'Invalid credentials'; 403 'Email not verified' only once the password is right.
   * The attempt is counted before the password is checked (LoginThrottle.reserve), so the limits hold
   * however many attempts arrive at once.
   */
  async login(input: LoginRequest, clientAddress: string): Promise<TokenResponse> {
    const user = await this.users.findByLogin(input.username);
    const keys = this.throttle.keys(user, input.username, clientAddress);
    await this.throttle.reserve(keys);

    // An unknown account costs the same hashing as a wrong password: timing tells nothing.
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
    if (!user || !passwordOk) {
      await this.throttle.failed(keys);
      throw new HttpException({ detail: LOGIN_MESSAGES.invalidCredentials }, HttpStatus.BAD_REQUEST);
    }
    await this.throttle.succeeded(keys);
    if (!user.isVerified) throw new HttpException({ detail: LOGIN_MESSAGES.emailNotVerifiedDetail }, HttpStatus.FORBIDDEN);
    return { access_token: await this.tokens.sign(user, input.remember_me), token_type: 'bearer' };
  }
}
