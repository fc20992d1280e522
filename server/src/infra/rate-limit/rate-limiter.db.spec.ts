// The RateLimiter contract, run against both adapters (rate-limiter-flexible underneath, decision 012):
// PostgreSQL always, Redis when TEST_REDIS_URL is set (.ci/run sets it), under a key prefix of its own
// that the suite deletes afterwards. Without TEST_REDIS_URL a test named "NOT RUN" says so (and fails
// under CI).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { describeOnRedis, uniqueRedisPrefix } from '#test/helpers/redis-half.js';
import { createTestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { RateLimitsFlexible1767300000000 } from '#server/infra/database/migrations/1767300000000-rate-limits-flexible.js';
import { PostgresRateLimiter, RateLimiter, RedisRateLimiter } from './rate-limiter.js';

interface Rig {
  limiter: RateLimiter;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const WINDOW = 600;

function contract(name: string, make: () => Promise<Rig>): void {
  describe(`RateLimiter on ${name}`, () => {
    let rig: Rig;
    let limiter: RateLimiter;
    beforeAll(async () => {
      rig = await make();
      limiter = rig.limiter;
    }, 60_000);
    afterAll(async () => {
      await rig.close();
    });
    const key = () => `test:${randomUUID()}`;

    it('should count hits in the window and answer the seconds left', async () => {
      const k = key();
      const first = await limiter.hit(k, WINDOW);
      expect(first.hits).toBe(1);
      expect(first.retryAfter).toBeGreaterThan(WINDOW - 5);
      expect(first.retryAfter).toBeLessThanOrEqual(WINDOW);
      expect((await limiter.hit(k, WINDOW)).hits).toBe(2);
      expect((await limiter.hit(k, WINDOW)).hits).toBe(3);
    });

    it('should keep the window fixed: later hits do not push its end', async () => {
      const k = key();
      await limiter.hit(k, 3);
      await sleep(1_100);
      const later = await limiter.hit(k, 3);
      expect(later.hits).toBe(2);
      expect(later.retryAfter).toBeLessThanOrEqual(2);
    });

    it('should peek without counting', async () => {
      const k = key();
      await limiter.hit(k, WINDOW);
      await limiter.hit(k, WINDOW);
      const seen = await limiter.peek(k);
      expect(seen.hits).toBe(2);
      expect(seen.retryAfter).toBeGreaterThan(WINDOW - 5);
      expect((await limiter.peek(k)).hits).toBe(2);
    });

    it('should take back one hit on release, keeping the window, and count exactly under concurrency', async () => {
      const k = key();
      await Promise.all(Array.from({ length: 20 }, () => limiter.hit(k, WINDOW)));
      expect((await limiter.peek(k)).hits).toBe(20);
      await Promise.all(Array.from({ length: 5 }, () => limiter.release(k, WINDOW)));
      const seen = await limiter.peek(k);
      expect(seen.hits).toBe(15);
      expect(seen.retryAfter).toBeGreaterThan(WINDOW - 5);
    });

    it('should answer nothing counted for a key never hit', async () => {
      expect(await limiter.peek(key())).toEqual({ hits: 0, retryAfter: 0 });
    });

    it('should keep keys apart', async () => {
      const [a, b] = [key(), key()];
      await limiter.hit(a, WINDOW);
      await limiter.hit(a, WINDOW);
      expect((await limiter.hit(b, WINDOW)).hits).toBe(1);
      expect((await limiter.peek(a)).hits).toBe(2);
    });

    it('should forget a key on reset, and count from one again', async () => {
      const [k, other] = [key(), key()];
      await limiter.hit(k, WINDOW);
      await limiter.hit(k, WINDOW);
      await limiter.hit(other, WINDOW);
      await limiter.reset(k);
      expect(await limiter.peek(k)).toEqual({ hits: 0, retryAfter: 0 });
      expect((await limiter.peek(other)).hits).toBe(1);
      expect((await limiter.hit(k, WINDOW)).hits).toBe(1);
      await expect(limiter.reset(key())).resolves.toBeUndefined();
    });

    it('should start a new window once the last one has ended', async () => {
      const k = key();
      await limiter.hit(k, 1);
      await limiter.hit(k, 1);
      await sleep(2_100);
      expect(await limiter.peek(k)).toEqual({ hits: 0, retryAfter: 0 });
      const fresh = await limiter.hit(k, 1);
      expect(fresh.hits).toBe(1);
      expect(fresh.retryAfter).toBe(1);
    });

    it('should count simultaneous hits each once', async () => {
      const k = key();
      const states = await Promise.all(Array.from({ length: 25 }, () => limiter.hit(k, WINDOW)));
      expect(states.map((s) => s.hits).sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      expect((await limiter.peek(k)).hits).toBe(25);
    });

    it('should serve windows of different lengths side by side', async () => {
      const [short, long] = [key(), key()];
      expect((await limiter.hit(short, 60)).retryAfter).toBeLessThanOrEqual(60);
      expect((await limiter.hit(long, 3600)).retryAfter).toBeGreaterThan(3500);
      expect((await limiter.peek(short)).retryAfter).toBeLessThanOrEqual(60);
      expect((await limiter.peek(long)).hits).toBe(1);
    });
  });
}

contract('PostgreSQL', async () => {
  const pgDb = await createTestDatabase();
  const ds = await new DataSource(dataSourceOptions(pgDb.url, 4)).initialize();
  return {
    limiter: new PostgresRateLimiter(ds),
    close: async () => {
      await ds.destroy();
      await pgDb.drop();
    },
  };
});

describe('rate_limits migration to the rate-limiter-flexible shape', () => {
  it('should move the counters still in their window and drop the ended ones', async () => {
    const db = await createTestDatabase();
    const ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    try {
      const migration = new RateLimitsFlexible1767300000000();
      const q = ds.createQueryRunner();
      await migration.down(q);
      await q.query(`INSERT INTO rate_limits (key, hits, window_ends_at) VALUES
        ('login-user:1', 3, now() + interval '10 minutes'), ('login-user:2', 9, now() - interval '1 minute')`);
      await migration.up(q);
      await q.release();
      const limiter = new PostgresRateLimiter(ds);
      const moved = await limiter.peek('login-user:1');
      expect(moved.hits).toBe(3);
      expect(moved.retryAfter).toBeGreaterThan(590);
      expect(moved.retryAfter).toBeLessThanOrEqual(600);
      expect(await limiter.peek('login-user:2')).toEqual({ hits: 0, retryAfter: 0 });
      expect((await limiter.hit('login-user:1', 600)).hits).toBe(4);
      expect(await ds.query(`SELECT to_regclass('rate_limits_old') AS old`)).toEqual([{ old: null }]);
    } finally {
      await ds.destroy();
      await db.drop();
    }
  });
});

describeOnRedis('RateLimiter', (redisUrl) => {
  const prefix = uniqueRedisPrefix('rate-limiter');
  contract('Redis', async () => {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
    return {
      limiter: new RedisRateLimiter(redis, prefix),
      close: async () => {
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length) await redis.del(...keys);
        await redis.quit();
      },
    };
  });

  it('should keep its counters under REDIS_PREFIX:rl:, as plain integers with an expiry', async () => {
    const redis = new Redis(redisUrl);
    try {
      await new RedisRateLimiter(redis, prefix).hit('login-user:42', WINDOW);
      expect(await redis.get(`${prefix}:rl:login-user:42`)).toBe('1');
      expect(await redis.ttl(`${prefix}:rl:login-user:42`)).toBeGreaterThan(WINDOW - 5);
    } finally {
      await redis.del(`${prefix}:rl:login-user:42`);
      await redis.quit();
    }
  });
});
