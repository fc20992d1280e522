// Setup and cleanup: the scaled layout from the process harness the scaled-mode tests use
// (test/scaled/support/cluster.mjs), its own database and key prefix, and the bench's data.
import { randomBytes } from 'node:crypto';
import { Cluster, stopProcess } from '#test/scaled/support/cluster.mjs';
import { seed } from './seed.mjs';
import { S } from './settings.mjs';

/**
 * Starts the cluster (the first api process migrates, the rest then start together) and seeds it.
 * `cleanup()` stops everything and removes the database, the keys and the data folder; it may be
 * called at any time, once (later calls wait for the first), also while the cluster still starts.
 */
export function setUp() {
  const tag = randomBytes(5).toString('hex');
  const extraProcesses = [];
  const starting = Cluster.start({
    apis: S.apis,
    workers: S.workers,
    pgUrl: S.pgUrl,
    redisUrl: S.redisUrl,
    tag,
    dbPrefix: 'ss_bench',
    keyPrefix: 'ss_bench',
    dirPrefix: 'bench',
    dbPoolSize: 2,
    workerNice: S.workerNice,
    // The payments phase buys through TEST MODE (off by default in scaled mode).
    // The built client too, for the app-shell phase.
    // The challenge phase's puzzles are small, so that solving them costs the generator little and the
    // phase measures what a challenge costs the server (issuing, checking, spending it).
    env: { PAYMENTS_TEST_MODE: 'true', SERVE_CLIENT: 'true', VOTE_CHALLENGE_MAX_NUMBER: '100', ...S.appEnv },
    nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  });
  let cleaning = null;
  const cleanup = () =>
    (cleaning ??= (async () => {
      await Promise.all(extraProcesses.map((p) => stopProcess(p.child, 15_000)));
      const cluster = await starting.catch(() => null); // a failed start tore itself down
      await cluster?.teardown().catch((e) => console.error(`cleanup: ${e.message}`));
    })());
  const ready = (async () => {
    const cluster = await starting;
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
      processes: () => [...cluster.started, ...extraProcesses],
      tally: { accepted: 0 },
    };
  })();
  return { ready, cleanup };
}
