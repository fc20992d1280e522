import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '#server/config/config.js';
import { RateLimiter, type RateState } from '#server/infra/rate-limit/rate-limiter.js';
import type { UserEntity } from '#server/modules/users/entities/user.entity.js';
import { LoginThrottle, TooManyAttempts, type AttemptKeys } from './login-throttle.service.js';

/** Counts in memory; every window has 600 s left. */
class MemoryLimiter extends RateLimiter {
  readonly hits = new Map<string, number>();
  async hit(key: string): Promise<RateState> {
    this.hits.set(key, (this.hits.get(key) ?? 0) + 1);
    return { hits: this.hits.get(key)!, retryAfter: 600 };
  }
  async release(key: string): Promise<void> {
    this.hits.set(key, (this.hits.get(key) ?? 0) - 1);
  }
  async peek(key: string): Promise<RateState> {
    return { hits: this.hits.get(key) ?? 0, retryAfter: this.hits.has(key) ? 600 : 0 };
  }
  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }
}

const config = {
  LOGIN_MAX_FAILURES: 2,
  LOGIN_LOCK_MINUTES: 10,
  LOGIN_DELAY_STEP_MS: 1,
  LOGIN_DELAY_MAX_MS: 3,
  JWT_SECRET: 'x'.repeat(32),
} as AppConfig;
const user = { id: 7 } as UserEntity;

/** One failed attempt, as LoginService makes it. */
const fail = async (throttle: LoginThrottle, keys: AttemptKeys) => {
  await throttle.reserve(keys);
  await throttle.failed(keys);
};

describe(LoginThrottle.name, () => {
  it('should refuse an account from one address after LOGIN_MAX_FAILURES failures, whichever name was used', async () => {
    const throttle = new LoginThrottle(new MemoryLimiter(), config);
    await fail(throttle, throttle.keys(user, 'alice', '10.0.0.1'));
    await fail(throttle, throttle.keys(user, 'alice@example.com', '10.0.0.1'));
    const attempt = throttle.reserve(throttle.keys(user, 'ALICE', '10.0.0.1'));
    await expect(attempt).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(attempt).rejects.toMatchObject({ retryAfterSeconds: 600 });
  });

  it('should never lock an account for failures from other addresses, only slow it down, at most LOGIN_DELAY_MAX_MS', async () => {
    const throttle = new LoginThrottle(new MemoryLimiter(), config);
    for (let i = 0; i < 10; i++) await fail(throttle, throttle.keys(user, 'alice', `10.0.1.${i}`));
    await expect(throttle.reserve(throttle.keys(user, 'alice', '10.0.1.99'))).resolves.toBeUndefined();
    expect([0, 1, 2, 10].map((n) => throttle.delayAfter(n))).toEqual([0, 1, 2, 3]);
  });

  it('should count an attempt before it is checked, so that simultaneous attempts cannot pass the limit', async () => {
    const limiter = new MemoryLimiter();
    const throttle = new LoginThrottle(limiter, config);
    const keys = throttle.keys(user, 'alice', '10.0.2.1');
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => throttle.reserve(keys)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    // Refused attempts are taken back: the counts are the two let through.
    expect(limiter.hits.get(keys.pair)).toBe(2);
    expect(limiter.hits.get(keys.address)).toBe(2);
  });

  it('should refuse an address only after four times as many failures', async () => {
    const throttle = new LoginThrottle(new MemoryLimiter(), config);
    for (let i = 0; i < 8; i++) await fail(throttle, throttle.keys(null, `name${i}`, '10.0.0.9'));
    await expect(throttle.reserve(throttle.keys(null, 'fresh', '10.0.0.9'))).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(throttle.reserve(throttle.keys(null, 'fresh', '10.0.0.10'))).resolves.toBeUndefined();
  });

  it('should forget the account and the pair on success, and give the address its count back', async () => {
    const limiter = new MemoryLimiter();
    const throttle = new LoginThrottle(limiter, config);
    const keys = throttle.keys(user, 'alice', '10.0.0.1');
    await fail(throttle, keys);
    await throttle.reserve(keys);
    await throttle.succeeded(keys);
    expect(limiter.hits.has(keys.account)).toBe(false);
    expect(limiter.hits.has(keys.pair)).toBe(false);
    expect(limiter.hits.get(keys.address)).toBe(1);
  });

  it('should clear the account and the pair of the reset address when forgetting an account', async () => {
    const limiter = new MemoryLimiter();
    const throttle = new LoginThrottle(limiter, config);
    const keys = throttle.keys(user, 'alice', '10.0.0.1');
    await fail(throttle, keys);
    await throttle.forgetAccount(user, '10.0.0.1');
    expect(limiter.hits.has(keys.account)).toBe(false);
    expect(limiter.hits.has(keys.pair)).toBe(false);
    expect(limiter.hits.get(keys.address)).toBe(1);
  });

  it('should key addresses and unknown names by a keyed hash only', () => {
    const throttle = new LoginThrottle(new MemoryLimiter(), config);
    const keys = throttle.keys(null, 'Someone@Example.com', '192.168.1.20');
    for (const key of Object.values(keys)) {
      expect(key).not.toContain('someone');
      expect(key).not.toContain('192.168');
    }
    expect(throttle.keys(null, 'someone@example.com', '192.168.1.20')).toEqual(keys);
  });
});
