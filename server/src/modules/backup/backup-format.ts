// What a backup archive holds and the checks a restore makes before it writes anything
// (docs/decisions/035-backups-without-pg-dump.md).
import type { SequenceValue, TableShape } from './backup.repository.js';

export const BACKUP_FORMAT = 'screamstage-backup';
export const BACKUP_VERSION = 1;

/** The archive's entries, in this order: manifest, secrets, table pieces, uploads, end. */
export const MANIFEST_ENTRY = 'manifest.json';
export const END_ENTRY = 'end.json';
export const SECRETS_FOLDER = 'secrets/';
export const TABLES_FOLDER = 'tables/';
export const UPLOADS_FOLDER = 'uploads/';

/** Rows per archive entry at most; a piece also ends once its text passes PIECE_BYTES. */
export const ROWS_PER_PIECE = 5000;
export const PIECE_BYTES = 8_000_000;

/** Sizes in decimal units, as the refusals print them. */
const MB = 1000 * 1000;

/**
 * What a restore accepts, checked from each entry's header before its bytes are read (an archive
 * announcing more is refused at once, without inflating it): the manifest, end entry and secrets are
 * read whole and are small; table pieces are read a row at a time (a row at most ROW_MAX_BYTES);
 * uploads are streamed to disk. Far above what our backups write (pieces stop near PIECE_BYTES,
 * pictures are re-encoded and small), far below what would exhaust the memory or the disk.
 */
export const RESTORE_LIMITS = {
  manifest: 16 * MB,
  secret: 64_000,
  piece: 256 * MB,
  row: 16 * MB,
  upload: 64 * MB,
  other: 64 * MB,
  /** Every entry together. */
  total: 64_000 * MB,
} as const;

/** The most bytes the archive entry `name` may hold. */
export function entryLimit(name: string): number {
  if (name === MANIFEST_ENTRY || name === END_ENTRY) return RESTORE_LIMITS.manifest;
  if (name.startsWith(SECRETS_FOLDER)) return RESTORE_LIMITS.secret;
  if (tableOfPiece(name) !== null) return RESTORE_LIMITS.piece;
  if (name.startsWith(UPLOADS_FOLDER)) return RESTORE_LIMITS.upload;
  return RESTORE_LIMITS.other;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  product: string;
  created_at: string;
  /** Applied migrations, oldest first: the schema the rows fit. */
  migrations: string[];
  /** In load order: a table comes after the tables it references. */
  tables: { name: string; columns: TableShape['columns'] }[];
  sequences: SequenceValue[];
}

/** Written last, so a restore knows the archive is whole and every row arrived. */
export interface BackupEnd {
  rows: Record<string, number>;
  uploads: number;
}

export const tablePiece = (table: string, piece: number) => `${TABLES_FOLDER}${table}/${String(piece).padStart(6, '0')}.jsonl`;

/** The table a piece's entry name belongs to, or null for any other entry. */
export function tableOfPiece(name: string): string | null {
  const m = /^tables\/([^/]+)\/\d+\.jsonl$/.exec(name);
  return m ? m[1] : null;
}

/** Tables ordered so each comes after those it references; a cycle keeps the remaining ones by name. */
export function loadOrder(tables: TableShape[]): TableShape[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const ordered: TableShape[] = [];
  let remaining = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  while (remaining.length) {
    const ready = remaining.filter((t) => t.references.every((r) => done.has(r) || !byName.has(r)));
    // A cycle of foreign keys: take the rest as they are (the restore turns foreign-key triggers off when it may).
    const next = ready.length ? ready : remaining;
    for (const t of next) {
      ordered.push(t);
      done.add(t.name);
    }
    remaining = remaining.filter((t) => !done.has(t.name));
  }
  return ordered;
}

export class RestoreRefused extends Error {}

/** The manifest as read from an archive, or why it is not one of ours. */
export function parseManifest(data: Buffer): BackupManifest {
  let m: Partial<BackupManifest>;
  try {
    m = JSON.parse(data.toString('utf8')) as Partial<BackupManifest>;
  } catch {
    throw new RestoreRefused('not a backup archive: its manifest is not JSON');
  }
  if (m.format !== BACKUP_FORMAT) throw new RestoreRefused('not a backup archive of this application');
  if (m.version !== BACKUP_VERSION) throw new RestoreRefused(`archive format version ${String(m.version)}: this version reads version ${BACKUP_VERSION} only`);
  if (!Array.isArray(m.migrations) || !Array.isArray(m.tables) || !Array.isArray(m.sequences)) throw new RestoreRefused('damaged archive: incomplete manifest');
  return m as BackupManifest;
}

/**
 * How many of the code's migrations the target must run so its schema is exactly the archive's:
 * the archive's migrations must be the code's first ones (else it comes from newer code), and the
 * target's applied ones a beginning of the archive's (else the target is newer than the archive).
 */
export function migrationsToReach(archive: string[], known: string[], applied: string[]): number {
  const prefix = (a: string[], b: string[]) => a.length <= b.length && a.every((name, i) => b[i] === name);
  if (!prefix(archive, known)) {
    const unknown = archive.find((name, i) => known[i] !== name);
    throw new RestoreRefused(
      `the archive's schema has migration ${unknown ?? '?'}, which this version does not know: restore it with the version that made it, or a newer one`,
    );
  }
  if (!prefix(applied, archive)) {
    throw new RestoreRefused(
      `the target database's schema (${applied.length} migrations, up to ${applied.at(-1) ?? '?'}) is not a step on the way to the archive's: restore into an empty database`,
    );
  }
  return archive.length;
}

/** Row counts and columns of the target must be those the archive announced. */
export function checkColumns(manifest: BackupManifest, target: TableShape[]): void {
  const byName = new Map(target.map((t) => [t.name, t]));
  for (const t of manifest.tables) {
    const found = byName.get(t.name);
    if (!found) throw new RestoreRefused(`table ${t.name} of the archive does not exist after the migrations`);
    const want = t.columns.map((c) => `${c.name} ${c.type}`).join(', ');
    const have = found.columns.map((c) => `${c.name} ${c.type}`).join(', ');
    if (want !== have) throw new RestoreRefused(`table ${t.name} differs from the archive's after the migrations: (${have}) instead of (${want})`);
  }
}
