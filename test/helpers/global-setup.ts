// One embedded PostgreSQL for the whole Jest run (each test file copies its own database from a
// migrated template, see test-app.ts), and a fresh compile of the server that tests start.
import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error TS2835: Jest loads global setup through CommonJS, which finds the .ts file only without an extension
import { freePort } from './free-port';

export default async function globalSetup(): Promise<void> {
  // The db and integration tiers share this setup: one run of both starts one database.
  if ((globalThis as Record<string, unknown>).__SCREAMSTAGE_DB__) return;
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'server/tsconfig.build.json'], { stdio: 'inherit' });
  // From the build just made: outside Jest's module map, '#server/*' resolves to dist/ (package.json "imports").
  const { startEmbeddedPostgres } = await import('#server/infra/database/embedded-postgres.js');
  const root = await mkdtemp(path.join(tmpdir(), 'screamstage-test-'));
  await chmod(root, 0o755);
  const port: number = await freePort();
  const db = await startEmbeddedPostgres(path.join(root, 'postgres'), port);
  (globalThis as Record<string, unknown>).__SCREAMSTAGE_DB__ = db;
  process.env.TEST_PG_ADMIN_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  process.env.TEST_ROOT = root;
}
