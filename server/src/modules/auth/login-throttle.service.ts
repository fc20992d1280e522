import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { LOGIN_MESSAGES } from '#contract/messages.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { RateLimiter } from '#server/infra/rate-limit/rate-limiter.js';
import type { UserEntity } from '../users/entities/user.entity.js';
import { ADDRESS_FAILURE_FACTOR, FAILURE_DELAY_MAX_MS, FAILURE_DELAY_STEP_MS } from './auth.constants.js';
import { throttleKey } from '#server/common/throttle-keys.js';

/** 429 with the seconds to wait; the controller copies them into Retry-After. */
export class TooManyAttempts extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ detail: LOGIN_MESSAGES.tooManyAttempts }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

export interface AttemptKeys {
  account: string;
  address: string;
}

/**
 * Failed sign-ins counted per account and per client address, in fixed windows of
 * LOGIN_LOCK_MINUTES: LOGIN_MAX_FAILURES for one account, a few times that for one address
 * (people behind one router share it). Each failure is answered a little later than the last.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** An existing account is counted by id, whichever name it was tried under; an unknown name by itself. */
  keys(user: UserEntity | null, identifier: string, clientAddress: string): AttemptKeys {
    return {
      account: user ? this.accountKey(user) : throttleKey(this.secret, 'login-name', identifier.trim().toLowerCase()),
      address: throttleKey(this.secret, 'login-addr', clientAddress),
    };
  }

  async assertAllowed(keys: AttemptKeys): Promise<void> {
    const [account, address] = await Promise.all([this.limiter.peek(keys.account), this.limiter.peek(keys.address)]);
    const max = this.config.LOGIN_MAX_FAILURES;
    const waits: number[] = [];
    if (account.hits >= max) waits.push(account.retryAfter);
    if (address.hits >= max * ADDRESS_FAILURE_FACTOR) waits.push(address.retryAfter);
    if (waits.length) throw new TooManyAttempts(Math.max(1, ...waits));
  }

  /** Counts the failure and waits a little, longer with every failure of that account (at most a second). */
  async recordFailure(keys: AttemptKeys): Promise<void> {
    const window = this.config.LOGIN_LOCK_MINUTES * 60;
    const [account] = await Promise.all([this.limiter.hit(keys.account, window), this.limiter.hit(keys.address, window)]);
    const delay = Math.min(FAILURE_DELAY_MAX_MS, FAILURE_DELAY_STEP_MS * account.hits);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }

  /** A success (or a password reset) clears the account's failures; the address keeps its count. */
  async forgetAccount(user: UserEntity): Promise<void> {
    await this.limiter.reset(this.accountKey(user));
  }

  private accountKey(user: UserEntity): string {
    return `login-user:${user.id}`;
  }

  private get secret(): string {
    return this.config.JWT_SECRET!;
  }
}
