// The database the generators (db-types.mjs, db-sql.mjs) draw from: the one `--url URL` names, already
// migrated (the db tier's checks pass theirs), or else an embedded PostgreSQL migrated from scratch for
// this run alone (from the build: `npm run db:types` and `npm run db:sql` build it first).
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/**
 * Runs `sync(url, check)` on that database (`check` is `--check`: compare, write nothing), then ends
 * the process with its exit code: the embedded PostgreSQL's exit hooks would end it with 0, and a failed
 * check must exit 1.
 */
export async function runGenerator(name, sync) {
  const check = process.argv.includes('--check');
  const given = process.argv.indexOf('--url');
  if (given > 0) {
    await sync(process.argv[given + 1], check);
  } else {
    const { startEmbeddedPostgres } = await import('#server/infra/database/embedded-postgres.js');
    const { runMigrations } = await import('#server/infra/database/data-source.js');
    const dir = await mkdtemp(path.join(tmpdir(), `screamstage-${name}-`));
    const database = await startEmbeddedPostgres(path.join(dir, 'postgres'), await freePort());
    try {
      const url = database.url.replace(/\/[^/]*$/, '/postgres');
      await runMigrations(url);
      await sync(url, check);
    } finally {
      await database.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }
  process.exit(process.exitCode ?? 0);
}
