import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aUser } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions, MIGRATION_NAMES } from '#server/infra/database/data-source.js';
import { currentManager, Transactions } from '#server/infra/database/transactional.js';
import { BackupRepository, MIGRATIONS_TABLE, type TableShape } from './backup.repository.js';

/** Thrown to roll a test's transaction back. */
class RolledBack extends Error {}

describe(BackupRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let transactions: Transactions;
  let backups: BackupRepository;

  /** A setting as the open transaction sees it. */
  const setting = async (name: string) => ((await currentManager(ds).query(`SELECT current_setting($1) AS value`, [name])) as { value: string }[])[0].value;

  /** Runs `work` in a transaction that is then rolled back. */
  const rolledBack = async (work: () => Promise<void>) => {
    await expect(
      transactions.run(async () => {
        await work();
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
  };

  const tableNamed = async (name: string): Promise<TableShape> => {
    const table = (await backups.tables()).find((t) => t.name === name);
    if (!table) throw new Error(`no table ${name}`);
    return table;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    transactions = new Transactions(ds);
    backups = new BackupRepository(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should answer the migrations applied, in order', async () => {
    expect(await backups.appliedMigrations()).toEqual(MIGRATION_NAMES);
  });

  it("should answer the public schema's tables with their stored columns, as SQL spells their types, and the tables they reference", async () => {
    const tables = await backups.tables();
    const names = tables.map((t) => t.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['users', 'contestant_profiles', 'admin_audit_log', MIGRATIONS_TABLE]));
    const users = tables.find((t) => t.name === 'users')!;
    expect(users.columns.slice(0, 4)).toEqual([
      { name: 'id', type: 'integer' },
      { name: 'username', type: 'character varying(30)' },
      { name: 'email', type: 'character varying(254)' },
      { name: 'password_hash', type: 'text' },
    ]);
    expect(users.references).toEqual([]);
    expect((await tableNamed('contestant_profiles')).references).toEqual(['users']);
  });

  it('should answer every sequence and where it stands, and set one', async () => {
    const before = (await backups.sequences()).find((s) => s.name === 'users_id_seq');
    expect(before).toEqual({ name: 'users_id_seq', last_value: '1', is_called: false });
    await backups.setSequence({ name: 'users_id_seq', last_value: '41', is_called: true });
    expect((await backups.sequences()).find((s) => s.name === 'users_id_seq')).toEqual({ name: 'users_id_seq', last_value: '41', is_called: true });
    expect((await aUser(db)).id).toBe(42);
  });

  it('should set stable text forms and read-only for its transaction alone', async () => {
    const outside = await setting('DateStyle');
    await rolledBack(async () => {
      await backups.useStableTextForms();
      expect([await setting('TimeZone'), await setting('DateStyle'), await setting('IntervalStyle'), await setting('bytea_output')]).toEqual([
        'UTC',
        'ISO, YMD',
        'postgres',
        'hex',
      ]);
    });
    expect(await setting('DateStyle')).toBe(outside);
    await rolledBack(async () => {
      await backups.readOnly();
      await expect(currentManager(ds).query(`INSERT INTO users (username, email, password_hash) VALUES ('ro', 'ro@example.com', 'x')`)).rejects.toThrow(
        /read-only transaction/,
      );
    });
    await aUser(db, { username: 'after_read_only' });
  });

  it("should read a table's rows through a cursor, each as the text of its columns, and answer the tables that hold rows", async () => {
    const user = await aUser(db, { username: 'Mira', email: 'mira@example.com', instagram: null });
    const users = await tableNamed('users');
    const at = (name: string) => users.columns.findIndex((c) => c.name === name);
    await transactions.run(async () => {
      await backups.useStableTextForms();
      await backups.openRows(users);
      const rows = [...(await backups.nextRows(1)), ...(await backups.nextRows(10))];
      expect(await backups.nextRows(10)).toEqual([]);
      await backups.closeRows();
      expect(rows).toHaveLength(3);
      const mira = rows.find((r) => r[at('id')] === String(user.id))!;
      expect([mira[at('username')], mira[at('email')], mira[at('instagram')], mira[at('is_superuser')]]).toEqual(['Mira', 'mira@example.com', null, 'false']);
      expect(mira[at('created_at')]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?\+00$/);
    });
    expect(await backups.tablesWithRows()).toEqual(['users']);
  });

  it('should load rows as read, ids kept, and find a foreign key left without its row while the triggers are off', async () => {
    const users = await tableNamed('users');
    const profiles = await tableNamed('contestant_profiles');
    const row = (table: TableShape, values: Record<string, string | null>) => table.columns.map((c) => (c.name in values ? values[c.name] : null));
    await rolledBack(async () => {
      expect(await backups.firstForeignKeyOrphan()).toBeNull();
      expect(await backups.skipTriggers()).toBe(true);
      expect(await setting('session_replication_role')).toBe('replica');
      const defaults = { created_at: '2026-11-01 10:00:00+00', updated_at: '2026-11-01 10:00:00+00', first_name: '', last_name: '' };
      const flags = { is_superuser: 'false', is_verified: 'true', is_competitor: 'true', locale: 'en', password_set: 'true' };
      await backups.insertRows(users, [row(users, { ...defaults, ...flags, id: '500', username: 'loaded', email: 'loaded@example.com', password_hash: 'h' })]);
      await backups.insertRows(users, []);
      const profile = {
        ...defaults,
        biography: '',
        pictures_urls: '{/uploads/a.jpg}',
        paid_votes: '0',
        total_votes: '3',
        profile_views: '0',
        category: 'Scream Queens',
      };
      await backups.insertRows(profiles, [
        row(profiles, { ...profile, id: '700', user_id: '500' }),
        row(profiles, { ...profile, id: '701', user_id: '987654' }),
      ]);
      const loaded = (await currentManager(ds).query(`SELECT id, username FROM users WHERE id = 500`)) as unknown[];
      expect(loaded).toEqual([{ id: 500, username: 'loaded' }]);
      expect(await backups.firstForeignKeyOrphan()).toEqual({
        table: 'contestant_profiles',
        constraint: expect.any(String),
        columns: 'user_id',
        references: 'users',
        value: '987654',
      });
    });
    expect((await db.pool.query('SELECT count(*)::int AS n FROM contestant_profiles')).rows[0].n).toBe(0);
  });
});
