import { describe, expect, it } from '@jest/globals';
import type { AppConfig } from '#server/config/config.js';
import { RateLimiter, type RateState } from '#server/infra/rate-limit/rate-limiter.js';
import type { UserEntity } from '../users/entities/user.entity.js';
import { LoginThrottle, TooManyAttempts } from './login-throttle.service.js';

/** Counts in memory; every window has 600 s left. */
class MemoryLimiter extends RateLimiter {
  readonly hits = new Map<string, number>();
  async hit(key: string): Promise<RateState> {
    this.hits.set(key, (this.hits.get(key) ?? 0) + 1);
    return { hits: this.hits.get(key)!, retryAfter: 600 };
  }
  async peek(key: string): Promise<RateState> {
    return { hits: this.hits.get(key) ?? 0, retryAfter: this.hits.has(key) ? 600 : 0 };
  }
  async reset(key: string): Promise<void> {
    this.hits.delete(key);
  }
}

const config = { LOGIN_MAX_FAILURES: 2, LOGIN_LOCK_MINUTES: 10, JWT_SECRET: 'x'.repeat(32) } as AppConfig;
const user = { id: 7 } as UserEntity;

describe(LoginThrottle.name, () => {
  it('should refuse an account after LOGIN_MAX_FAILURES failures, whichever name was used', async () => {
    const throttle = new LoginThrottle(new MemoryLimiter(), config);
    await throttle.recordFailure(throttle.keys(user, 'alice', '10.0.0.1'));
    await throttle.recordFailure(throttle.keys(user, 'alice@example.com', '10.0.0.2'));
    const attempt = throttle.assertAllowed(throttle.keys(user, 'ALICE', '10.0.0.3'));
    await expect(attempt).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(attempt).rejects.toMatchObject({ retryAfterSeconds: 600 });
  });

  it('should refuse an address only after four times as many failures', async () => {
    const throttle = new LoginThrottle(new MemoryLimiter(), config);
    for (let i = 0; i < 7; i++) await throttle.recordFailure(throttle.keys(null, `name${i}`, '10.0.0.9'));
    await expect(throttle.assertAllowed(throttle.keys(null, 'fresh', '10.0.0.9'))).resolves.toBeUndefined();
    await throttle.recordFailure(throttle.keys(null, 'name7', '10.0.0.9'));
    await expect(throttle.assertAllowed(throttle.keys(null, 'fresh', '10.0.0.9'))).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(throttle.assertAllowed(throttle.keys(null, 'fresh', '10.0.0.10'))).resolves.toBeUndefined();
  });

  it('should clear the account count, but not the address count, when forgetting an account', async () => {
    const limiter = new MemoryLimiter();
    const throttle = new LoginThrottle(limiter, config);
    const keys = throttle.keys(user, 'alice', '10.0.0.1');
    await throttle.recordFailure(keys);
    await throttle.forgetAccount(user);
    expect(limiter.hits.has(keys.account)).toBe(false);
    expect(limiter.hits.get(keys.address)).toBe(1);
  });

  it('should key addresses and unknown names by a keyed hash only', () => {
    const throttle = new LoginThrottle(new MemoryLimiter(), config);
    const keys = throttle.keys(null, 'Someone@Example.com', '192.168.1.20');
    expect(keys.account).not.toContain('someone');
    expect(keys.address).not.toContain('192.168');
    expect(throttle.keys(null, 'someone@example.com', '192.168.1.20')).toEqual(keys);
  });
});
