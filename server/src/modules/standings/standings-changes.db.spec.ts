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
    let resyncs = 0;
    changes.onResync(() => (resyncs += 1));
    return { changes, heard, resyncs: () => resyncs };
  };
  const until = async (done: () => boolean) => {
    const end = Date.now() + 5_000;
    while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
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

  it("should send the last tick's changes before it stops, so the other processes still hear them", async () => {
    const worker = start();
    const api = start();
    await new Promise((r) => setTimeout(r, 200));
    worker.changes.publish(7);
    worker.changes.publish(8); // within the tick: waits for its end, or for the stop
    await worker.changes.onApplicationShutdown();
    await until(() => api.heard.length >= 2);
    expect(api.heard).toEqual([7, 8]);
  });

  it('should ask to read again once its subscriber is back from a lost connection (notices sent meanwhile are gone)', async () => {
    const api = start();
    await until(() => (api.changes as unknown as { subscriber: Redis | null }).subscriber?.status === 'ready');
    expect(api.resyncs()).toBe(0); // not on the first connection
    (api.changes as unknown as { subscriber: Redis }).subscriber.disconnect(true);
    await until(() => api.resyncs() > 0);
    expect(api.resyncs()).toBe(1);
  });
});
