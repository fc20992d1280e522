// The VoteLimiter contract, run against every adapter: PostgreSQL always, Redis when
// TEST_REDIS_URL is set (CI's scaled-mode step sets it), under a key prefix of its own.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { createTestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { PostgresVoteLimiter } from './postgres-vote-limiter.js';
import { RedisVoteLimiter } from './redis-vote-limiter.js';
import { VoteClaimsRepository } from './vote-claims.repository.js';
import type { VoteLimiter } from './vote-limiter.js';

interface Adapter {
  limiter: VoteLimiter;
  close(): Promise<void>;
}

const adapters: [string, () => Promise<Adapter>][] = [
  [
    'PostgreSQL',
    async () => {
      const db = await createTestDatabase();
      const ds = await new DataSource(dataSourceOptions(db.url, 8)).initialize();
      new Transactions(ds);
      return {
        limiter: new PostgresVoteLimiter(new VoteClaimsRepository(ds)),
        close: async () => {
          await ds.destroy();
          await db.drop();
        },
      };
    },
  ],
];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  adapters.push([
    'Redis',
    async () => {
      const redis = new Redis(redisUrl);
      const prefix = `test-vote-limiter-${randomBytes(4).toString('hex')}`;
      return {
        limiter: new RedisVoteLimiter(redis, prefix),
        close: async () => {
          const keys = await redis.keys(`${prefix}:*`);
          if (keys.length) await redis.del(...keys);
          await redis.quit();
        },
      };
    },
  ]);
}

const DAY = 24 * 3600;
let nextProfile = 1;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(adapters)('VoteLimiter on %s', (_name, make) => {
  let adapter: Adapter;
  let limiter: VoteLimiter;
  beforeAll(async () => {
    adapter = await make();
    limiter = adapter.limiter;
  }, 60_000);
  afterAll(async () => {
    await adapter.close();
  });

  it('should give a free slot to the first claim and refuse the next one', async () => {
    const profile = nextProfile++;
    expect(await limiter.holds(profile, ['a:one'])).toBe(false);
    expect(await limiter.claim(profile, ['a:one'], randomUUID(), DAY)).toBe(true);
    expect(await limiter.holds(profile, ['a:one'])).toBe(true);
    expect(await limiter.claim(profile, ['a:one'], randomUUID(), DAY)).toBe(false);
  });

  it("should keep each contestant's slots apart", async () => {
    const [p1, p2] = [nextProfile++, nextProfile++];
    expect(await limiter.claim(p1, ['a:fan'], randomUUID(), DAY)).toBe(true);
    expect(await limiter.claim(p2, ['a:fan'], randomUUID(), DAY)).toBe(true);
    expect(await limiter.holds(p2, ['a:other'])).toBe(false);
  });

  it('should take several keys all or none', async () => {
    const profile = nextProfile++;
    expect(await limiter.claim(profile, ['a:home', 'u:7'], randomUUID(), DAY)).toBe(true);
    // The same user from another address: the user's slot is held, so the new address gets nothing either.
    expect(await limiter.claim(profile, ['a:office', 'u:7'], randomUUID(), DAY)).toBe(false);
    expect(await limiter.holds(profile, ['a:office'])).toBe(false);
    // A visitor at home is the address: held.
    expect(await limiter.claim(profile, ['a:home'], randomUUID(), DAY)).toBe(false);
    expect(await limiter.holds(profile, ['a:home'])).toBe(true);
    // Another user at the office is free.
    expect(await limiter.claim(profile, ['a:office', 'u:8'], randomUUID(), DAY)).toBe(true);
  });

  it('should free a slot when its window has passed', async () => {
    const profile = nextProfile++;
    expect(await limiter.claim(profile, ['a:quick', 'u:9'], randomUUID(), 0.4)).toBe(true);
    expect(await limiter.claim(profile, ['a:quick'], randomUUID(), DAY)).toBe(false);
    await sleep(600);
    expect(await limiter.holds(profile, ['a:quick', 'u:9'])).toBe(false);
    expect(await limiter.claim(profile, ['u:9', 'a:quick'], randomUUID(), DAY)).toBe(true);
  });

  it('should release only the slots of the vote that asks', async () => {
    const profile = nextProfile++;
    const vote = randomUUID();
    expect(await limiter.claim(profile, ['a:x', 'u:10'], vote, DAY)).toBe(true);
    await limiter.release(profile, ['a:x', 'u:10'], randomUUID());
    expect(await limiter.holds(profile, ['a:x'])).toBe(true);
    await limiter.release(profile, ['a:x', 'u:10'], vote);
    expect(await limiter.holds(profile, ['a:x'])).toBe(false);
    expect(await limiter.holds(profile, ['u:10'])).toBe(false);
    expect(await limiter.claim(profile, ['a:x', 'u:10'], randomUUID(), DAY)).toBe(true);
  });

  it('should let exactly one of many simultaneous claims of one slot win', async () => {
    const profile = nextProfile++;
    const results = await Promise.all(Array.from({ length: 60 }, () => limiter.claim(profile, ['a:burst'], randomUUID(), DAY)));
    expect(results.filter(Boolean).length).toBe(1);
  });

  it('should let exactly one win when simultaneous claims share only the user key', async () => {
    const profile = nextProfile++;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => limiter.claim(profile, [i % 2 ? `a:addr${i}` : `u:11`, i % 2 ? 'u:11' : `a:addr${i}`], randomUUID(), DAY)),
    );
    expect(results.filter(Boolean).length).toBe(1);
    // The losers took nothing: each of their addresses is still free.
    const free = await Promise.all(Array.from({ length: 30 }, (_, i) => limiter.holds(profile, [`a:addr${i}`])));
    expect(free.filter(Boolean).length).toBe(1);
  });

  it('should judge each of many simultaneous claims on its own: other contestants and voters are free', async () => {
    const [p1, p2] = [nextProfile++, nextProfile++];
    expect(await limiter.claim(p1, ['a:held'], randomUUID(), DAY)).toBe(true);
    const claims: [number, string[]][] = [
      [p1, ['a:held']], // taken before
      [p1, ['a:new1']],
      [p2, ['a:held']], // another contestant: free
      [p1, ['a:new1']], // the same slot as the second claim: taken by it
      [p1, ['a:new2', 'u:20']],
      [p1, ['a:new3', 'u:20']], // shares the user with the claim before
      [p2, ['a:new1', 'u:20']],
    ];
    const results = await Promise.all(claims.map(([p, keys]) => limiter.claim(p, keys, randomUUID(), DAY)));
    // Simultaneous claims of one slot: exactly one wins, whichever it is.
    expect([results[1] !== results[3], results[4] !== results[5]]).toEqual([true, true]);
    expect([results[0], results[2], results[6]]).toEqual([false, true, true]);
    expect(await limiter.holds(p1, ['a:new3'])).toBe(results[5]);
  });
});
