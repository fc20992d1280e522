// The ConcurrencyLimiter contract, run against both adapters: in memory always, Redis when
// TEST_REDIS_URL is set (.ci/run sets it), under a key prefix of its own that the suite deletes.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { describeOnRedis, uniqueRedisPrefix } from '#test/helpers/redis-half.js';
import { ConcurrencyLimiter, InProcessConcurrencyLimiter, RedisConcurrencyLimiter } from './concurrency-limiter.js';

interface Rig {
  /** Two limiters on one store: two api processes of scaled mode, or the one process twice. */
  limiters: [ConcurrencyLimiter, ConcurrencyLimiter];
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function contract(make: () => Promise<Rig>): void {
  let rig: Rig;
  let a: ConcurrencyLimiter;
  let b: ConcurrencyLimiter;
  beforeAll(async () => {
    rig = await make();
    [a, b] = rig.limiters;
  }, 60_000);
  afterAll(async () => {
    await rig.close();
  });
  const key = () => `test:${randomUUID()}`;

  it('should give one place and refuse the second holder until the first gives it back', async () => {
    const k = key();
    const first = await a.acquire(k, 1, 60);
    expect(first).not.toBeNull();
    expect(await b.acquire(k, 1, 60)).toBeNull();
    expect(await a.acquire(k, 1, 60)).toBeNull();
    await first!.release();
    const next = await b.acquire(k, 1, 60);
    expect(next).not.toBeNull();
    await next!.release();
  });

  it('should let exactly `max` of many simultaneous holders in', async () => {
    const k = key();
    const tries = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).acquire(k, 2, 60)));
    const held = tries.filter((l) => l !== null);
    expect(held).toHaveLength(2);
    await Promise.all(held.map((l) => l!.release()));
    expect(await a.acquire(k, 2, 60)).not.toBeNull();
  });

  it('should keep keys apart and take a release twice as once', async () => {
    const [k1, k2] = [key(), key()];
    const one = await a.acquire(k1, 1, 60);
    expect(await a.acquire(k2, 1, 60)).not.toBeNull();
    await one!.release();
    await one!.release();
    const two = await a.acquire(k1, 2, 60);
    const three = await b.acquire(k1, 2, 60);
    expect([two, three].every((l) => l !== null)).toBe(true);
    await one!.release(); // a stale release must not free a place another holder took
    expect(await a.acquire(k1, 2, 60)).toBeNull();
  });

  it('should free the place of a holder that never gives it back once its time is up', async () => {
    const k = key();
    expect(await a.acquire(k, 1, 1)).not.toBeNull();
    expect(await b.acquire(k, 1, 1)).toBeNull();
    await sleep(1_100);
    expect(await b.acquire(k, 1, 1)).not.toBeNull();
  });
}

describe('ConcurrencyLimiter in one process', () => {
  contract(() => {
    const one = new InProcessConcurrencyLimiter();
    return Promise.resolve({ limiters: [one, one], close: () => Promise.resolve() });
  });
});

describeOnRedis('ConcurrencyLimiter', (redisUrl) => {
  contract(async () => {
    const prefix = uniqueRedisPrefix('concurrency');
    const [r1, r2] = [new Redis(redisUrl), new Redis(redisUrl)];
    return {
      limiters: [new RedisConcurrencyLimiter(r1, prefix), new RedisConcurrencyLimiter(r2, prefix)],
      close: async () => {
        const keys = await r1.keys(`${prefix}:*`);
        if (keys.length) await r1.del(...keys);
        await Promise.all([r1.quit(), r2.quit()]);
      },
    };
  });
});
