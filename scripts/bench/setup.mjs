// Setup and cleanup: the scaled layout from the process harness the scaled-mode tests use
// (test/scaled/support/cluster.mjs), its own database and key prefix, and the bench's data.
import { randomBytes } from 'node:crypto';
import { Cluster, stopProcess } from '#test/scaled/support/cluster.mjs';
import { OwnRedis } from '#test/scaled/support/own-redis.mjs';
import { seed } from './seed.mjs';
import { S } from './settings.mjs';

/**
 * What every cluster of the bench shares (this one and the faults phase's): the layout, its own
 * database and key prefix named by `tag`, the workers' niceness, BENCH_NODE_ARGS; `env` and
 * BENCH_APP_ENV (which wins) for the app's processes.
 */
export const clusterOptions = (tag, env = {}) => ({
  apis: S.apis,
  workers: S.workers,
  tag,
  dbPrefix: 'ss_bench',
  keyPrefix: 'ss_bench',
  dirPrefix: 'bench',
  dbPoolSize: 2,
  workerNice: S.workerNice,
  env: { ...env, ...S.appEnv },
  nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
});

/**
 * Starts the cluster (the first api process migrates, the rest then start together) and seeds it.
 * `cleanup()` stops everything and removes the database, the keys and the data folder; it may be
 * called at any time, once (later calls wait for the first), also while the cluster still starts.
 */
export function setUp() {
  const tag = randomBytes(5).toString('hex');
  const extraProcesses = [];
  // With BENCH_REDIS_APPENDFSYNC, a redis-server of the bench's own with the compose settings and that fsync policy.
  const ownRedis = S.redisAppendfsync ? OwnRedis.start({ appendfsync: S.redisAppendfsync }) : null;
  const starting = (async () =>
    Cluster.start({
      ...clusterOptions(tag, {
        // The payments phase buys through TEST MODE (off by default in scaled mode).
        // The built client too, for the app-shell phase.
        // The challenge phase's puzzles are small, so that solving them costs the generator little and the
        // phase measures what a challenge costs the server (issuing, checking, spending it).
        PAYMENTS_TEST_MODE: 'true',
        SERVE_CLIENT: 'true',
        VOTE_CHALLENGE_MAX_NUMBER: '100',
      }),
      pgUrl: S.pgUrl,
      redisUrl: ownRedis ? (await ownRedis).url : S.redisUrl,
    }))();
  let cleaning = null;
  const cleanup = () =>
    (cleaning ??= (async () => {
      await Promise.all(extraProcesses.map((p) => stopProcess(p.child, 15_000)));
      const cluster = await starting.catch(() => null); // a failed start tore itself down
      await cluster?.teardown().catch((e) => console.error(`cleanup: ${e.message}`));
      await (await ownRedis?.catch(() => null))?.stop();
    })());
  const ready = (async () => {
    const cluster = await starting;
    const own = await ownRedis;
    const contest = await seed(cluster.db, tag);
    return {
      cluster,
      contest,
      apis: cluster.apis.map((p) => p.baseUrl),
      watched: contest.groupIds[0],
      db: cluster.db,
      workers: cluster.workers,
      extraProcesses,
      /** The bench's child processes, for the CPU figures. */
      processes: () => [...cluster.started, ...extraProcesses, ...(own?.process ? [{ name: 'redis (own)', child: own.process }] : [])],
      tally: { accepted: 0 },
    };
  })();
  return { ready, cleanup };
}
