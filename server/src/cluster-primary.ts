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
import type { Database } from './runtime.js';

/** The environment a worker is forked with: its number (1 runs the jobs) and the embedded database's address. */
export const WORKER_ENV = 'SCREAMSTAGE_CLUSTER_WORKER';
export const DATABASE_ENV = 'SCREAMSTAGE_CLUSTER_DATABASE_URL';

/** A worker that died is forked again, but not more often than this many times in RESTART_WINDOW_MS: then the start stops. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

/**
 * Runs the cluster until a signal or a fault stops it. Worker 1 starts first and alone (it seeds the
 * demo data and makes the pictures' smaller copies, as one process does); the others start once it is
 * ready. The whole is ready when every worker is.
 */
export function runPrimary(config: AppConfig, db: Database, log: Pino, stopLimitMs: number): void {
  const total = config.webConcurrency;
  const hub = new ClusterHub(total);
  setupSocketIoPrimary();
  // Forked workers run the server itself, not `npm start`'s wrapper (which already built what was stale).
  cluster.setupPrimary({ exec: path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.js') });

  const numbers = new Map<Worker, number>();
  const everReady = new Set<number>();
  const restarts: number[] = [];
  let stopping = false;
  let announced = false;
  let exitCode = 0;

  const fork = (n: number) => {
    const worker = cluster.fork({ [WORKER_ENV]: String(n), [DATABASE_ENV]: db.url });
    numbers.set(worker, n);
    hub.attach(worker);
    worker.on('message', (message: unknown) => {
      if (!isReadyNotice(message)) return;
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
    setTimeout(() => {
      log.error(`still stopping after ${stopLimitMs / 1000} s: exiting now`);
      process.exit(1);
    }, stopLimitMs).unref();
    hub.stop();
    // Every worker stops as one process does (HTTP, then the app); the database only once all are gone.
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
    await db.embedded?.stop();
    process.exit(exitCode);
  };

  cluster.on('exit', (worker, code, signal) => {
    const n = numbers.get(worker) ?? 0;
    numbers.delete(worker);
    if (stopping) return;
    log.error({ worker: n, code, signal }, `server process ${n} stopped unexpectedly`);
    const now = Date.now();
    while (restarts.length && restarts[0] < now - RESTART_WINDOW_MS) restarts.shift();
    // One that never got ready would fail again the same way (a port taken, a bad setting): the start stops.
    if (!everReady.has(n) || restarts.length >= MAX_RESTARTS) {
      exitCode = 1;
      const why = everReady.has(n)
        ? `server processes stopped ${MAX_RESTARTS + 1} times within ${RESTART_WINDOW_MS / 1000} s`
        : `server process ${n} could not start`;
      log.fatal(why);
      void stop(why);
      return;
    }
    restarts.push(now);
    fork(n);
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
