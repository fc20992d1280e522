// `npm run backup`: one .tar.gz of the database as of one moment (taken while the app runs and votes
// come in, or with the app stopped), DATA_DIR's uploads and its generated secrets, written to
// BACKUP_DIR (default DATA_DIR/backups). docs/decisions/035-backups-without-pg-dump.md
// Exit codes: 0 written, 2 bad arguments or configuration, 1 anything else (database unreachable...).
import 'reflect-metadata';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { createPino } from '#server/infra/http/logger.js';
import { addSecrets, addUploads } from '#server/modules/backup/backup-files.js';
import { END_ENTRY, type BackupEnd } from '#server/modules/backup/backup-format.js';
import { BackupRepository } from '#server/modules/backup/backup.repository.js';
import { BackupService } from '#server/modules/backup/backup.service.js';
import { TarWriter } from '#server/modules/backup/tar.js';
import { CliError, loadCliConfig, openCliDatabase } from './cli-database.js';
import { archiveName, describeSize } from './backup-names.js';

const USAGE = 'usage: npm run backup';

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(
      `${USAGE}\nWrites one archive of the database (a consistent snapshot, also while the app runs), the uploads and the secrets made in DATA_DIR to BACKUP_DIR (default DATA_DIR/backups).`,
    );
    return 0;
  }
  if (argv.length) {
    console.error(`backup: unexpected argument '${argv[0]}'`);
    console.error(USAGE);
    return 2;
  }
  const config = loadCliConfig();
  if (!config) return 2;
  // The operator reads plain sentences here; only warnings of the JSON log are worth showing.
  const log = createPino(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);

  await mkdir(config.backupDir, { recursive: true });
  const file = path.join(config.backupDir, archiveName(config.PRODUCT_NAME, new Date()));
  // Written under another name and renamed once whole: a file with the archive's name is always complete.
  const partial = `${file}.partial`;
  if (existsSync(file) || existsSync(partial)) throw new CliError(`${file} already exists: another backup started this same second`);
  const db = await openCliDatabase(config, log);
  let summary: { rows: number; tables: number; uploads: number; secrets: string[] };
  try {
    const ds = new DataSource(dataSourceOptions(db.url, 1));
    await ds.initialize();
    try {
      new Transactions(ds);
      const service = new BackupService(new BackupRepository(ds));
      const gzip = createGzip();
      // 0600: the archive holds the secrets and every account's data.
      const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
      const tar = new TarWriter(gzip);
      try {
        let secrets: string[] = [];
        const { rows } = await service.dump(tar, config.PRODUCT_NAME, async () => {
          secrets = await addSecrets(tar, config.dataDir);
        });
        const uploads = await addUploads(tar, config.uploadDir);
        const end: BackupEnd = { rows, uploads };
        await tar.add(END_ENTRY, Buffer.from(JSON.stringify(end, null, 2)));
        await tar.finish();
        await written;
        summary = { rows: Object.values(rows).reduce((a, b) => a + b, 0), tables: Object.keys(rows).length, uploads, secrets };
      } catch (err) {
        gzip.destroy();
        await written.catch(() => undefined);
        await rm(partial, { force: true });
        throw err;
      }
      await rename(partial, file);
    } finally {
      await ds.destroy();
    }
  } finally {
    await db.close();
  }
  const size = (await stat(file)).size;
  console.log(
    [
      `Backup written: ${file} (${describeSize(size)})`,
      `  ${summary.rows} rows in ${summary.tables} tables, ${summary.uploads} uploaded files, secrets: ${summary.secrets.join(', ') || 'none in DATA_DIR'}`,
      `  (from ${db.description})`,
      `Restore it with: npm run restore -- ${file}`,
    ].join('\n'),
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`backup: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
