// The primary of a clustered start (WEB_CONCURRENCY > 1, decision 043): it holds the database and the
// port, forks the api processes and stops them, the database last. It serves no request itself.
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { setupPrimary as setupSocketIoPrimary } from '@socket.io/cluster-adapter';
import type { Logger as Pino } from 'pino';
import type { AppConfig } from './config/config.js';
import { ClusterHub } from './infra/cluster/cluster-hub.js';
import { isEnvelope } from './infra/cluster/cluster-ipc.js';
import { RestartPolicy, stopWorkers } from './infra/cluster/cluster-supervision.js';
import type { Database } from './runtime.js';

/** The environment a worker is forked with: its number (1 runs the jobs) and the embedded database's address. */
export const WORKER_ENV = 'SCREAMSTAGE_CLUSTER_WORKER';
export const DATABASE_ENV = 'SCREAMSTAGE_CLUSTER_DATABASE_URL';

/**
 * A stop waits for the workers this much longer than their own stop limit (they get their SIGTERM a
 * moment later and exit on their own limit), then SIGKILLs what is left; the database stops after.
 */
const STOP_MARGIN_MS = 5_000;
/** How long the embedded database may take to stop before the primary exits anyway. */
const DATABASE_STOP_MS = 15_000;

/**
 * Runs the cluster until a signal or a fault stops it. Worker 1 starts first and alone (it seeds the
 * demo data and makes the pictures' smaller copies, as one process does); the others start once it is
 * ready. A worker that dies is forked again after a pause that grows with its crashes (RestartPolicy).
 */
export function runPrimary(config: AppConfig, db: Database, log: Pino, stopLimitMs: number): void {
  const total = config.webConcurrency;
  const hub = new ClusterHub(total);
  const policy = new RestartPolicy();
  setupSocketIoPrimary();
  // Forked workers run the server itself, not `npm start`'s wrapper (which already built what was stale).
  cluster.setupPrimary({ exec: path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.js') });

  const numbers = new Map<Worker, number>();
  const everReady = new Set<number>();
  const pendingRestarts = new Map<number, NodeJS.Timeout>();
  let stopping = false;
  let announced = false;
  let exitCode = 0;

  const fork = (n: number) => {
    // Nothing is forked once a stop began: it would outlive the database.
    if (stopping) return;
    const worker = cluster.fork({ [WORKER_ENV]: String(n), [DATABASE_ENV]: db.url });
    numbers.set(worker, n);
    hub.attach(worker, n);
    worker.on('message', (message: unknown) => {
      if (!isReadyNotice(message) || stopping) return;
      const first = !everReady.has(n);
      everReady.add(n);
      if (n === 1 && first && everReady.size === 1) for (let i = 2; i <= total; i++) fork(i);
      if (!announced && hub.readyCount() === total) {
        announced = true;
        log.info({ url: config.publicUrl, processes: total, mode: 'one machine' }, `${config.PRODUCT_NAME} is running`);
        console.log(`\n  ${config.PRODUCT_NAME} is running at ${config.publicUrl} (${total} processes)\n`);
      }
    });
  };

  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'shutting down');
    const grace = stopLimitMs + STOP_MARGIN_MS;
    setTimeout(() => {
      log.error(`the embedded PostgreSQL still stopping after ${(grace + DATABASE_STOP_MS) / 1000} s: exiting now`);
      process.exit(1);
    }, grace + DATABASE_STOP_MS).unref();
    for (const timer of pendingRestarts.values()) clearTimeout(timer);
    pendingRestarts.clear();
    hub.stop();
    // Every worker stops as one process does (HTTP, then the app); the database only once all are gone.
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    const killed = await stopWorkers(workers, grace);
    if (killed) {
      log.error(`${killed} server process${killed === 1 ? '' : 'es'} still stopping after ${grace / 1000} s: killed`);
      exitCode = 1;
    }
    await db.embedded?.stop();
    process.exit(exitCode);
  };

  cluster.on('exit', (worker, code, signal) => {
    const n = numbers.get(worker) ?? 0;
    numbers.delete(worker);
    if (stopping) return;
    log.error({ worker: n, code, signal }, `server process ${n} stopped unexpectedly`);
    const next = policy.afterExit(n, everReady.has(n));
    if ('stop' in next) {
      exitCode = 1;
      log.fatal(next.stop);
      void stop(next.stop);
      return;
    }
    log.info({ worker: n, inMs: next.restartInMs }, `server process ${n} starts again in ${next.restartInMs / 1000} s`);
    pendingRestarts.set(
      n,
      setTimeout(() => {
        pendingRestarts.delete(n);
        fork(n);
      }, next.restartInMs),
    );
  });

  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  db.embedded?.onLost((how) => {
    console.error(
      `\n  The embedded PostgreSQL (${path.join(config.dataDir, 'postgres')}) ${how}. ${config.PRODUCT_NAME} is stopping.\n` +
        `  Start it again with npm start: the data is kept, and PostgreSQL recovers it on start.\n`,
    );
    log.fatal({ how }, 'the embedded PostgreSQL stopped unexpectedly');
    exitCode = 1;
    void stop('embedded PostgreSQL lost');
  });

  log.info({ processes: total }, `starting ${total} server processes (WEB_CONCURRENCY)`);
  fork(1);
}

function isReadyNotice(message: unknown): boolean {
  return isEnvelope(message) && 'notice' in message && message.notice.kind === 'ready';
}
