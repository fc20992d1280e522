// A scaled-mode deployment on this machine: its own PostgreSQL database and Redis key prefix, and
// any number of api and worker processes (the compiled server, each a separate OS process) that
// share one environment. The scaled-mode tests start it, kill and restart processes, and tear it
// all down; `npm run bench` (scripts/bench.mjs) loads it. Plain JavaScript so that the bench runs
// it without a TypeScript step; its types are in cluster.d.mts.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const SERVER_ENTRY = path.join(root, 'dist/server/src/main.js');

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Keeps the last 100–200 kB of a child's stdout and stderr; the function returns it so far. */
export function keepOutput(child) {
  let out = '';
  const keep = (c) => {
    out += c.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return () => out;
}

/** SIGTERM (or `signal`), then SIGKILL after `timeoutMs`; resolves once the process exited. */
export async function stopProcess(child, timeoutMs = 15_000, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/** Polls `check` every 100 ms until it holds; fails early if the process exits. */
async function waitFor(what, p, check, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (p.child.exitCode !== null || p.child.signalCode !== null)
      throw new Error(`${p.name} exited (${p.child.exitCode ?? p.child.signalCode}) before ${what}:\n${p.output()}`);
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`${p.name}: no ${what} in ${timeoutMs} ms:\n${p.output()}`);
}

async function adminQuery(adminUrl, sql) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A test's own Redis may be stopped on purpose: its connection's errors are expected, not printed. */
const quiet = (redis) => {
  redis.on('error', () => undefined);
  return redis;
};

/** Deletes every key under the prefix (SCAN, never KEYS: the server may be shared). */
export async function deleteKeysByPrefix(redis, prefix) {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) deleted += await redis.unlink(...keys);
  } while (cursor !== '0');
  return deleted;
}

export class Cluster {
  /** @private use Cluster.start */
  constructor(fields) {
    Object.assign(this, fields);
    this.apis = [];
    this.workers = [];
    this.started = [];
    this.counters = { api: 0, worker: 0 };
    this.torn = false;
  }

  /** A fresh database and key prefix; the first api process migrates, the others then start together. */
  static async start(options = {}) {
    const adminUrl = options.pgUrl ?? process.env.TEST_PG_URL ?? DEFAULT_PG_URL;
    const redisUrl = options.redisUrl ?? process.env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL;
    const tag = options.tag ?? randomBytes(6).toString('hex');
    const dbName = `${options.dbPrefix ?? 'ss_scaled'}_${tag}`;
    const redisPrefix = `${options.keyPrefix ?? 'ss_test'}_${tag}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${dbName}`);
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    const databaseUrl = u.toString();
    const dataDir = await mkdtemp(path.join(tmpdir(), `screamstage-${options.dirPrefix ?? 'scaled'}-`));
    const env = {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      JWT_SECRET: randomBytes(32).toString('hex'),
      VOTER_HASH_KEY: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:5173',
      SEED_DEMO: 'false',
      SERVE_CLIENT: 'false',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '',
      // The scaled tests and the bench buy many vote packages from one address.
      PAYMENT_CHECKOUTS_PER_HOUR: '100000',
      TEST_PAYMENTS_PER_HOUR: '100000',
      ...options.env,
    };
    const db = new pg.Pool({ connectionString: databaseUrl, max: options.dbPoolSize ?? 4 });
    db.on('error', () => undefined); // an idle connection ended by DROP DATABASE ... WITH (FORCE)
    const cluster = new Cluster({
      adminUrl,
      dbName,
      databaseUrl,
      db,
      redisPrefix,
      redis: quiet(new Redis(redisUrl, { maxRetriesPerRequest: 3 })),
      dataDir,
      env,
      nodeArgs: options.nodeArgs ?? [],
      workerNice: options.workerNice ?? 0,
    });
    try {
      const apis = options.apis ?? 1;
      const workers = options.workers ?? 1;
      // Migrations run under an advisory lock at every start; one process first keeps the start quick and the log clean.
      if (apis > 0) await cluster.startApi();
      else await cluster.startWorker();
      await Promise.all([
        ...Array.from({ length: apis - 1 }, () => cluster.startApi()),
        ...Array.from({ length: apis > 0 ? workers : workers - 1 }, () => cluster.startWorker()),
      ]);
    } catch (err) {
      await cluster.teardown().catch(() => undefined);
      throw err;
    }
    return cluster;
  }

  /** `http://127.0.0.1:<port>` of the i-th api process still running. */
  apiUrl(i = 0) {
    const p = this.apis[i];
    if (!p?.baseUrl) throw new Error(`no api process #${i}`);
    return p.baseUrl;
  }

  async startApi() {
    const port = await freePort();
    const p = this.spawn('api', { APP_ROLE: 'api', PORT: String(port) }, `http://127.0.0.1:${port}`);
    try {
      await waitFor('health', p, async () => (await fetch(`${p.baseUrl}/api/v1/health`).catch(() => null))?.ok === true, 90_000);
    } catch (err) {
      p.child.kill('SIGKILL');
      throw err;
    }
    this.apis.push(p);
    return p;
  }

  /** A worker has no HTTP; it is up once it has written its heartbeat file (after its job workers started). */
  async startWorker() {
    const n = this.counters.worker + 1;
    const heartbeat = path.join(this.dataDir, `worker-${n}.heartbeat`);
    const p = this.spawn('worker', { APP_ROLE: 'worker', WORKER_HEARTBEAT_FILE: heartbeat }, null, this.workerNice);
    try {
      await waitFor('heartbeat', p, async () => existsSync(heartbeat), 90_000);
    } catch (err) {
      p.child.kill('SIGKILL');
      throw err;
    }
    this.workers.push(p);
    return p;
  }

  /** @private */
  spawn(role, extra, baseUrl, niceness = 0) {
    this.counters[role] += 1;
    const argv = [process.execPath, ...this.nodeArgs, SERVER_ENTRY];
    // nice(1) execs the program, so the child's pid is the app's.
    const [cmd, ...args] = niceness ? ['nice', '-n', String(niceness), ...argv] : argv;
    const child = spawn(cmd, args, { cwd: root, env: { ...this.env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
    const p = { role, name: `${role}-${this.counters[role]}`, child, baseUrl, output: keepOutput(child) };
    this.started.push(p);
    return p;
  }

  /** Sends the signal and waits for the process to exit; it leaves the cluster's lists. */
  async kill(p, signal = 'SIGKILL') {
    const list = p.role === 'api' ? this.apis : this.workers;
    const i = list.indexOf(p);
    if (i >= 0) list.splice(i, 1);
    await stopProcess(p.child, 20_000, signal);
  }

  /** Stops the process (SIGTERM unless told otherwise) and starts a fresh one in the same role. */
  async restart(p, signal = 'SIGTERM') {
    await this.kill(p, signal);
    return p.role === 'api' ? this.startApi() : this.startWorker();
  }

  /** Everything every process printed, for failure messages. */
  output() {
    return this.started.map((p) => `--- ${p.name} ---\n${p.output()}`).join('\n');
  }

  /** SIGTERM to every process still running, then the database, the keys and the data folder go (each step even if one fails). */
  async teardown() {
    if (this.torn) return;
    this.torn = true;
    const steps = [
      () => Promise.all(this.started.map((p) => stopProcess(p.child, 15_000))),
      () => this.db.end(),
      () => adminQuery(this.adminUrl, `DROP DATABASE IF EXISTS ${this.dbName} WITH (FORCE)`),
      () => deleteKeysByPrefix(this.redis, this.redisPrefix),
      () => this.redis.quit(),
      () => rm(this.dataDir, { recursive: true, force: true }),
    ];
    const failures = [];
    for (const step of steps) await step().catch((err) => failures.push(err));
    if (failures.length) throw new AggregateError(failures, `cluster teardown failed: ${failures.map(String).join('; ')}`);
  }
}
