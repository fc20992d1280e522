// Start-up pieces shared by main.ts, the create-admin command and the tests.
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Logger as Pino } from 'pino';
import type { AppConfig } from './config/config.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './infra/database/embedded-postgres.js';
import { runMigrations } from './infra/database/data-source.js';

export interface Database {
  url: string;
  embedded: EmbeddedDatabase | null;
}

/** DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR/postgres. */
export async function openDatabase(config: AppConfig, log: Pino): Promise<Database> {
  if (config.DATABASE_URL) {
    logMigrations(log, await runMigrations(config.DATABASE_URL));
    return { url: config.DATABASE_URL, embedded: null };
  }
  log.info({ dir: path.join(config.dataDir, 'postgres'), port: config.EMBEDDED_PG_PORT }, 'starting embedded PostgreSQL');
  const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), config.EMBEDDED_PG_PORT, (line) =>
    log.debug({ component: 'postgres' }, line),
  );
  try {
    logMigrations(log, await runMigrations(embedded.url));
  } catch (err) {
    await embedded.stop();
    throw err;
  }
  return { url: embedded.url, embedded };
}

/** Which migrations this start applied, by name, or that there was none to apply. */
function logMigrations(log: Pino, applied: string[]): void {
  if (applied.length)
    log.info({ migrations: applied }, `database migrated: ${applied.length} migration${applied.length === 1 ? '' : 's'} applied (${applied.join(', ')})`);
  else log.info('database up to date: no migration to apply');
}

/** Without JWT_SECRET (one-process mode), a random secret is made once and kept in DATA_DIR. */
export async function resolveJwtSecret(config: AppConfig): Promise<string> {
  return config.JWT_SECRET ?? (await generatedSecret(config, 'jwt-secret'));
}

/** The key of the voter address hashes: VOTER_HASH_KEY, or (one-process mode) one made once and kept in DATA_DIR. */
export async function resolveVoterHashKey(config: AppConfig): Promise<string> {
  return config.VOTER_HASH_KEY ?? (await generatedSecret(config, 'voter-hash-key'));
}

async function generatedSecret(config: AppConfig, name: string): Promise<string> {
  const file = path.join(config.dataDir, name);
  try {
    const existing = (await readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not made yet
  }
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  await chmod(file, 0o600);
  return secret;
}
