import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
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
      await db.pool.query(`INSERT INTO users (username, email, password_hash, is_superuser) VALUES ('keeper', 'keeper@example.com', 'x', true) RETURNING id`)
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

  it('should page newest first', async () => {
    const page = await audit.page({ page: 1 });
    expect(page).toMatchObject({ total: 1, page: 1, page_size: 20 });
    expect(page.items.map((e) => [e.action, e.actor.username, e.after])).toEqual([['group.update', 'keeper', { text: 'kept' }]]);
  });
});
