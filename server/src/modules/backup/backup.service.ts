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
  PIECE_BYTES,
  RESTORE_LIMITS,
  RestoreRefused,
  ROWS_PER_PIECE,
  tableOfPiece,
  tablePiece,
  type BackupEnd,
  type BackupManifest,
} from './backup-format.js';
import { entryLines, readEntry, type TarEntry } from './tar.js';

/** Rows sent to the database per statement while a piece is loaded, and the most text they may hold. */
const INSERT_ROWS = 1000;
const INSERT_BYTES = 4 * 1024 * 1024;

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
    let piece = 0;
    let lines: string[] = [];
    let bytes = 0;
    const flush = async () => {
      if (!lines.length) return;
      await sink.add(tablePiece(table.name, ++piece), Buffer.from(lines.join('')));
      lines = [];
      bytes = 0;
    };
    for (;;) {
      const rows = await this.repo.nextRows(ROWS_PER_PIECE);
      if (!rows.length) break;
      for (const row of rows) {
        // One JSON array of column texts per line: any byte a text holds (newlines too) stays escaped.
        const line = JSON.stringify(row) + '\n';
        lines.push(line);
        bytes += line.length;
        count++;
        // A piece ends at ROWS_PER_PIECE rows or once past PIECE_BYTES, so a restore never meets a large one.
        if (lines.length >= ROWS_PER_PIECE || bytes >= PIECE_BYTES) await flush();
      }
    }
    await flush();
    await this.repo.closeRows();
    return count;
  }

  /**
   * Loads the archive's table pieces, in the archive's order, into an empty database migrated to the
   * archive's schema, a few rows at a time as they are read; hands every other entry to `other`; stops
   * at the end entry and commits only if each table got exactly the rows the archive counted, every
   * foreign key finds its row (they were not enforced while loading), and `beforeCommit` agrees.
   * Sequences are set where they stood.
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
        const end = parseJson(await readEntry(entry, RESTORE_LIMITS.manifest), entry.name) as BackupEnd;
        for (const t of manifest.tables) {
          const want = end.rows?.[t.name] ?? 0;
          const got = loaded[t.name] ?? 0;
          if (want !== got) throw new RestoreRefused(`table ${t.name}: the archive counted ${want} rows, ${got} were read: damaged archive`);
        }
        const orphan = await this.repo.firstForeignKeyOrphan();
        if (orphan) {
          throw new RestoreRefused(
            `table ${orphan.table}: a row's ${orphan.columns} (${orphan.value}) has no row in ${orphan.references} (foreign key ${orphan.constraint}): damaged or altered archive, nothing was restored`,
          );
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
      let rows: (string | null)[][] = [];
      let bytes = 0;
      for await (const line of entryLines(entry, RESTORE_LIMITS.row)) {
        rows.push(parseJson(line, entry.name) as (string | null)[]);
        bytes += line.length;
        if (rows.length >= INSERT_ROWS || bytes >= INSERT_BYTES) {
          await this.repo.insertRows(table, rows);
          loaded[name] = (loaded[name] ?? 0) + rows.length;
          rows = [];
          bytes = 0;
        }
      }
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

/** JSON from an archive entry, or a refusal naming the entry. */
function parseJson(text: Buffer | string, entry: string): unknown {
  try {
    return JSON.parse(typeof text === 'string' ? text : text.toString('utf8'));
  } catch {
    throw new RestoreRefused(`damaged archive: ${entry} is not valid JSON`);
  }
}
