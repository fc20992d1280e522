// The harness itself: what the other scaled-mode tests stand on must start real processes in
// scaled mode and leave no database, key or process behind.
import { describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import pg from 'pg';
import { Cluster } from './support/cluster.mjs';

describe(Cluster.name, () => {
  it('should run api and worker processes in scaled mode and leave nothing behind', async () => {
    const cluster = await Cluster.start({ apis: 2, workers: 1 });
    const running = () => [...cluster.apis, ...cluster.workers];
    let stoppedByTeardown: ReturnType<typeof running>;
    try {
      for (const i of [0, 1]) {
        const health = await fetch(`${cluster.apiUrl(i)}/api/v1/health`);
        expect(await health.json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });
      }
      const [worker] = cluster.workers;
      const fresh = await cluster.restart(worker, 'SIGKILL');
      expect(worker.child.signalCode).toBe('SIGKILL');
      expect(cluster.workers).toEqual([fresh]);
      // A key under the cluster's prefix, which teardown must delete with the queues' keys.
      await cluster.redis.set(`${cluster.redisPrefix}:probe`, '1');
    } finally {
      stoppedByTeardown = running();
      await cluster.teardown();
    }
    expect(cluster.output()).not.toMatch(/error/i);
    // SIGTERM is how operators stop a replica: every process shuts down cleanly.
    expect(stoppedByTeardown.map((p) => [p.name, p.child.exitCode, p.child.signalCode])).toEqual(stoppedByTeardown.map((p) => [p.name, 0, null]));

    const admin = new pg.Client({ connectionString: process.env.TEST_PG_URL });
    await admin.connect();
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [cluster.dbName]);
    await admin.end();
    expect(rowCount).toBe(0);
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    const left: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${cluster.redisPrefix}*`, 'COUNT', 1000);
      cursor = next;
      left.push(...keys);
    } while (cursor !== '0');
    await redis.quit();
    expect(left).toEqual([]);
  });
});
