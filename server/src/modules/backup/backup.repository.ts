// The catalogue and row queries of backups and restores: any table of the public schema, read and
// written as the text of each column, so every type comes back exactly through its own input function.
import { Injectable } from '@nestjs/common';
import { sql, type Compilable, type RawBuilder } from 'kysely';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { queryBuilder } from '#server/infra/database/query-builder.js';

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

/** The system catalogue's columns these queries read, and TypeORM's migrations table (neither is in the generated schema). */
type Catalog = {
  pg_class: { oid: number; relname: string; relnamespace: number; relkind: string; relispartition: boolean };
  pg_namespace: { oid: number; nspname: string };
  pg_constraint: { conname: string; conrelid: number; confrelid: number; contype: string };
  [MIGRATIONS_TABLE]: { id: number; name: string };
};

const db = queryBuilder.withTables<Catalog>();

/** A name as regclass reads it from text: quoted, so it is taken as it is spelled. */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A statement Kysely has no builder for (SET, cursors, savepoints) or over a table known only at run
 * time. Its rows, if any, are `unknown`: the caller checks their shape before using them.
 */
const statement = (raw: RawBuilder<unknown>): Compilable<unknown> => ({ compile: () => raw.compile(queryBuilder) });

/** The rows of FETCH: each the text of its columns (null stays null). */
function textRow(row: unknown): (string | null)[] {
  const r: unknown = typeof row === 'object' && row !== null && 'r' in row ? row.r : undefined;
  if (!Array.isArray(r) || !r.every((v) => v === null || typeof v === 'string')) throw new Error('A backup row did not come back as an array of text');
  return r;
}

/** The public schema's ordinary and partitioned tables (partitions are read through their parent). */
const publicTables = () =>
  db
    .selectFrom('pg_class as c')
    .innerJoin('pg_namespace as n', 'n.oid', 'c.relnamespace')
    .where('n.nspname', '=', 'public')
    .where('c.relkind', 'in', ['r', 'p'])
    .where('c.relispartition', '=', false);

@Injectable()
export class BackupRepository extends BaseRepository {
  /**
   * Text forms that read back the same whatever the server's settings: UTC, ISO dates, hex bytea.
   * SET LOCAL: only for the transaction that runs the backup or the restore.
   */
  @GenerateSql()
  async useStableTextForms(): Promise<void> {
    await this.run(statement(sql`SET LOCAL TimeZone = 'UTC'`));
    await this.run(statement(sql`SET LOCAL DateStyle = 'ISO, YMD'`));
    await this.run(statement(sql`SET LOCAL IntervalStyle = 'postgres'`));
    await this.run(statement(sql`SET LOCAL bytea_output = 'hex'`));
  }

  @GenerateSql()
  async readOnly(): Promise<void> {
    await this.run(statement(sql`SET TRANSACTION READ ONLY`));
  }

  /** Migration names in the order they were applied; none when the table does not exist yet. */
  @GenerateSql()
  async appliedMigrations(): Promise<string[]> {
    const table = await this.first(db.selectNoFrom(sql<boolean>`to_regclass(${`public.${MIGRATIONS_TABLE}`}) IS NOT NULL`.as('found')));
    if (!table?.found) return [];
    const rows = await this.rows(db.selectFrom(MIGRATIONS_TABLE).select('name').orderBy('id'));
    return rows.map((r) => r.name);
  }

  /** Ordinary and partitioned tables of the public schema, with their stored (not generated) columns. */
  @GenerateSql()
  tables(): Promise<TableShape[]> {
    return this.rows(
      publicTables()
        .select([
          'c.relname as name',
          sql<ColumnShape[]>`coalesce((SELECT json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) ORDER BY a.attnum)
            FROM pg_attribute a
            WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''), '[]')`.as('columns'),
          sql<string[]>`coalesce((SELECT json_agg(DISTINCT r.relname)
            FROM pg_constraint f JOIN pg_class r ON r.oid = f.confrelid
            WHERE f.conrelid = c.oid AND f.contype = 'f' AND f.confrelid <> c.oid), '[]')`.as('references'),
        ])
        .orderBy('c.relname'),
    );
  }

  /** Every sequence of the public schema (identity columns' included) and where it stands now. */
  @GenerateSql()
  async sequences(): Promise<SequenceValue[]> {
    const names = await this.rows(
      db
        .selectFrom('pg_class as c')
        .innerJoin('pg_namespace as n', 'n.oid', 'c.relnamespace')
        .select('c.relname as name')
        .where('n.nspname', '=', 'public')
        .where('c.relkind', '=', 'S')
        .orderBy('c.relname'),
    );
    const values: SequenceValue[] = [];
    for (const { name } of names) {
      // Every sequence has these two columns.
      const v = await this.first(
        db.selectFrom(sql.id(name).as('s')).select([sql<string>`s.last_value::text`.as('last_value'), sql<boolean>`s.is_called`.as('is_called')]),
      );
      if (!v) throw new Error(`The sequence ${name} answered no row`);
      values.push({ name, ...v });
    }
    return values;
  }

  /** A cursor over a table's rows, each as the text of its columns (null stays null). */
  @GenerateSql({
    params: [
      {
        name: 'users',
        columns: [
          { name: 'id', type: 'integer' },
          { name: 'username', type: 'character varying(30)' },
        ],
        references: [],
      },
    ],
  })
  async openRows(table: TableShape): Promise<void> {
    const columns = sql.join(table.columns.map((c) => sql`${sql.id(c.name)}::text`));
    await this.run(statement(sql`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT ARRAY[${columns}]::text[] AS r FROM ${sql.id(table.name)}`));
  }

  /** The cursor's next rows (openRows() declares it earlier in the same transaction). */
  @GenerateSql({ params: [500] })
  async nextRows(count: number): Promise<(string | null)[][]> {
    const rows = await this.rows(statement(sql`FETCH ${sql.raw(String(Math.floor(count)))} FROM backup_rows`));
    return rows.map(textRow);
  }

  /** Closes the cursor openRows() declared. */
  @GenerateSql()
  async closeRows(): Promise<void> {
    await this.run(statement(sql`CLOSE backup_rows`));
  }

  /** The tables (migrations' record aside) that hold at least one row. */
  @GenerateSql()
  async tablesWithRows(): Promise<string[]> {
    const found: string[] = [];
    for (const t of await this.tables()) {
      if (t.name === MIGRATIONS_TABLE) continue;
      const row = await this.first(db.selectNoFrom(sql<boolean>`EXISTS (SELECT 1 FROM ${sql.id(t.name)})`.as('any')));
      if (row?.any) found.push(t.name);
    }
    return found;
  }

  /**
   * Foreign-key and user triggers off for this transaction, when the role may (a superuser; the
   * embedded server's is). Answers whether it could; a savepoint keeps the transaction usable if not.
   */
  @GenerateSql()
  async skipTriggers(): Promise<boolean> {
    await this.run(statement(sql`SAVEPOINT replica_role`));
    try {
      await this.run(statement(sql`SET LOCAL session_replication_role = replica`));
      await this.run(statement(sql`RELEASE SAVEPOINT replica_role`));
      return true;
    } catch {
      await this.run(statement(sql`ROLLBACK TO SAVEPOINT replica_role`));
      return false;
    }
  }

  /** Rows as read by nextRows(); identity columns keep the stored values. */
  @GenerateSql({
    params: [
      {
        name: 'users',
        columns: [
          { name: 'id', type: 'integer' },
          { name: 'username', type: 'character varying(30)' },
          { name: 'email', type: 'character varying(254)' },
          { name: 'password_hash', type: 'text' },
        ],
        references: [],
      },
      [['41', 'mira', 'mira@example.com', '$argon2id$not-a-real-hash']],
    ],
  })
  async insertRows(table: TableShape, rows: (string | null)[][]): Promise<void> {
    if (!rows.length) return;
    const names = sql.join(table.columns.map((c) => sql.id(c.name)));
    // The column's type as the catalogue spelled it (format_type), from tables(): SQL text, not a value.
    const values = sql.join(table.columns.map((c, i) => sql`(e->>${sql.lit(i)})::${sql.raw(c.type)}`));
    await this.run(
      statement(
        sql`INSERT INTO ${sql.id(table.name)} (${names}) OVERRIDING SYSTEM VALUE SELECT ${values} FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) AS e`,
      ),
    );
  }

  /**
   * The first row of the public schema whose foreign key (MATCH SIMPLE: a key with a null is not
   * checked) finds no row in the referenced table, or null: a load with the foreign-key triggers off
   * is checked here instead.
   */
  @GenerateSql()
  async firstForeignKeyOrphan(): Promise<ForeignKeyOrphan | null> {
    const keys = await this.rows(
      db
        .selectFrom('pg_constraint as c')
        .innerJoin('pg_class as t', 't.oid', 'c.conrelid')
        .innerJoin('pg_namespace as n', 'n.oid', 't.relnamespace')
        .innerJoin('pg_class as r', 'r.oid', 'c.confrelid')
        .select([
          'c.conname as constraint',
          't.relname as table',
          'r.relname as references',
          sql<string[]>`(SELECT json_agg(a.attname ORDER BY k.i) FROM unnest(c.conkey) WITH ORDINALITY k(n, i)
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n)`.as('columns'),
          sql<string[]>`(SELECT json_agg(a.attname ORDER BY k.i) FROM unnest(c.confkey) WITH ORDINALITY k(n, i)
            JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n)`.as('referenced'),
        ])
        .where('c.contype', '=', 'f')
        .where('n.nspname', '=', 'public')
        .where('t.relispartition', '=', false)
        .orderBy('t.relname')
        .orderBy('c.conname'),
    );
    for (const k of keys) {
      const present = sql.join(
        k.columns.map((c) => sql`o.${sql.id(c)} IS NOT NULL`),
        sql` AND `,
      );
      const match = sql.join(
        k.columns.map((c, i) => sql`p.${sql.id(k.referenced[i])} = o.${sql.id(c)}`),
        sql` AND `,
      );
      const value = sql.join(
        k.columns.map((c) => sql`o.${sql.id(c)}::text`),
        sql` || ', ' || `,
      );
      const orphan = await this.first(
        db.selectNoFrom(
          sql<
            string | null
          >`(SELECT ${value} FROM ${sql.id(k.table)} o WHERE ${present} AND NOT EXISTS (SELECT 1 FROM ${sql.id(k.references)} p WHERE ${match}) LIMIT 1)`.as(
            'value',
          ),
        ),
      );
      if (orphan && orphan.value !== null)
        return { table: k.table, constraint: k.constraint, columns: k.columns.join(', '), references: k.references, value: orphan.value };
    }
    return null;
  }

  @GenerateSql({ params: [{ name: 'users_id_seq', last_value: '41', is_called: true }] })
  async setSequence(s: SequenceValue): Promise<void> {
    await this.run(db.selectNoFrom(sql`setval(${ident(s.name)}::regclass, ${s.last_value}::bigint, ${s.is_called})`.as('value')));
  }
}
