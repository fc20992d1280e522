import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { dataSourceOptions, MIGRATION_NAMES, runMigrations } from '#server/infra/database/data-source.js';
import { BackupRepository } from '#server/modules/backup/backup.repository.js';
import { Transactional, Transactions } from '#server/infra/database/transactional.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';
import type { AuditRecord } from './audit.types.js';

class NotesRepository extends BaseRepository {
  async add(text: string): Promise<void> {
    await this.em.query('INSERT INTO audit_notes (text) VALUES ($1)', [text]);
  }
}

/** An admin action in the shape of the real ones: its write, then its entry, in one transaction. */
class NotesService {
  constructor(
    private readonly notes: NotesRepository,
    private readonly audit: AuditService,
  ) {}

  @Transactional()
  async add(actorId: number, text: string, failAfterRecording = false): Promise<void> {
    await this.notes.add(text);
    await this.audit.record({ actorId, action: 'group.update', targetType: 'group', targetId: 1, before: null, after: { text } });
    if (failAfterRecording) throw new Error('the action fails after its entry');
  }
}

describe(AuditService.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let audit: AuditService;
  let notes: NotesService;
  let adminId: number;

  const count = async (table: string) => (await db.pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n as number;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 3)).initialize();
    await ds.query('CREATE TABLE audit_notes (id serial PRIMARY KEY, text text NOT NULL)');
    new Transactions(ds);
    audit = new AuditService(new AuditRepository(ds));
    notes = new NotesService(new NotesRepository(ds), audit);
    adminId = (
      await db.pool.query(
        `INSERT INTO users (username, email, password_hash, is_superuser, staff_role) VALUES ('keeper', 'keeper@example.com', 'x', true, 'owner') RETURNING id`,
      )
    ).rows[0].id;
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should write the entry with the action, with a copy of the actor’s username and e-mail', async () => {
    await notes.add(adminId, 'kept');
    const { rows } = await db.pool.query(`SELECT actor_id, actor_username, actor_email, action, target_type, target_id, before, after FROM admin_audit_log`);
    expect(rows).toEqual([
      {
        actor_id: adminId,
        actor_username: 'keeper',
        actor_email: 'keeper@example.com',
        action: 'group.update',
        target_type: 'group',
        target_id: 1,
        before: null,
        after: { text: 'kept' },
      },
    ]);
  });

  it('should leave no entry when the action rolls back after recording it', async () => {
    const [entries, written] = [await count('admin_audit_log'), await count('audit_notes')];
    await expect(notes.add(adminId, 'undone', true)).rejects.toThrow('the action fails after its entry');
    expect([await count('admin_audit_log'), await count('audit_notes')]).toEqual([entries, written]);
  });

  it('should roll the action back when its entry cannot be written (the actor no longer exists)', async () => {
    const [entries, written] = [await count('admin_audit_log'), await count('audit_notes')];
    await expect(notes.add(987654, 'orphan')).rejects.toMatchObject({ status: 401 });
    expect([await count('admin_audit_log'), await count('audit_notes')]).toEqual([entries, written]);
  });

  it('should refuse fields that may hold credentials or client addresses', async () => {
    const entries = await count('admin_audit_log');
    const leaky = (after: AuditRecord['after']): AuditRecord => ({
      actorId: adminId,
      action: 'user.delete',
      targetType: 'user',
      targetId: 2,
      before: null,
      after,
    });
    for (const field of ['password_hash', 'reset_token', 'ip', 'client_address', 'secret']) {
      await expect(audit.record(leaky({ [field]: 'x' }))).rejects.toThrow(`never record ${field}`);
    }
    expect(await count('admin_audit_log')).toBe(entries);
  });

  it('should keep the entries when their actor is deleted, and refuse to change or remove them', async () => {
    await db.pool.query('DELETE FROM users WHERE id = $1', [adminId]);
    const entries = await count('admin_audit_log');
    expect(entries).toBeGreaterThan(0);
    for (const statement of [`UPDATE admin_audit_log SET action = 'contest.delete'`, 'DELETE FROM admin_audit_log', 'TRUNCATE admin_audit_log']) {
      await expect(db.pool.query(statement)).rejects.toThrow(/admin_audit_log is append-only/);
    }
    expect(await count('admin_audit_log')).toBe(entries);
    expect((await db.pool.query(`SELECT DISTINCT action, actor_username FROM admin_audit_log`)).rows).toEqual([
      { action: 'group.update', actor_username: 'keeper' },
    ]);
  });

  it('should chain every entry to the one before it, also when admins act at the same moment', async () => {
    const [actor] = (
      await db.pool.query(
        `INSERT INTO users (username, email, password_hash, is_superuser, staff_role) VALUES ('racer', 'racer@example.com', 'x', true, 'owner') RETURNING id`,
      )
    ).rows as { id: number }[];
    // More writers than the pool has connections, each in its own transaction.
    await Promise.all(Array.from({ length: 12 }, (_, i) => notes.add(actor.id, `at once ${i}`)));
    const chain = await audit.verifyChain();
    const { rows } = await db.pool.query(`SELECT encode(digest, 'hex') AS digest FROM admin_audit_log ORDER BY id`);
    expect(chain).toEqual({ intact: true, entries: rows.length, head: rows.at(-1).digest, first_broken_id: null });
    expect(rows.length).toBe(13);
  });

  it('should page newest first', async () => {
    const page = await audit.page({ page: 1 });
    expect(page).toMatchObject({ total: 13, page: 1, page_size: 20 });
    expect(page.items.at(-1)).toMatchObject({ action: 'group.update', actor: { username: 'keeper' }, after: { text: 'kept' } });
  });
});

/** A superuser's session that switches the triggers off, as a restore does, and runs `sql`. */
async function asReplica(db: TestDatabase, sql: string, params: unknown[] = []): Promise<void> {
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(sql, params);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

describe('the audit digest chain', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let audit: AuditService;
  let ids: string[];

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    new Transactions(ds);
    audit = new AuditService(new AuditRepository(ds));
    const [{ id: actorId }] = (
      await db.pool.query(
        `INSERT INTO users (username, email, password_hash, is_superuser, staff_role) VALUES ('chainer', 'chainer@example.com', 'x', true, 'owner') RETURNING id`,
      )
    ).rows as { id: number }[];
    for (let i = 1; i <= 6; i++) {
      await audit.record({ actorId, action: 'contest.update', targetType: 'contest', targetId: i, before: { name: `old ${i}` }, after: { name: `new ${i}` } });
    }
    ids = (await db.pool.query(`SELECT id::text AS id FROM admin_audit_log ORDER BY id`)).rows.map((r: { id: string }) => r.id);
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should store SHA-256 of the previous digest and the canonical content, from an empty start', async () => {
    const { rows } = await db.pool.query(`SELECT digest, admin_audit_log_content(a) AS content FROM admin_audit_log a ORDER BY id`);
    let previous: Buffer = Buffer.alloc(0);
    for (const row of rows as { digest: Buffer; content: string }[]) {
      expect(row.digest).toEqual(createHash('sha256').update(previous).update(row.content).digest());
      previous = row.digest;
    }
    expect(JSON.parse((rows as { content: string }[])[0].content)).toEqual([
      Number(ids[0]),
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      expect.any(Number),
      'chainer',
      'chainer@example.com',
      'contest.update',
      'contest',
      1,
      { name: 'old 1' },
      { name: 'new 1' },
    ]);
  });

  it('should keep the chain when the rows are copied, digests and all, with the triggers off (a restore)', async () => {
    const copy = await createTestDatabase();
    const copyDs = await new DataSource(dataSourceOptions(copy.url, 1)).initialize();
    try {
      const repo = new BackupRepository(copyDs);
      const table = (await repo.tables()).find((t) => t.name === 'admin_audit_log')!;
      const columns = table.columns.map((c) => `"${c.name}"::text`).join(', ');
      const rows = (await db.pool.query(`SELECT ARRAY[${columns}]::text[] AS r FROM admin_audit_log`)).rows.map((r: { r: (string | null)[] }) => r.r);
      // The restore's own statement (BackupRepository.insertRows), with the triggers off.
      const names = table.columns.map((c) => `"${c.name}"`).join(', ');
      const values = table.columns.map((c, i) => `(e->>${i})::${c.type}`).join(', ');
      await asReplica(copy, `INSERT INTO admin_audit_log (${names}) OVERRIDING SYSTEM VALUE SELECT ${values} FROM jsonb_array_elements($1::jsonb) AS e`, [
        JSON.stringify(rows),
      ]);
      expect(await new AuditService(new AuditRepository(copyDs)).verifyChain()).toMatchObject({ intact: true, entries: ids.length });
    } finally {
      await copyDs.destroy();
      await copy.drop();
    }
  });

  it('should name the first entry changed by a superuser who switched the triggers off', async () => {
    const before = await audit.verifyChain();
    expect(before).toMatchObject({ intact: true, entries: ids.length });
    await asReplica(db, `UPDATE admin_audit_log SET after = '{"name": "forged"}' WHERE id = $1`, [ids[2]]);
    expect(await audit.verifyChain()).toEqual({ intact: false, entries: 2, head: null, first_broken_id: ids[2] });
    // Recomputing the changed entry's own digest moves the break to the next entry, it does not hide it.
    await asReplica(
      db,
      `UPDATE admin_audit_log a SET digest = sha256((SELECT digest FROM admin_audit_log WHERE id = $2) || convert_to(admin_audit_log_content(a), 'UTF8')) WHERE id = $1`,
      [ids[2], ids[1]],
    );
    expect(await audit.verifyChain()).toMatchObject({ intact: false, first_broken_id: ids[3] });
  });

  it('should name the entry after one removed, and refuse an entry slipped in with a made-up digest', async () => {
    await asReplica(db, `DELETE FROM admin_audit_log WHERE id = $1`, [ids[0]]);
    expect(await audit.verifyChain()).toMatchObject({ intact: false, entries: 0, first_broken_id: ids[1] });
    await asReplica(db, `DELETE FROM admin_audit_log`);
    expect(await audit.verifyChain()).toEqual({ intact: true, entries: 0, head: null, first_broken_id: null });
    await db.pool.query(
      `INSERT INTO admin_audit_log (actor_id, actor_username, actor_email, action, target_type, digest) VALUES (1, 'x', 'x@example.com', 'user.delete', 'user', $1)`,
      [randomBytes(32)],
    );
    expect(await audit.verifyChain()).toMatchObject({ intact: false, entries: 0 });
  });
});

describe('the audit chain migration', () => {
  it('should give the entries written before it their chain', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
    await admin.connect();
    const name = `t_chain_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = process.env.TEST_PG_ADMIN_URL!.replace(/\/postgres$/, `/${name}`);
    // One client, ended (its socket closed) before the database is dropped: a pool resolves its end
    // before its connections close, and the drop's termination of one would fail the run.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const chainAt = MIGRATION_NAMES.indexOf('AuditDigestChain1767883800000');
      expect(chainAt).toBeGreaterThan(0);
      await runMigrations(url, chainAt);
      for (let i = 1; i <= 3; i++) {
        await client.query(
          `INSERT INTO admin_audit_log (actor_id, actor_username, actor_email, action, target_type, target_id, after) VALUES (7, 'old', 'old@example.com', 'group.create', 'group', $1, $2)`,
          [i, JSON.stringify({ group_number: i })],
        );
      }
      await runMigrations(url);
      const migrated = await new DataSource(dataSourceOptions(url, 1)).initialize();
      try {
        new Transactions(migrated);
        const service = new AuditService(new AuditRepository(migrated));
        expect(await service.verifyChain()).toMatchObject({ intact: true, entries: 3 });
        // The next entry continues the chain.
        const [{ id }] = (await client.query(`INSERT INTO users (username, email, password_hash) VALUES ('later', 'later@example.com', 'x') RETURNING id`))
          .rows;
        await service.record({ actorId: id, action: 'group.update', targetType: 'group', targetId: 1, before: null, after: { is_active: false } });
        expect(await service.verifyChain()).toMatchObject({ intact: true, entries: 4 });
      } finally {
        await migrated.destroy();
      }
    } finally {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
