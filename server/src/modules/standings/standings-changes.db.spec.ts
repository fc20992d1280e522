// The Redis adapter of StandingsChanges (scaled mode): a change published by one process (a worker)
// reaches every other (the api processes) as "group N changed", batched per tick, heard once each.
import { afterAll, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { describeOnRedis, uniqueRedisPrefix } from '#test/helpers/redis-half.js';
import { RedisStandingsChanges } from './standings-changes.js';

const TICK = 50;

describeOnRedis('RedisStandingsChanges', (redisUrl) => {
  const prefix = uniqueRedisPrefix('standings');
  const connections: Redis[] = [];
  const adapters: RedisStandingsChanges[] = [];
  const start = () => {
    const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
    connections.push(redis);
    const changes = new RedisStandingsChanges(redis, prefix, TICK);
    adapters.push(changes);
    const heard: number[] = [];
    changes.subscribe((g) => heard.push(g));
    return { changes, heard };
  };
  afterAll(async () => {
    await Promise.all(adapters.map((a) => a.onApplicationShutdown()));
    await Promise.allSettled(connections.map((c) => c.quit()));
  });

  it('should reach every other process once per group per tick, and the sender once', async () => {
    const worker = start();
    const apiA = start();
    const apiB = start();
    await new Promise((r) => setTimeout(r, 200)); // the subscriptions are in place
    worker.changes.publish(1);
    for (let i = 0; i < 100; i++) worker.changes.publish(i % 2 ? 1 : 2);
    const end = Date.now() + 5_000;
    while ((apiA.heard.length < 3 || apiB.heard.length < 3) && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, TICK * 4));
    // The first change at once, the other hundred as one notice at the tick.
    expect(apiA.heard).toEqual([1, 2, 1]);
    expect(apiB.heard).toEqual([1, 2, 1]);
    expect(worker.heard).toHaveLength(101); // its own handlers, at once, never the echo
  });
});
