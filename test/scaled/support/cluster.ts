// A scaled-mode deployment on this machine: its own PostgreSQL database and Redis key prefix, and
// any number of api and worker processes (the compiled server, each a separate OS process) that
// share one environment. Tests start it, kill and restart processes, and tear it all down.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort } from '../../helpers/free-port.js';
import { stopProcess, waitForHealth } from '../../helpers/process.js';

export const SERVER_ENTRY = path.resolve('dist/server/src/main.js');

export type Role = 'api' | 'worker';

export interface AppProcess {
  role: Role;
  /** api-1, worker-2, ...: numbered in start order, for messages. */
  name: string;
  child: ChildProcess;
  /** http://127.0.0.1:<port> for an api process; null for a worker (no HTTP). */
  baseUrl: string | null;
  output(): string;
}

export interface ClusterOptions {
  apis?: number;
  workers?: number;
  /** Extra variables for every process. */
  env?: Record<string, string>;
}

const adminPgUrl = () => process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = () => process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function databaseUrl(admin: string, name: string): string {
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminPgUrl() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Deletes every key under the prefix (SCAN, never KEYS: the server may be shared). */
export async function deleteKeysByPrefix(redis: Redis, prefix: string): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) deleted += await redis.unlink(...keys);
  } while (cursor !== '0');
  return deleted;
}

async function waitForFile(file: string, child: ChildProcess, output: () => string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`worker exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    if (existsSync(file)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`worker did not start in ${timeoutMs} ms:\n${output()}`);
}

export class Cluster {
  readonly apis: AppProcess[] = [];
  readonly workers: AppProcess[] = [];
  /** Every process ever started here, also the killed ones (teardown stops what still runs). */
  private readonly started: AppProcess[] = [];
  private counters: Record<Role, number> = { api: 0, worker: 0 };
  private torn = false;

  private constructor(
    readonly dbName: string,
    readonly databaseUrl: string,
    /** A small pool on the cluster's database, for seeding and assertions. */
    readonly db: pg.Pool,
    readonly redisPrefix: string,
    /** A Redis client for assertions on the cluster's keys. */
    readonly redis: Redis,
    readonly dataDir: string,
    readonly env: Record<string, string>,
  ) {}

  /** A fresh database and key prefix; the first api process migrates, the others then start together. */
  static async start(options: ClusterOptions = {}): Promise<Cluster> {
    const tag = randomBytes(6).toString('hex');
    const dbName = `ss_scaled_${tag}`;
    const redisPrefix = `ss_test_${tag}`;
    await adminQuery(`CREATE DATABASE ${dbName}`);
    const url = databaseUrl(adminPgUrl(), dbName);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'screamstage-scaled-'));
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: url,
      REDIS_URL: redisUrl(),
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
      ...options.env,
    };
    const redis = new Redis(redisUrl(), { maxRetriesPerRequest: 3 });
    const cluster = new Cluster(dbName, url, new pg.Pool({ connectionString: url, max: 4 }), redisPrefix, redis, dataDir, env);
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
      await cluster.teardown();
      throw err;
    }
    return cluster;
  }

  /** `http://127.0.0.1:<port>` of the i-th api process still running. */
  apiUrl(i = 0): string {
    const p = this.apis[i];
    if (!p?.baseUrl) throw new Error(`no api process #${i}`);
    return p.baseUrl;
  }

  async startApi(): Promise<AppProcess> {
    const port = await freePort();
    const p = this.spawn('api', { APP_ROLE: 'api', PORT: String(port) }, `http://127.0.0.1:${port}`);
    try {
      await waitForHealth(`${p.baseUrl}/api/v1/health`, p.child, p.output, 90_000);
    } catch (err) {
      p.child.kill('SIGKILL');
      throw err;
    }
    this.apis.push(p);
    return p;
  }

  /** A worker has no HTTP; it is up once it has written its heartbeat file (after its job workers started). */
  async startWorker(): Promise<AppProcess> {
    const n = this.counters.worker + 1;
    const heartbeat = path.join(this.dataDir, `worker-${n}.heartbeat`);
    const p = this.spawn('worker', { APP_ROLE: 'worker', WORKER_HEARTBEAT_FILE: heartbeat }, null);
    try {
      await waitForFile(heartbeat, p.child, p.output, 90_000);
    } catch (err) {
      p.child.kill('SIGKILL');
      throw err;
    }
    this.workers.push(p);
    return p;
  }

  private spawn(role: Role, extra: Record<string, string>, baseUrl: string | null): AppProcess {
    this.counters[role] += 1;
    const child = spawn(process.execPath, [SERVER_ENTRY], { env: { ...this.env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const keep = (c: Buffer) => {
      out += c.toString();
      if (out.length > 200_000) out = out.slice(-100_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const p: AppProcess = { role, name: `${role}-${this.counters[role]}`, child, baseUrl, output: () => out };
    this.started.push(p);
    return p;
  }

  /** Sends the signal and waits for the process to exit; it leaves the cluster's lists. */
  async kill(p: AppProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const list = p.role === 'api' ? this.apis : this.workers;
    const i = list.indexOf(p);
    if (i >= 0) list.splice(i, 1);
    if (p.child.exitCode !== null || p.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => p.child.once('exit', () => resolve()));
    p.child.kill(signal);
    const timer = setTimeout(() => p.child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  }

  /** Stops the process (SIGTERM unless told otherwise) and starts a fresh one in the same role. */
  async restart(p: AppProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<AppProcess> {
    await this.kill(p, signal);
    return p.role === 'api' ? this.startApi() : this.startWorker();
  }

  /** Everything every process printed, for failure messages. */
  output(): string {
    return this.started.map((p) => `--- ${p.name} ---\n${p.output()}`).join('\n');
  }

  /** SIGTERM to every process still running, then the database, the keys and the data folder go (each step even if one fails). */
  async teardown(): Promise<void> {
    if (this.torn) return;
    this.torn = true;
    const steps = [
      () => Promise.all(this.started.map((p) => stopProcess(p.child, 15_000))),
      () => this.db.end(),
      () => adminQuery(`DROP DATABASE IF EXISTS ${this.dbName} WITH (FORCE)`),
      () => deleteKeysByPrefix(this.redis, this.redisPrefix),
      () => this.redis.quit(),
      () => rm(this.dataDir, { recursive: true, force: true }),
    ];
    const failures: unknown[] = [];
    for (const step of steps) await step().catch((err: unknown) => failures.push(err));
    if (failures.length) throw new AggregateError(failures, `cluster teardown failed: ${failures.map(String).join('; ')}`);
  }
}
