// The database for a one-off command: DATABASE_URL, else the embedded PostgreSQL of DATA_DIR.
// When `npm start` already runs that embedded server, a second copy cannot start on the same
// data folder (PostgreSQL locks it with postmaster.pid), so the command connects to the running one.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Logger as Pino } from 'pino';
import { DataSource } from 'typeorm';
import { ConfigError, loadConfig, type AppConfig } from '#server/config/config.js';
import { dataSourceOptions, runMigrations } from '#server/infra/database/data-source.js';
import { createPino } from '#server/infra/http/logger.js';
import { openDatabase } from '#server/runtime.js';

export interface CliDatabase {
  url: string;
  /** Said to the operator, so they know which database was changed. */
  description: string;
  /** Stops the embedded server if this command started it; leaves a running one alone. */
  close(): Promise<void>;
}

export class CliError extends Error {}

/** The configuration for a command, or null once each problem is printed (the command exits 2). */
export function loadCliConfig(): AppConfig | null {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    for (const p of err.problems) console.error(`config error: ${p}`);
    return null;
  }
}

/**
 * Runs a command's work on a one-connection DataSource of its database (see openCliDatabase), and
 * closes everything afterwards; answers the work's result and which database it was.
 */
export async function withCliDataSource<T>(config: AppConfig, work: (ds: DataSource) => Promise<T>): Promise<{ result: T; where: string }> {
  // The operator reads plain sentences here; only warnings of the JSON log are worth showing.
  const log = createPino(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const db = await openCliDatabase(config, log);
  try {
    const ds = new DataSource(dataSourceOptions(db.url, 1));
    await ds.initialize();
    try {
      return { result: await work(ds), where: db.description };
    } finally {
      await ds.destroy();
    }
  } finally {
    await db.close();
  }
}

export async function openCliDatabase(config: AppConfig, log: Pino): Promise<CliDatabase> {
  const pgDir = path.join(config.dataDir, 'postgres');
  if (config.DATABASE_URL) {
    try {
      await openDatabase(config, log);
    } catch (err) {
      throw new CliError(`could not open the database at DATABASE_URL: ${message(err)}`);
    }
    return { url: config.DATABASE_URL, description: 'the database at DATABASE_URL', close: async () => undefined };
  }

  const running = await runningEmbeddedUrl(pgDir, config.EMBEDDED_PG_PORT);
  if (running) {
    await runMigrations(running.url);
    return { url: running.url, description: `the running embedded PostgreSQL (port ${running.port})`, close: async () => undefined };
  }

  try {
    const db = await openDatabase(config, log);
    return { url: db.url, description: `the embedded PostgreSQL in ${pgDir}`, close: async () => db.embedded?.stop() };
  } catch (err) {
    throw new CliError(
      `could not start the embedded PostgreSQL in ${pgDir}: ${message(err)}\n` +
        'If the server is running from this folder, stop it first (or let this command reach it on EMBEDDED_PG_PORT), or set DATABASE_URL.',
    );
  }
}

/** A live server leaves postmaster.pid, whose fourth line is its port; a stale file fails the connect. */
export async function runningEmbeddedUrl(pgDir: string, configuredPort: number): Promise<{ url: string; port: number } | null> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  let port = configuredPort;
  try {
    const fromFile = Number((await readFile(pidFile, 'utf8')).split('\n')[3]);
    if (Number.isInteger(fromFile) && fromFile > 0) port = fromFile;
  } catch {
    // unreadable (another user's server): try the configured port
  }
  // Same credentials and database name as startEmbeddedPostgres (infra/database/embedded-postgres.ts).
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/screamstage`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { url, port };
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
