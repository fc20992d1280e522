// `npm run backup`: one .tar.gz of the database as of one moment (taken while the app runs and votes
// come in, or with the app stopped), DATA_DIR's uploads and its generated secrets, written to
// BACKUP_DIR (default DATA_DIR/backups). docs/decisions/035-backups-without-pg-dump.md
// Exit codes: 0 written, 2 bad arguments or configuration, 1 anything else (database unreachable...).
import 'reflect-metadata';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { createPino } from '#server/infra/http/logger.js';
import { archiveName, describeSize } from '#server/modules/backup/backup-names.js';
import { BackupRepository } from '#server/modules/backup/backup.repository.js';
import { BackupService } from '#server/modules/backup/backup.service.js';
import { BackupExists, pruneBackups, writeBackupArchive, type BackupSummary } from '#server/modules/backup/backup-writer.js';
import { CliError, loadCliConfig, openCliDatabase } from './cli-database.js';

const USAGE = 'usage: npm run backup [-- --keep N]';

/** The number after --keep (a whole number from 1), null without the option, or a problem to print. */
function keepOption(argv: string[]): number | null | string {
  if (!argv.length) return null;
  if (argv[0] !== '--keep') return `unexpected argument '${argv[0]}'`;
  const keep = /^[1-9]\d{0,3}$/.test(argv[1] ?? '') ? Number(argv[1]) : NaN;
  if (Number.isNaN(keep) || argv.length > 2) return '--keep takes a whole number from 1 to 9999';
  return keep;
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(
      `${USAGE}\nWrites one archive of the database (a consistent snapshot, also while the app runs), the uploads and the secrets made in DATA_DIR to BACKUP_DIR (default DATA_DIR/backups).\n--keep N  then deletes all but the newest N archives there.`,
    );
    return 0;
  }
  const keep = keepOption(argv);
  if (typeof keep === 'string') {
    console.error(`backup: ${keep}`);
    console.error(USAGE);
    return 2;
  }
  const config = loadCliConfig();
  if (!config) return 2;
  // The operator reads plain sentences here; only warnings of the JSON log are worth showing.
  const log = createPino(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);

  await mkdir(config.backupDir, { recursive: true });
  const file = path.join(config.backupDir, archiveName(config.PRODUCT_NAME, new Date()));
  const db = await openCliDatabase(config, log);
  let summary: BackupSummary;
  try {
    const ds = new DataSource(dataSourceOptions(db.url, 1));
    await ds.initialize();
    try {
      new Transactions(ds);
      summary = await writeBackupArchive(new BackupService(new BackupRepository(ds)), file, {
        product: config.PRODUCT_NAME,
        dataDir: config.dataDir,
        uploadDir: config.uploadDir,
      });
    } catch (err) {
      throw err instanceof BackupExists ? new CliError(err.message) : err;
    } finally {
      await ds.destroy();
    }
  } finally {
    await db.close();
  }
  const size = (await stat(file)).size;
  const pruned = keep === null ? [] : await pruneBackups(config.backupDir, config.PRODUCT_NAME, keep);
  console.log(
    [
      `Backup written: ${file} (${describeSize(size)})`,
      `  ${summary.rows} rows in ${summary.tables} tables, ${summary.uploads} uploaded files, secrets: ${summary.secrets.join(', ') || 'none in DATA_DIR'}`,
      `  (from ${db.description})`,
      ...(keep === null ? [] : [`Kept the newest ${keep} archives; deleted ${pruned.length ? pruned.join(', ') : 'none'}`]),
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
