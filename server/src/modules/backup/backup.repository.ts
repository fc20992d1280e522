// The catalogue and row queries of backups and restores: any table of the public schema, read and
// written as the text of each column, so every type comes back exactly through its own input function.
import { Injectable } from '@nestjs/common';
import { BaseRepository } from '#server/infra/database/base.repository.js';

export interface ColumnShape {
  name: string;
  /** format_type(): the column's type as SQL spells it, e.g. `character varying(64)`. */
  type: string;
}

export interface TableShape {
  name: string;
  columns: ColumnShape[];
  /** Tables this one references by foreign key (itself excluded). */
  references: string[];
}

/** A row whose foreign key finds no row in the table it references. */
export interface ForeignKeyOrphan {
  table: string;
  constraint: string;
  columns: string;
  references: string;
  /** The orphan row's key, as text. */
  value: string;
}

export interface SequenceValue {
  name: string;
  last_value: string;
  is_called: boolean;
}

/** TypeORM's record of applied migrations: kept apart, as the archive's schema version. */
export const MIGRATIONS_TABLE = 'migrations';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

@Injectable()
export class BackupRepository extends BaseRepository {
  /**
   * Text forms that read back the same whatever the server's settings: UTC, ISO dates, hex bytea.
   * SET LOCAL: only for the transaction that runs the backup or the restore.
   */
  async useStableTextForms(): Promise<void> {
    await this.em.query(`SET LOCAL TimeZone = 'UTC'`);
    await this.em.query(`SET LOCAL DateStyle = 'ISO, YMD'`);
    await this.em.query(`SET LOCAL IntervalStyle = 'postgres'`);
    await this.em.query(`SET LOCAL bytea_output = 'hex'`);
  }

  async readOnly(): Promise<void> {
    await this.em.query('SET TRANSACTION READ ONLY');
  }

  /** Migration names in the order they were applied; none when the table does not exist yet. */
  async appliedMigrations(): Promise<string[]> {
    const [{ found }] = (await this.em.query(`SELECT to_regclass('public.${MIGRATIONS_TABLE}') IS NOT NULL AS found`)) as { found: boolean }[];
    if (!found) return [];
    const rows = (await this.em.query(`SELECT name FROM ${ident(MIGRATIONS_TABLE)} ORDER BY id`)) as { name: string }[];
    return rows.map((r) => r.name);
  }

  /** Ordinary and partitioned tables of the public schema, with their stored (not generated) columns. */
  async tables(): Promise<TableShape[]> {
    const rows = (await this.em.query(`
      SELECT c.relname AS name,
             coalesce((SELECT json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) ORDER BY a.attnum)
                       FROM pg_attribute a
                       WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''), '[]') AS columns,
             coalesce((SELECT json_agg(DISTINCT r.relname)
                       FROM pg_constraint f JOIN pg_class r ON r.oid = f.confrelid
                       WHERE f.conrelid = c.oid AND f.contype = 'f' AND f.confrelid <> c.oid), '[]') AS "references"
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      ORDER BY c.relname`)) as TableShape[];
    return rows;
  }

  /** Every sequence of the public schema (identity columns' included) and where it stands now. */
  async sequences(): Promise<SequenceValue[]> {
    const names = (await this.em.query(`
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`)) as { name: string }[];
    const values: SequenceValue[] = [];
    for (const { name } of names) {
      const [v] = (await this.em.query(`SELECT last_value::text AS last_value, is_called FROM ${ident(name)}`)) as Omit<SequenceValue, 'name'>[];
      values.push({ name, ...v });
    }
    return values;
  }

  /** A cursor over a table's rows, each as the text of its columns (null stays null). */
  async openRows(table: TableShape): Promise<void> {
    const columns = table.columns.map((c) => `${ident(c.name)}::text`).join(', ');
    await this.em.query(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT ARRAY[${columns}]::text[] AS r FROM ${ident(table.name)}`);
  }

  async nextRows(count: number): Promise<(string | null)[][]> {
    const rows = (await this.em.query(`FETCH ${Math.floor(count)} FROM backup_rows`)) as { r: (string | null)[] }[];
    return rows.map((row) => row.r);
  }

  async closeRows(): Promise<void> {
    await this.em.query('CLOSE backup_rows');
  }

  /** The tables (migrations' record aside) that hold at least one row. */
  async tablesWithRows(): Promise<string[]> {
    const found: string[] = [];
    for (const t of await this.tables()) {
      if (t.name === MIGRATIONS_TABLE) continue;
      const [{ any }] = (await this.em.query(`SELECT EXISTS (SELECT 1 FROM ${ident(t.name)}) AS any`)) as { any: boolean }[];
      if (any) found.push(t.name);
    }
    return found;
  }

  /**
   * Foreign-key and user triggers off for this transaction, when the role may (a superuser; the
   * embedded server's is). Answers whether it could; a savepoint keeps the transaction usable if not.
   */
  async skipTriggers(): Promise<boolean> {
    await this.em.query('SAVEPOINT replica_role');
    try {
      await this.em.query('SET LOCAL session_replication_role = replica');
      await this.em.query('RELEASE SAVEPOINT replica_role');
      return true;
    } catch {
      await this.em.query('ROLLBACK TO SAVEPOINT replica_role');
      return false;
    }
  }

  /** Rows as read by nextRows(); identity columns keep the stored values. */
  async insertRows(table: TableShape, rows: (string | null)[][]): Promise<void> {
    if (!rows.length) return;
    const names = table.columns.map((c) => ident(c.name)).join(', ');
    const values = table.columns.map((c, i) => `(e->>${i})::${c.type}`).join(', ');
    await this.em.query(`INSERT INTO ${ident(table.name)} (${names}) OVERRIDING SYSTEM VALUE SELECT ${values} FROM jsonb_array_elements($1::jsonb) AS e`, [
      JSON.stringify(rows),
    ]);
  }

  /**
   * The first row of the public schema whose foreign key (MATCH SIMPLE: a key with a null is not
   * checked) finds no row in the referenced table, or null: a load with the foreign-key triggers off
   * is checked here instead.
   */
  async firstForeignKeyOrphan(): Promise<ForeignKeyOrphan | null> {
    const keys = (await this.em.query(`
      SELECT c.conname AS constraint, t.relname AS table, r.relname AS references,
             (SELECT json_agg(a.attname ORDER BY k.i) FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
                JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n) AS columns,
             (SELECT json_agg(a.attname ORDER BY k.i) FROM unnest(c.confkey) WITH ORDINALITY k(n, i)
                JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n) AS referenced
      FROM pg_constraint c
      JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      JOIN pg_class r ON r.oid = c.confrelid
      WHERE c.contype = 'f' AND n.nspname = 'public' AND NOT t.relispartition
      ORDER BY t.relname, c.conname`)) as { constraint: string; table: string; references: string; columns: string[]; referenced: string[] }[];
    for (const k of keys) {
      const present = k.columns.map((c) => `o.${ident(c)} IS NOT NULL`).join(' AND ');
      const match = k.columns.map((c, i) => `p.${ident(k.referenced[i])} = o.${ident(c)}`).join(' AND ');
      const value = k.columns.map((c) => `o.${ident(c)}::text`).join(` || ', ' || `);
      const [orphan] = (await this.em.query(
        `SELECT ${value} AS value FROM ${ident(k.table)} o WHERE ${present} AND NOT EXISTS (SELECT 1 FROM ${ident(k.references)} p WHERE ${match}) LIMIT 1`,
      )) as { value: string }[];
      if (orphan) return { table: k.table, constraint: k.constraint, columns: k.columns.join(', '), references: k.references, value: orphan.value };
    }
    return null;
  }

  async setSequence(s: SequenceValue): Promise<void> {
    await this.em.query('SELECT setval($1::regclass, $2::bigint, $3)', [ident(s.name), s.last_value, s.is_called]);
  }
}
