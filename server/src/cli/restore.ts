// `npm run restore -- FILE`: an archive of `npm run backup` into a stopped, empty DATA_DIR (its embedded
// PostgreSQL is made as `npm start` makes it) or an empty DATABASE_URL database. The schema is migrated
// to exactly the archive's, every row is loaded in one transaction, then the uploads and secrets are put
// in place; `npm start` applies any newer migration as usual. docs/decisions/035-backups-without-pg-dump.md
// Exit codes: 0 restored, 2 bad arguments or configuration, 1 refused (target not empty, not an archive...) or failed.
import 'reflect-metadata';
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { DataSource } from 'typeorm';
import { dataSourceOptions, MIGRATION_NAMES, runMigrations } from '#server/infra/database/data-source.js';
import { startEmbeddedPostgres } from '#server/infra/database/embedded-postgres.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { createPino } from '#server/infra/http/logger.js';
import { RestoredFiles } from '#server/modules/backup/backup-files.js';
import {
  checkColumns,
  entryLimit,
  MANIFEST_ENTRY,
  migrationsToReach,
  parseManifest,
  RESTORE_LIMITS,
  RestoreRefused,
} from '#server/modules/backup/backup-format.js';
import { BackupRepository } from '#server/modules/backup/backup.repository.js';
import { BackupService } from '#server/modules/backup/backup.service.js';
import { readEntry, readTar } from '#server/modules/backup/tar.js';
import { CliError, loadCliConfig, runningEmbeddedUrl } from './cli-database.js';

const USAGE = 'usage: npm run restore -- FILE';

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(
      `${USAGE}\nRestores an archive of npm run backup into a stopped, empty DATA_DIR (or an empty DATABASE_URL database), then npm start runs on it.`,
    );
    return 0;
  }
  if (argv.length !== 1 || argv[0].startsWith('-')) {
    console.error(
      argv.length ? `restore: unexpected argument '${argv.find((a, i) => i > 0 || a.startsWith('-'))}'` : 'restore: the archive to restore is required',
    );
    console.error(USAGE);
    return 2;
  }
  const file = path.resolve(argv[0]);
  if (!existsSync(file)) throw new CliError(`${file}: no such file`);
  const config = loadCliConfig();
  if (!config) return 2;
  const log = createPino(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);

  // Each entry is streamed, and refused from its header when it announces more than its kind may hold.
  const entries = readTar(createReadStream(file).pipe(createGunzip()), { entry: entryLimit, total: RESTORE_LIMITS.total })[Symbol.asyncIterator]();
  const first = await entries.next();
  if (first.done || first.value.name !== MANIFEST_ENTRY) throw new RestoreRefused(`${file} is not a backup archive (no manifest first)`);
  const manifest = parseManifest(await readEntry(first.value, RESTORE_LIMITS.manifest));

  const files = new RestoredFiles(config.dataDir, config.uploadDir);
  await files.checkEmpty();

  const pgDir = path.join(config.dataDir, 'postgres');
  let url: string;
  let where: string;
  let stop = async (): Promise<void> => undefined;
  if (config.DATABASE_URL) {
    url = config.DATABASE_URL;
    where = 'the database at DATABASE_URL';
  } else {
    // Two servers cannot share a data folder, and a running app would write beside the restore.
    if (await runningEmbeddedUrl(pgDir, config.EMBEDDED_PG_PORT)) {
      throw new RestoreRefused(`an embedded PostgreSQL is running on ${pgDir}: stop the app, and restore into a new, empty DATA_DIR`);
    }
    try {
      const embedded = await startEmbeddedPostgres(pgDir, config.EMBEDDED_PG_PORT, (line) => log.debug({ component: 'postgres' }, line));
      url = embedded.url;
      stop = () => embedded.stop();
    } catch (err) {
      throw new CliError(`could not start the embedded PostgreSQL in ${pgDir}: ${err instanceof Error ? err.message : String(err)}`);
    }
    where = `the embedded PostgreSQL in ${pgDir}`;
  }

  let outcome: { rows: number; tables: number; uploads: number; secrets: string[] };
  try {
    const ds = new DataSource(dataSourceOptions(url, 1, []));
    await ds.initialize();
    try {
      new Transactions(ds);
      const service = new BackupService(new BackupRepository(ds));
      const filled = await service.tablesWithRows();
      if (filled.length) throw new RestoreRefused(`${where} is not empty (rows in ${filled.join(', ')}): restore into a new, empty DATA_DIR or database`);
      const upTo = migrationsToReach(manifest.migrations, MIGRATION_NAMES, await service.appliedMigrations());
      await runMigrations(url, upTo);
      checkColumns(manifest, await service.tables());
      try {
        const end = await service.load(
          manifest,
          entries,
          async (entry) => {
            // Entries a later format may add are passed over.
            await files.take(entry);
          },
          async (done) => {
            if (done.uploads !== files.uploads)
              throw new RestoreRefused(`the archive counted ${done.uploads} uploaded files, ${files.uploads} were read: damaged archive`);
            await files.checkSecrets();
          },
        );
        const secrets = await files.finish();
        outcome = { rows: Object.values(end.rows).reduce((a, b) => a + b, 0), tables: manifest.tables.length, uploads: files.uploads, secrets };
      } catch (err) {
        await files.abandon();
        throw err;
      }
    } finally {
      await ds.destroy();
    }
  } finally {
    await stop();
  }
  console.log(
    [
      `Restored ${file} (made ${manifest.created_at}, schema at ${manifest.migrations.at(-1) ?? 'no migration'})`,
      `  into ${where}: ${outcome.rows} rows in ${outcome.tables} tables, ${outcome.uploads} uploaded files, secrets: ${outcome.secrets.join(', ') || 'none in the archive'}`,
      `Start the app on it with npm start (DATA_DIR=${config.dataDir}); newer migrations, if any, run then.`,
    ].join('\n'),
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    // zlib's own words for a file that is not gzip are cryptic ("incorrect header check").
    const zlib = typeof (err as { code?: unknown }).code === 'string' && (err as { code: string }).code.startsWith('Z_');
    console.error(`restore: ${zlib ? 'not a backup archive (not gzip, or damaged)' : err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
