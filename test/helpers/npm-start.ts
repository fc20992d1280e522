// The app started exactly as a person starts it: `npm start` in a process group of its own, as a
// terminal would run it, on the embedded PostgreSQL of a fresh data folder. For the tests of Ctrl-C
// (a signal to the whole group), a hard kill, and the database dying under the app.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePorts } from './free-port.js';
import { waitForHealth } from './process.js';
import { createTestDataDir, serverTestEnv, type TestServer } from './test-app.js';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  pgid: number;
  state: string;
}

/** Every process of the machine, from /proc (Linux). Zombies (state Z) have exited and wait to be reaped. */
export function processes(): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses.
    const [state, ppid, pgid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    found.push({ pid: Number(name), state, ppid: Number(ppid), pgid: Number(pgid) });
  }
  return found;
}

/** The processes among `pids`, or in process group `groups`, that still run (zombies count as gone). */
export function stillRunning(pids: Set<number>, groups: Set<number>): ProcessInfo[] {
  return processes().filter((p) => p.state !== 'Z' && (pids.has(p.pid) || groups.has(p.pgid)));
}

export interface NpmStartedApp extends TestServer {
  /** The process group `npm start` leads (npm, then node running scripts/start.mjs). */
  group: number;
  /** The PostgreSQL postmaster (from postmaster.pid). */
  postmasterPid(): number;
  /**
   * Every process that makes up the app and its database now: the app's group, the postmaster's
   * group, and the postmaster's children (each PostgreSQL child runs in a session of its own).
   */
  family(): { pids: Set<number>; groups: Set<number> };
  /** The `npm start` process's exit. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `npm start` with a fresh data folder (or the one given) and ports (or env's PORT and EMBEDDED_PG_PORT), LOG_LEVEL=info (the tests read "shutting down"),
 * not serving the client (so nothing but the server is built). The database is the embedded one:
 * `db.pool` reaches it for fixtures.
 */
export async function npmStart(env: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<NpmStartedApp> {
  const dataDir = options.dataDir ?? (await createTestDataDir());
  // Distinct: two separate picks can return the same port, which the app and its database then both want.
  const picked = await freePorts(2);
  // A start again on the same data keeps the ports the caller gives (the env of the first start).
  const port = env.PORT ? Number(env.PORT) : picked[0];
  const pgPort = env.EMBEDDED_PG_PORT ? Number(env.EMBEDDED_PG_PORT) : picked[1];
  const fullEnv: Record<string, string> = {
    ...serverTestEnv(dataDir, port),
    HOME: process.env.HOME ?? dataDir,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    EMBEDDED_PG_PORT: String(pgPort),
    LOG_LEVEL: 'info',
    // Only what the test gives: never the settings of a developer's .env (their database, their SMTP).
    ENV_FILE: 'none',
    ...env,
  };
  // detached: a new process group led by npm, as a shell's job control gives a foreground command.
  const child = spawn('npm', ['start'], { env: fullEnv, cwd: path.resolve('.'), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const group = child.pid!;
  const baseUrl = `http://127.0.0.1:${port}`;
  const killAll = () => {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // gone
    }
  };
  try {
    // Ready: every server process of the start (several by default, decision 043) takes traffic.
    await waitForHealth(`${baseUrl}/api/v1/health/ready`, child, () => out, 120_000);
  } catch (err) {
    killAll();
    throw err;
  }
  const url = `postgres://postgres:postgres@127.0.0.1:${pgPort}/screamstage`;
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // The pool's idle connections die with the database in some tests.
  pool.on('error', () => undefined);
  const postmasterPid = () => Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    baseUrl,
    api: `${baseUrl}/api/v1`,
    db: { url, pool, drop: () => pool.end() },
    dataDir,
    env: fullEnv,
    output: () => out,
    group,
    postmasterPid,
    family: () => {
      const all = processes();
      const master = all.find((p) => p.pid === postmasterPid());
      const pids = new Set([...(master ? [master.pid] : []), ...all.filter((p) => p.ppid === master?.pid).map((p) => p.pid)]);
      return { pids, groups: new Set([group, ...(master ? [master.pgid] : [])]) };
    },
    exited,
    crash: async () => {
      killAll();
      await exited;
    },
    stop: async () => {
      await pool.end().catch(() => undefined);
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(-group, 'SIGTERM');
        const timer = setTimeout(killAll, 15_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
