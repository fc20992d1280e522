// The database half of a backup (one consistent snapshot, streamed table by table) and of a restore
// (every row loaded in one transaction, checked against the archive's own count before it commits).
import { Injectable } from '@nestjs/common';
import { Transactional } from '#server/infra/database/transactional.js';
import { BackupRepository, MIGRATIONS_TABLE, type TableShape } from './backup.repository.js';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  END_ENTRY,
  loadOrder,
  MANIFEST_ENTRY,
  RestoreRefused,
  ROWS_PER_PIECE,
  tableOfPiece,
  tablePiece,
  type BackupEnd,
  type BackupManifest,
} from './backup-format.js';
import type { TarEntry } from './tar.js';

export interface ArchiveSink {
  add(name: string, data: Buffer, mode?: number): Promise<void>;
}

export interface DumpResult {
  manifest: BackupManifest;
  rows: Record<string, number>;
}

@Injectable()
export class BackupService {
  constructor(private readonly repo: BackupRepository) {}

  /**
   * Writes the manifest and every table's rows as of one moment: a REPEATABLE READ transaction sees
   * the database as it was at its first query, whatever commits meanwhile (votes keep coming in).
   * `beforeRows` runs once the snapshot is taken (the caller adds the secrets there).
   */
  @Transactional({ isolationLevel: 'REPEATABLE READ' })
  async dump(sink: ArchiveSink, product: string, beforeRows: () => Promise<void>): Promise<DumpResult> {
    await this.repo.readOnly();
    await this.repo.useStableTextForms();
    // The first query fixes the snapshot; sequences are read right after it, so each one stands at or
    // beyond every id the snapshot holds (a sequence moves outside transactions).
    const migrations = await this.repo.appliedMigrations();
    const sequences = await this.repo.sequences();
    const tables = loadOrder((await this.repo.tables()).filter((t) => t.name !== MIGRATIONS_TABLE));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      product,
      created_at: new Date().toISOString(),
      migrations,
      tables: tables.map((t) => ({ name: t.name, columns: t.columns })),
      sequences,
    };
    await sink.add(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
    await beforeRows();
    const rows: Record<string, number> = {};
    for (const table of tables) rows[table.name] = await this.dumpTable(sink, table);
    return { manifest, rows };
  }

  private async dumpTable(sink: ArchiveSink, table: TableShape): Promise<number> {
    await this.repo.openRows(table);
    let count = 0;
    for (let piece = 1; ; piece++) {
      const rows = await this.repo.nextRows(ROWS_PER_PIECE);
      if (!rows.length) break;
      // One JSON array of column texts per line: any byte a text holds (newlines too) stays escaped.
      await sink.add(tablePiece(table.name, piece), Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n') + '\n'));
      count += rows.length;
    }
    await this.repo.closeRows();
    return count;
  }

  /**
   * Loads the archive's table pieces, in the archive's order, into an empty database migrated to the
   * archive's schema; hands every other entry to `other`; stops at the end entry and commits only if
   * each table got exactly the rows the archive counted (and `beforeCommit` agrees). Sequences are set
   * where they stood.
   */
  @Transactional()
  async load(
    manifest: BackupManifest,
    entries: AsyncIterator<TarEntry>,
    other: (entry: TarEntry) => Promise<void>,
    beforeCommit: (end: BackupEnd) => Promise<void>,
  ): Promise<BackupEnd> {
    await this.repo.useStableTextForms();
    const found = new Map((await this.repo.tables()).map((t) => [t.name, t]));
    // Foreign keys and triggers are off when the role may: the archive's rows were consistent as a whole.
    await this.repo.skipTriggers();
    const loaded: Record<string, number> = {};
    for (;;) {
      const next = await entries.next();
      if (next.done) throw new RestoreRefused('the archive ends without its end entry (cut short?)');
      const entry = next.value;
      if (entry.name === END_ENTRY) {
        const end = JSON.parse(entry.data.toString('utf8')) as BackupEnd;
        for (const t of manifest.tables) {
          const want = end.rows[t.name] ?? 0;
          const got = loaded[t.name] ?? 0;
          if (want !== got) throw new RestoreRefused(`table ${t.name}: the archive counted ${want} rows, ${got} were read: damaged archive`);
        }
        for (const s of manifest.sequences) await this.repo.setSequence(s);
        await beforeCommit(end);
        return end;
      }
      const name = tableOfPiece(entry.name);
      if (name === null) {
        await other(entry);
        continue;
      }
      const table = found.get(name);
      if (!table || !manifest.tables.some((t) => t.name === name)) throw new RestoreRefused(`damaged archive: rows of an unknown table ${name}`);
      const rows = entry.data
        .toString('utf8')
        .split('\n')
        .filter((line) => line.length > 0)
        .map((line) => JSON.parse(line) as (string | null)[]);
      await this.repo.insertRows(table, rows);
      loaded[name] = (loaded[name] ?? 0) + rows.length;
    }
  }

  /** The tables of the target holding rows (a restore writes only into an empty database). */
  tablesWithRows(): Promise<string[]> {
    return this.repo.tablesWithRows();
  }

  appliedMigrations(): Promise<string[]> {
    return this.repo.appliedMigrations();
  }

  async tables(): Promise<TableShape[]> {
    return this.repo.tables();
  }
}
