// One backup archive written whole, for `npm run backup` and the scheduled backups alike, and the
// pruning of old archives.
import { createWriteStream, existsSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { addSecrets, addUploads } from './backup-files.js';
import { END_ENTRY, type BackupEnd } from './backup-format.js';
import { archivePattern } from './backup-names.js';
import type { BackupService } from './backup.service.js';
import { TarWriter } from './tar.js';

export interface BackupSummary {
  rows: number;
  tables: number;
  uploads: number;
  secrets: string[];
}

export class BackupExists extends Error {}

/**
 * Writes the archive `file`: the database as of one moment (through `service`), the secrets made in
 * `dataDir` and the uploads. It is written under another name and renamed once whole, so a file with
 * an archive's name is always complete; on failure nothing is left behind.
 */
export async function writeBackupArchive(
  service: BackupService,
  file: string,
  { product, dataDir, uploadDir }: { product: string; dataDir: string; uploadDir: string },
): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  if (existsSync(file) || existsSync(partial)) throw new BackupExists(`${file} already exists: another backup started this same second`);
  const gzip = createGzip();
  // 0600: the archive holds the secrets and every account's data.
  const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
  const tar = new TarWriter(gzip);
  try {
    let secrets: string[] = [];
    const { rows } = await service.dump(tar, product, async () => {
      secrets = await addSecrets(tar, dataDir);
    });
    const uploads = await addUploads(tar, uploadDir);
    const end: BackupEnd = { rows, uploads };
    await tar.add(END_ENTRY, Buffer.from(JSON.stringify(end, null, 2)));
    await tar.finish();
    await written;
    await rename(partial, file);
    return { rows: Object.values(rows).reduce((a, b) => a + b, 0), tables: Object.keys(rows).length, uploads, secrets };
  } catch (err) {
    gzip.destroy();
    await written.catch(() => undefined);
    await rm(partial, { force: true });
    throw err;
  }
}

/**
 * Keeps the newest `keep` archives of `product` in `dir` (by the time in their names) and deletes the
 * others; answers the names deleted. Other files in the folder are left alone.
 */
export async function pruneBackups(dir: string, product: string, keep: number): Promise<string[]> {
  const pattern = archivePattern(product);
  const archives = (await readdir(dir)).filter((name) => pattern.test(name)).sort();
  const old = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}
