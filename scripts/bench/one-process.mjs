// (f) The app as one process, the way `npm start` runs it (scripts/start.mjs: API, workers and the
// built client in one Node process, with an embedded PostgreSQL it starts as its child): a fresh data
// folder and free ports, the bench's contest seeded into the embedded database, then the closed-loop
// free votes of votes.mjs and the same check as the scaled run (ledger = entries = profiles =
// accepted); the watchers and the reconnect storm against it when asked. Opt-in: BENCH_PHASES=one-process,
// one-process-sockets, one-process-storm (with only these, the scaled cluster is not started).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, keepOutput, stopProcess } from '#test/scaled/support/cluster.mjs';
import { drain, finalCheck } from './check.mjs';
import { phase } from './cpu.mjs';
import { seed } from './seed.mjs';
import { log, S, sleep, want } from './settings.mjs';
import { socketRuns } from './sockets.mjs';
import { stormPhase } from './storm.mjs';
import { voteLoad } from './votes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The first start creates the embedded database (initdb) and migrates it. */
const START_TIMEOUT_MS = 180_000;

/** Whether any process still runs with `dir` on its command line (the embedded PostgreSQL's `-D <dir>/postgres`). */
async function anyProcessUsing(dir) {
  for (const pid of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(pid)) continue;
    const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmd.includes(dir)) return true;
  }
  return false;
}

/**
 * Starts `node scripts/start.mjs` with its own DATA_DIR, PORT and EMBEDDED_PG_PORT and only the
 * settings it needs (everything else at its one-process defaults; no .env read; WEB_CONCURRENCY passed
 * on when set); resolves once /api/v1/health/ready answers. `restart()` stops it as Ctrl-C does and starts it
 * again on the same data and ports (resolving with when it answered again, Date.now()). `stop()` stops it
 * (SIGTERM: it stops its PostgreSQL), waits for its PostgreSQL to be gone and removes the data folder;
 * it may be called at any time, more than once.
 */
async function startOneProcess() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'screamstage-bench-one-'));
  const [port, pgPort] = [await freePort(), await freePort()];
  const env = {
    PATH: process.env.PATH ?? '',
    ENV_FILE: 'none',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    EMBEDDED_PG_PORT: String(pgPort),
    // The bench's contest is the only current one.
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...(process.env.WEB_CONCURRENCY ? { WEB_CONCURRENCY: process.env.WEB_CONCURRENCY } : {}),
    ...S.appEnv,
  };
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const app = {
    name: 'app',
    child: null,
    baseUrl: `http://127.0.0.1:${port}`,
    databaseUrl: `postgres://postgres:postgres@127.0.0.1:${pgPort}/screamstage`,
    dataDir,
    output: () => '',
  };
  const launch = async () => {
    const child = spawn(process.execPath, [...nodeArgs, 'scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = keepOutput(child);
    app.child = child;
    app.output = output;
    const until = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the one-process app exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
      // Ready: with WEB_CONCURRENCY > 1 every process of the start takes traffic.
      if ((await fetch(`${app.baseUrl}/api/v1/health/ready`).catch(() => null))?.ok) return Date.now();
      if (Date.now() > until) throw new Error(`the one-process app did not answer /api/v1/health/ready in ${START_TIMEOUT_MS} ms:\n${output()}`);
      await sleep(50);
    }
  };
  /** Stops the app; resolves once its PostgreSQL is gone too (the watchdog stops it when the app is). */
  const halt = async () => {
    if (app.child) await stopProcess(app.child, 30_000);
    const until = Date.now() + 30_000;
    while ((await anyProcessUsing(dataDir)) && Date.now() < until) await sleep(100);
  };
  let stopping = null;
  app.stop = () =>
    (stopping ??= (async () => {
      await halt();
      await rm(dataDir, { recursive: true, force: true });
    })());
  app.restart = async () => {
    const stoppedAt = Date.now();
    await halt();
    const downAt = Date.now();
    const answeringAt = await launch();
    return { stoppedAt, downAt, answeringAt };
  };
  try {
    await launch();
  } catch (err) {
    await app.stop();
    throw err;
  }
  return app;
}

/** Whether this run starts the one-process app at all. */
export const wantsOneProcess = () => ['one-process', 'one-process-sockets', 'one-process-storm'].some(want);

/**
 * The one-process phases, on one app started once: the closed-loop free votes ('one-process'), the
 * watchers ('one-process-sockets': the socket phase of sockets.mjs against this app), the reconnect storm
 * ('one-process-storm', storm.mjs), in that order, each checked (ledger = entries = profiles = accepted).
 * `cleanups` gets the app's stop() while it runs (Ctrl-C stops it and removes its data folder too).
 */
export async function oneProcessPhase(r, cleanups) {
  if (!wantsOneProcess()) return;
  log(
    `(f) one process (npm start: API, workers and an embedded PostgreSQL${process.env.WEB_CONCURRENCY ? `; WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY}` : ''}): starting it in a fresh data folder ...`,
  );
  const app = await startOneProcess();
  cleanups.push(app.stop);
  const db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
  db.on('error', () => undefined); // the database stops with the app (and restarts with it)
  try {
    const contest = await seed(db, randomBytes(5).toString('hex'));
    const tally = { accepted: 0 };
    const extraProcesses = [];
    const ctx = {
      apis: [app.baseUrl],
      app,
      contest,
      watched: contest.groupIds[0],
      db,
      tally,
      extraProcesses,
      cluster: { apis: [app] },
      processes: () => [app, ...extraProcesses],
    };
    const checked = async (key, run) => {
      try {
        const result = await run();
        const check = await finalCheck(db, contest.contestId, tally.accepted);
        r[key] = { ...result, accepted: tally.accepted, ...check, webConcurrency: process.env.WEB_CONCURRENCY ?? null };
        if (!check.pass) log(`--- app ---\n${app.output().slice(-4000)}`);
      } catch (err) {
        console.error(err instanceof Error ? err.stack : err);
        r[key] = { error: String(err?.message ?? err).split('\n')[0], pass: false };
      }
    };
    if (want('one-process'))
      await checked('oneProcess', async () => {
        log(`(f) one process: POST /api/v1/contestants/{username}/vote from distinct loopback addresses (${app.baseUrl}) ...`);
        const result = await phase(
          () => voteLoad([app.baseUrl], contest.contestants, tally),
          () => [app],
        );
        log(`    waiting for the app to count ${tally.accepted} accepted votes ...`);
        result.drain = await drain(db, contest.contestId, tally.accepted);
        return result;
      });
    if (want('one-process-sockets')) await checked('oneProcessSockets', async () => ({ sizes: await socketRuns(ctx) }));
    if (want('one-process-storm')) await checked('oneProcessStorm', () => stormPhase(ctx));
  } finally {
    await db.end().catch(() => undefined);
    await app.stop();
  }
}
