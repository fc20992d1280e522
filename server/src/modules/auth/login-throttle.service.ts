import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { LOGIN_MESSAGES } from '#contract/auth/messages.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { RateLimiter } from '#server/infra/rate-limit/rate-limiter.js';
import type { UserEntity } from '#server/modules/users/entities/user.entity.js';
import { ADDRESS_FAILURE_FACTOR } from './auth.constants.js';
import { throttleKey } from '#server/common/throttle-keys.js';

/** 429 with the seconds to wait; the controller copies them into Retry-After. */
export class TooManyAttempts extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ detail: LOGIN_MESSAGES.tooManyAttempts }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** Runs a step the sign-in limits count; its refusal (429) carries the wait in Retry-After. */
export async function withRetryAfter<T>(reply: FastifyReply, step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (err) {
    if (err instanceof TooManyAttempts) void reply.header('Retry-After', String(err.retryAfterSeconds));
    throw err;
  }
}

export interface AttemptKeys {
  /** Failures of the account from anywhere: they slow its sign-ins down, never lock it. */
  account: string;
  /** Failures of the account from this address: LOGIN_MAX_FAILURES, then 429. */
  pair: string;
  /** Failures from this address over all accounts: ADDRESS_FAILURE_FACTOR times as many, then 429. */
  address: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sign-in limits, in fixed windows of LOGIN_LOCK_MINUTES:
 * - an attempt is counted before its password is checked (reserve), atomically in the limiter, so
 *   simultaneous attempts cannot all slip under the limit; a success takes its count back;
 * - LOGIN_MAX_FAILURES per account from one address, a few times that per address over all accounts
 *   (people behind one router share it): those answer 429;
 * - an account is never locked by failures from elsewhere (anyone could lock anyone out, and the
 *   admin's name is printed at start): each of its attempts waits LOGIN_DELAY_STEP_MS per recent
 *   failure of the account, at most LOGIN_DELAY_MAX_MS.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** An existing account is counted by id, whichever name it was tried under; an unknown name by itself. */
  keys(user: Pick<UserEntity, 'id'> | null, identifier: string, clientAddress: string): AttemptKeys {
    const account = user ? this.accountKey(user) : throttleKey(this.secret, 'login-name', identifier.trim().toLowerCase());
    return {
      account,
      pair: throttleKey(this.secret, 'login-pair', `${account}\n${clientAddress}`),
      address: throttleKey(this.secret, 'login-addr', clientAddress),
    };
  }

  /**
   * Counts the attempt against its (account, address) pair, then its address, before the password
   * is checked; refuses it (429, its counts taken back) when either is over its limit. The pair goes
   * first, so a burst against one account never uses up the address's allowance for other accounts.
   * Then waits the account's slowdown. The attempt stays counted as a failure unless `succeeded`
   * takes it back.
   */
  async reserve(keys: AttemptKeys): Promise<void> {
    const max = this.config.LOGIN_MAX_FAILURES;
    const [pair, account] = await Promise.all([this.limiter.hit(keys.pair, this.window), this.limiter.peek(keys.account)]);
    if (pair.hits > max) {
      await this.limiter.release(keys.pair, this.window);
      throw new TooManyAttempts(Math.max(1, pair.retryAfter));
    }
    const address = await this.limiter.hit(keys.address, this.window);
    if (address.hits > max * ADDRESS_FAILURE_FACTOR) {
      await Promise.all([this.limiter.release(keys.pair, this.window), this.limiter.release(keys.address, this.window)]);
      throw new TooManyAttempts(Math.max(1, address.retryAfter));
    }
    const delay = this.delayAfter(account.hits);
    if (delay > 0) await sleep(delay);
  }

  /** The attempt failed: its reservation stays, and the account's slowdown grows. */
  async failed(keys: AttemptKeys): Promise<void> {
    await this.limiter.hit(keys.account, this.window);
  }

  /** The password was right: the account's and this pair's failures are forgotten; the address gets its count back. */
  async succeeded(keys: AttemptKeys): Promise<void> {
    await Promise.all([this.limiter.reset(keys.account), this.limiter.reset(keys.pair), this.limiter.release(keys.address, this.window)]);
  }

  /**
   * The password was right, but a second factor is still owed: this attempt's counts are taken back
   * (its pair and address reservations), while the failures before it stay, so wrong codes after a right
   * password run into the same limits as wrong passwords. `succeeded` comes once the code is right.
   */
  async passed(keys: AttemptKeys): Promise<void> {
    await Promise.all([this.limiter.release(keys.pair, this.window), this.limiter.release(keys.address, this.window)]);
  }

  /** A password reset clears the account's slowdown, and its failures from the address the reset came from. */
  async forgetAccount(user: Pick<UserEntity, 'id'>, clientAddress?: string): Promise<void> {
    const keys = this.keys(user, '', clientAddress ?? '');
    await Promise.all([this.limiter.reset(keys.account), clientAddress === undefined ? undefined : this.limiter.reset(keys.pair)]);
  }

  /** Milliseconds an attempt waits after that many recent failures of its account. */
  delayAfter(failures: number): number {
    return Math.min(this.config.LOGIN_DELAY_MAX_MS, this.config.LOGIN_DELAY_STEP_MS * failures);
  }

  private get window(): number {
    return this.config.LOGIN_LOCK_MINUTES * 60;
  }

  private accountKey(user: Pick<UserEntity, 'id'>): string {
    return `login-user:${user.id}`;
  }

  private get secret(): string {
    return this.config.JWT_SECRET!;
  }
}
