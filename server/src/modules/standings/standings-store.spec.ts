// The standings store's promise, for each adapter: never a count below the database's, and
// (Redis, when TEST_REDIS_URL is set) never lowered or doubled by late or repeated writes.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { RedisStandingsStore } from './redis-standings-store.js';
import { PostgresStandingsStore } from './standings-store.js';

describe(PostgresStandingsStore.name, () => {
  it('should answer the database counts, which the vote transaction already wrote', async () => {
    const store = new PostgresStandingsStore();
    await store.recordVotes(1, [{ id: 10, votes: 99 }]);
    expect(
      await store.currentVotes(1, [
        { id: 10, votes: 3 },
        { id: 11, votes: 0 },
      ]),
    ).toEqual(
      new Map([
        [10, 3],
        [11, 0],
      ]),
    );
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  describe(RedisStandingsStore.name, () => {
    let redis: Redis;
    let store: RedisStandingsStore;
    const prefix = `test-standings-${randomBytes(4).toString('hex')}`;
    beforeAll(() => {
      redis = new Redis(redisUrl);
      store = new RedisStandingsStore(redis, prefix);
    });
    afterAll(async () => {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });

    it('should rebuild a missing group from the database counts', async () => {
      expect(
        await store.currentVotes(1, [
          { id: 10, votes: 4 },
          { id: 11, votes: 2 },
        ]),
      ).toEqual(
        new Map([
          [10, 4],
          [11, 2],
        ]),
      );
      expect(await redis.zrange(store.key(1), 0, -1, 'WITHSCORES')).toEqual(['11', '2', '10', '4']);
      expect(await redis.pttl(store.key(1))).toBeGreaterThan(0);
    });

    it('should keep the highest committed count, whatever order the writes arrive in', async () => {
      await store.recordVotes(2, [{ id: 10, votes: 5 }]);
      await store.recordVotes(2, [{ id: 10, votes: 7 }]);
      await store.recordVotes(2, [{ id: 10, votes: 6 }]); // a late worker
      await store.recordVotes(2, [{ id: 10, votes: 7 }]); // a redelivered job
      expect(await store.currentVotes(2, [{ id: 10, votes: 5 }])).toEqual(new Map([[10, 7]]));
    });

    it('should never answer less than the database, for members it lacks too', async () => {
      await store.recordVotes(3, [{ id: 10, votes: 5 }]);
      expect(
        await store.currentVotes(3, [
          { id: 10, votes: 9 },
          { id: 12, votes: 1 },
        ]),
      ).toEqual(
        new Map([
          [10, 9],
          [12, 1],
        ]),
      );
    });
  });
}
