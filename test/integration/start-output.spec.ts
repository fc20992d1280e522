// What starting the app prints: JSON log lines for machines (not a terminal), readable lines on a
// terminal, Nest's route listing only at debug level, the migrations a start applied by name, and the
// settings of a `.env` file read by `npm start`'s script (the environment winning over it).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { freePort } from '../helpers/free-port.js';
import { stopProcess, waitForHealth } from '../helpers/process.js';
import { createTestDataDir, SERVER_ENTRY, serverTestEnv, startTestServer, type TestDatabase } from '../helpers/test-app.js';

const ROUTE_LISTING = ['RoutesResolver', 'RouterExplorer', 'InstanceLoader'];
const COLOUR_CODE = new RegExp(`${String.fromCharCode(27)}\\[\\d+m`, 'g');

interface LogLine {
  level: number;
  msg: string;
  context?: string;
  migrations?: string[];
}

/** The JSON lines of an output; the plain banner ("… is running at …") is the one line that is not. */
function jsonLines(output: string): LogLine[] {
  const lines = output.split('\n').filter((l) => l.trim() && !/ is running at /.test(l));
  return lines.map((l) => JSON.parse(l) as LogLine);
}

/** An empty database: no table, no migration applied yet. */
async function emptyDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_PG_ADMIN_URL!;
  const name = `t_empty_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
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

describe('start output', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await emptyDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('should log JSON off a terminal, name the migrations a start applied, and keep the route listing below info', async () => {
    const first = await startTestServer({ LOG_LEVEL: 'info' }, { db });
    let lines: LogLine[];
    try {
      lines = jsonLines(first.output());
    } finally {
      await first.stop();
    }
    const migrated = lines.find((l) => l.msg.startsWith('database migrated: '));
    expect(migrated?.level).toBe(30);
    expect(migrated?.migrations).toEqual(expect.arrayContaining(['InitialAccounts1767000000000', 'Votes1767200000000', 'SupportMessages1767600000000']));
    expect(migrated?.msg).toContain('InitialAccounts1767000000000, Contests1767100000000');
    expect(lines.filter((l) => ROUTE_LISTING.includes(l.context ?? ''))).toEqual([]);
    expect(first.output()).not.toContain('Mapped {');

    // Started again: nothing left to apply, and at debug level the route listing is there.
    const again = await startTestServer({ LOG_LEVEL: 'debug' }, { db });
    try {
      const debug = jsonLines(again.output());
      expect(debug.filter((l) => l.msg === 'database up to date: no migration to apply').map((l) => l.level)).toEqual([30]);
      const listing = debug.filter((l) => ROUTE_LISTING.includes(l.context ?? ''));
      expect(listing.length).toBeGreaterThan(20);
      expect(new Set(listing.map((l) => l.level))).toEqual(new Set([20]));
      expect(listing.some((l) => l.msg.includes('Mapped {/api/v1/health, GET}'))).toBe(true);
    } finally {
      await again.stop();
    }
  }, 120_000);

  it("should read .env in npm start's script, the environment winning over the file, or the file ENV_FILE names (the site's names as first values)", async () => {
    const dir = await mkdtemp(path.join(process.env.TEST_ROOT ?? '/tmp', 'dotenv-'));
    const dataDir = await createTestDataDir();
    const port = await freePort();
    await writeFile(
      path.join(dir, '.env'),
      [
        '# settings of this start',
        `PORT=${port}`,
        'PRODUCT_NAME="Stage From The File"',
        'CHARITY_NAME=Charity From The File',
        'SEED_DEMO=false',
        'SERVE_CLIENT=false',
        'LOG_LEVEL=warn',
        '',
      ].join('\n'),
    );
    await writeFile(path.join(dir, 'other.env'), `PORT=${port}\nSERVE_CLIENT=false\nLOG_LEVEL=warn\nCHARITY_NAME=Charity From Another File\n`);
    const base = { ...serverTestEnv(dataDir, port), DATABASE_URL: db.url, PRODUCT_NAME: 'Stage From The Environment' } as Record<string, string>;
    // Neither PORT nor SERVE_CLIENT from the environment: the file's must be the ones used.
    const { PORT: _port, SERVE_CLIENT: _serveClient, ...env } = base;
    const started: ChildProcess[] = [];
    /** scripts/start.mjs started from `dir`, as `npm start` starts it from the project folder; the site's names once it answers. */
    const siteOf = async (extra: Record<string, string>) => {
      const child = spawn(process.execPath, [path.resolve('scripts/start.mjs')], { cwd: dir, env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
      started.push(child);
      let out = '';
      child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
      try {
        await waitForHealth(`http://127.0.0.1:${port}/api/v1/health`, child, () => out);
        return (await (await fetch(`http://127.0.0.1:${port}/api/v1/site`)).json()) as { product_name: string; charity_name: string };
      } finally {
        await stopProcess(child);
      }
    };
    /** The names are first values: the first start writes them into the database, and from then on it wins. */
    const forgetSiteSettings = () => db.pool.query('DELETE FROM site_settings');
    try {
      expect(await siteOf({})).toMatchObject({ product_name: 'Stage From The Environment', charity_name: 'Charity From The File' });
      expect(await siteOf({ ENV_FILE: 'other.env' })).toMatchObject({ charity_name: 'Charity From The File' });
      await forgetSiteSettings();
      expect(await siteOf({ ENV_FILE: 'other.env' })).toMatchObject({ charity_name: 'Charity From Another File' });
      await forgetSiteSettings();
      expect(await siteOf({ ENV_FILE: 'none', PORT: String(port), SERVE_CLIENT: 'false' })).toMatchObject({ charity_name: 'our partner charity' });
    } finally {
      for (const child of started) await stopProcess(child);
      await rm(dir, { recursive: true, force: true });
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('should write lines a person reads on a terminal, without the route listing', async () => {
    const dataDir = await createTestDataDir();
    const port = await freePort();
    const env = { ...serverTestEnv(dataDir, port), DATABASE_URL: db.url, LOG_LEVEL: 'info', TERM: 'dumb' };
    // script(1) runs the server on a pseudo-terminal of its own, as a shell in a terminal window would.
    const child: ChildProcess = spawn('script', ['-qfec', `exec ${process.execPath} ${SERVER_ENTRY}`, '/dev/null'], {
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      await waitForHealth(`http://127.0.0.1:${port}/api/v1/health`, child, () => out);
      // The start says it is running once every process of it is (they start one after another): up to 30 s on a busy machine.
      for (let i = 0; i < 300 && !/ScreamStage is running/.test(out.replace(COLOUR_CODE, '')); i++) await new Promise((r) => setTimeout(r, 100));
      // The terminal's colour codes taken out, to read the text.
      const lines = out
        .split(/\r?\n/)
        .filter((l) => l.trim())
        .map((l) => l.replace(COLOUR_CODE, ''));
      expect(lines.filter((l) => l.startsWith('{'))).toEqual([]);
      expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: database up to date: no migration to apply$/)]));
      // Coloured, as a terminal shows them.
      expect(out).toContain('\u001b[32mINFO\u001b[39m');
      expect(lines.some((l) => /INFO: .*ScreamStage is running/.test(l))).toBe(true);
      expect(out).not.toContain('Mapped {');
    } finally {
      // The server and script(1) lead a process group of their own: stop it as Ctrl-C would.
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
