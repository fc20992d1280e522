// The files half of a backup: uploaded pictures and the secrets the data depends on, both under DATA_DIR.
import { createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RESTORE_LIMITS, RestoreRefused, SECRETS_FOLDER, UPLOADS_FOLDER } from './backup-format.js';
import type { ArchiveSink } from './backup.service.js';
import { readEntry, type TarEntry } from './tar.js';

/**
 * The secrets made once in DATA_DIR when not configured: the voter hash key (free-vote slots are keyed
 * by it: without it every voter could vote again) and the JWT secret (signed-in sessions).
 */
export const DATA_DIR_SECRETS = ['jwt-secret', 'voter-hash-key'] as const;

/** Adds each secret file DATA_DIR holds; answers their names. */
export async function addSecrets(sink: ArchiveSink, dataDir: string): Promise<string[]> {
  const added: string[] = [];
  for (const name of DATA_DIR_SECRETS) {
    let data: Buffer;
    try {
      data = await readFile(path.join(dataDir, name));
    } catch {
      continue; // never made: configured by environment, or the app has not started yet
    }
    await sink.add(SECRETS_FOLDER + name, data, 0o600);
    added.push(name);
  }
  return added;
}

/** Adds every regular file under the uploads folder, by its path in that folder; answers how many. */
export async function addUploads(sink: ArchiveSink, uploadDir: string): Promise<number> {
  let count = 0;
  const walk = async (dir: string, rel: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return; // no uploads yet
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) await walk(file, `${rel}${e.name}/`);
      else if (e.isFile()) {
        let data: Buffer;
        try {
          data = await readFile(file);
        } catch {
          continue; // deleted since the listing: a picture removed after the snapshot
        }
        await sink.add(`${UPLOADS_FOLDER}${rel}${e.name}`, data);
        count++;
      }
    }
  };
  await walk(uploadDir, '');
  return count;
}

/**
 * Where a restore puts the archive's files: uploads into a staging folder beside the uploads folder,
 * moved into place with the secrets only once the database has committed (finish), else removed (abandon).
 */
export class RestoredFiles {
  private readonly staging: string;
  private readonly secrets = new Map<string, Buffer>();
  uploads = 0;

  constructor(
    private readonly dataDir: string,
    private readonly uploadDir: string,
  ) {
    this.staging = `${uploadDir}.restoring`;
  }

  /** Refuses a DATA_DIR with uploads, or with a secret other than the archive's (checked again at finish). */
  async checkEmpty(): Promise<void> {
    if (existsSync(this.uploadDir) && (await readdir(this.uploadDir)).length > 0) {
      throw new RestoreRefused(`${this.uploadDir} is not empty: restore into a new DATA_DIR`);
    }
    await rm(this.staging, { recursive: true, force: true });
  }

  /** Takes one archive entry that is a file, reading it through; false for any other entry (left unread). */
  async take(entry: TarEntry): Promise<boolean> {
    if (entry.name.startsWith(SECRETS_FOLDER)) {
      const name = entry.name.slice(SECRETS_FOLDER.length);
      if (!(DATA_DIR_SECRETS as readonly string[]).includes(name)) return false;
      this.secrets.set(name, await readEntry(entry, RESTORE_LIMITS.secret));
      return true;
    }
    if (!entry.name.startsWith(UPLOADS_FOLDER)) return false;
    const rel = entry.name.slice(UPLOADS_FOLDER.length);
    // Only paths inside the uploads folder: an archive never writes elsewhere.
    if (!rel || rel.split('/').some((part) => part === '' || part === '.' || part === '..')) {
      throw new RestoreRefused(`damaged archive: bad upload path ${entry.name}`);
    }
    const file = path.join(this.staging, rel);
    await mkdir(path.dirname(file), { recursive: true });
    // Streamed to disk: an upload is never held whole (its size was checked from its header).
    await pipeline(Readable.from(entry.body), createWriteStream(file, { flags: 'wx' }));
    this.uploads++;
    return true;
  }

  /** A secret already in DATA_DIR and different from the archive's would orphan the restored data. */
  async checkSecrets(): Promise<void> {
    for (const [name, data] of this.secrets) {
      let existing: Buffer;
      try {
        existing = await readFile(path.join(this.dataDir, name));
      } catch {
        continue;
      }
      if (!existing.equals(data)) throw new RestoreRefused(`${path.join(this.dataDir, name)} differs from the archive's: restore into a new DATA_DIR`);
    }
  }

  async finish(): Promise<string[]> {
    await mkdir(this.dataDir, { recursive: true });
    for (const [name, data] of this.secrets) {
      const file = path.join(this.dataDir, name);
      await writeFile(file, data, { mode: 0o600 });
      await chmod(file, 0o600);
    }
    if (existsSync(this.staging)) {
      await rm(this.uploadDir, { recursive: true, force: true });
      await rename(this.staging, this.uploadDir);
    }
    return [...this.secrets.keys()];
  }

  async abandon(): Promise<void> {
    await rm(this.staging, { recursive: true, force: true });
  }
}
