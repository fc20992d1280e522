// Integration tests run the real, compiled server as its own process on a fresh PostgreSQL
// database and call it over HTTP, exactly as the browser does. (Jest cannot load the whole HTTP
// stack in-process on Node 20: some of Fastify's plugins require ES-only packages.)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runMigrations } from '#server/infra/database/data-source.js';
import { freePort } from './free-port.js';
import { stopProcess, waitForHealth } from './process.js';

export const SERVER_ENTRY = path.resolve('dist/server/src/main.js');

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** A new database copied from the migrated template; the first caller builds the template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL;
  if (!adminUrl) throw new Error('TEST_PG_ADMIN_URL is not set: run the tests through Jest (its global setup starts PostgreSQL)');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(4242)');
    const found = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'test_template'`);
    if (found.rowCount === 0) {
      await admin.query('DROP DATABASE IF EXISTS test_template_building');
      await admin.query('CREATE DATABASE test_template_building');
      await runMigrations(adminUrl.replace(/\/postgres$/, '/test_template_building'));
      await admin.query('ALTER DATABASE test_template_building RENAME TO test_template');
    }
    await admin.query('SELECT pg_advisory_unlock(4242)');
    await admin.query(`CREATE DATABASE ${name} TEMPLATE test_template`);
  } finally {
    await admin.end();
  }
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  return {
    url,
    pool,
    drop: async () => {
      await pool.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestServer {
  baseUrl: string;
  /** `${baseUrl}/api/v1` */
  api: string;
  db: TestDatabase;
  dataDir: string;
  env: Record<string, string>;
  /** The server process's id (to read its memory in /proc), when the test started it itself. */
  pid?: number;
  /** Everything the server printed, for assertions on logs. */
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL, as a crash would: nothing is flushed or closed; the database and data folder are left as they are. */
  crash(): Promise<void>;
}

export interface TestServerOptions {
  /** Start on this database (for example to restart against it); the caller drops it, stop() does not. */
  db?: TestDatabase;
  /** Use this data folder; the caller removes it, stop() does not. */
  dataDir?: string;
  /** The server's working folder (it serves <cwd>/dist/client when SERVE_CLIENT is on); by default the tests'. */
  cwd?: string;
}

/** A fresh data folder under the test run's root, for tests that manage one themselves. */
export const createTestDataDir = (): Promise<string> => mkdtemp(path.join(process.env.TEST_ROOT ?? tmpdir(), 'app-'));

/** What every server a test starts is given: its own folder and port, no demo data, no client, a fresh secret. */
export function serverTestEnv(dataDir: string, port: number): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    SERVE_CLIENT: 'false',
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:5173',
    // Specs register many accounts and buy many vote packages from one address; the specs of those limits set them back.
    REGISTRATIONS_PER_HOUR: '100000',
    PAYMENT_CHECKOUTS_PER_HOUR: '100000',
    TEST_PAYMENTS_PER_HOUR: '100000',
  };
}

export async function startTestServer(env: Record<string, string> = {}, options: TestServerOptions = {}): Promise<TestServer> {
  const db = options.db ?? (await createTestDatabase());
  const dataDir = options.dataDir ?? (await createTestDataDir());
  const ownsDb = !options.db;
  const ownsDataDir = !options.dataDir;
  const port = await freePort();
  // One process unless a test asks for more: `npm start`'s default of several is what npmStart and the browser tests run.
  const fullEnv: Record<string, string> = { ...serverTestEnv(dataDir, port), DATABASE_URL: db.url, LOG_LEVEL: 'warn', WEB_CONCURRENCY: '1', ...env };
  const child = spawn(process.execPath, [SERVER_ENTRY], { env: fullEnv, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${baseUrl}/api/v1/health`, child, () => out);
  } catch (err) {
    child.kill('SIGKILL');
    if (ownsDb) await db.drop();
    throw err;
  }
  return {
    baseUrl,
    api: `${baseUrl}/api/v1`,
    db,
    dataDir,
    env: fullEnv,
    pid: child.pid!,
    output: () => out,
    crash: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      await stopProcess(child);
      if (ownsDb) await db.drop();
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
