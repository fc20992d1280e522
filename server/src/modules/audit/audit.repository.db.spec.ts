import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { aContest, aGroup, anEntry, aUser } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { AuditRepository } from './audit.repository.js';
import type { AuditRecord } from './audit.types.js';

describe(AuditRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let audit: AuditRepository;
  let actor: { id: number; username: string };

  const entry = (fields: Partial<AuditRecord> = {}): AuditRecord => ({
    actorId: actor.id,
    action: 'group.update',
    targetType: 'group',
    targetId: 3,
    before: { name: 'Group 3' },
    after: { name: 'Night Owls' },
    ...fields,
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    audit = new AuditRepository(ds);
    actor = await aUser(db, { username: 'Keeper', email: 'keeper@example.com', is_superuser: true });
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it("should append an entry with a copy of the actor's username and e-mail, and nothing for an actor that does not exist", async () => {
    expect(await audit.insert(entry())).toBe(true);
    expect(await audit.insert(entry({ actorId: 987_654 }))).toBe(false);
    expect(await audit.insert(entry({ action: 'contest.create', targetType: 'contest', targetId: null, before: null, after: { name: 'Cup' } }))).toBe(true);

    const { rows } = await db.pool.query(
      'SELECT actor_id, actor_username, actor_email, action, target_type, target_id, before, after FROM admin_audit_log ORDER BY id',
    );
    expect(rows).toEqual([
      {
        actor_id: actor.id,
        actor_username: 'Keeper',
        actor_email: 'keeper@example.com',
        action: 'group.update',
        target_type: 'group',
        target_id: 3,
        before: { name: 'Group 3' },
        after: { name: 'Night Owls' },
      },
      {
        actor_id: actor.id,
        actor_username: 'Keeper',
        actor_email: 'keeper@example.com',
        action: 'contest.create',
        target_type: 'contest',
        target_id: null,
        before: null,
        after: { name: 'Cup' },
      },
    ]);
  });

  it('should refuse to change or remove an entry (the log is append-only)', async () => {
    for (const statement of [`UPDATE admin_audit_log SET action = 'contest.delete'`, 'DELETE FROM admin_audit_log']) {
      await expect(db.pool.query(statement)).rejects.toThrow(/admin_audit_log is append-only/);
    }
  });

  it('should read the chain after an id, oldest first, each digest SHA-256 of the one before and the canonical content', async () => {
    await audit.insert(entry({ targetId: 4 }));
    const links = await audit.chainAfter('0', 10);
    const ids = (await db.pool.query('SELECT id::text AS id FROM admin_audit_log ORDER BY id')).rows.map((r: { id: string }) => r.id);
    expect(links.map((l) => l.id)).toEqual(ids);
    expect(ids).toHaveLength(3);

    let previous: Buffer = Buffer.alloc(0);
    for (const link of links) {
      expect(link.digest).toEqual(createHash('sha256').update(previous).update(link.content, 'utf8').digest());
      previous = link.digest!;
    }
    expect(JSON.parse(links[0].content)).toEqual([
      Number(ids[0]),
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
      actor.id,
      'Keeper',
      'keeper@example.com',
      'group.update',
      'group',
      3,
      { name: 'Group 3' },
      { name: 'Night Owls' },
    ]);

    expect((await audit.chainAfter(ids[0], 1)).map((l) => l.id)).toEqual([ids[1]]);
    expect(await audit.chainAfter(ids[2], 10)).toEqual([]);
  });

  it('should page newest first with the total, filtered by action when asked', async () => {
    const [all, total] = await audit.page(0, 2);
    expect(total).toBe(3);
    expect(all.map((r) => [r.action, r.target_id])).toEqual([
      ['group.update', 4],
      ['contest.create', null],
    ]);
    expect(all[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      created_at: expect.any(Date),
      actor_id: actor.id,
      actor_username: 'Keeper',
      actor_email: 'keeper@example.com',
      action: 'group.update',
      target_type: 'group',
      target_id: 4,
      before: { name: 'Group 3' },
      after: { name: 'Night Owls' },
    });

    const [rest] = await audit.page(2, 2);
    expect(rest.map((r) => r.target_id)).toEqual([3]);

    const [updates, matching] = await audit.page(0, 20, 'group.update');
    expect(matching).toBe(2);
    expect(updates.map((r) => r.target_id)).toEqual([4, 3]);
    expect(await audit.page(0, 20, 'votes.void')).toEqual([[], 0]);
  });

  it("should name contest entries by their contestant's name, or username without one, and leave out entries that are gone", async () => {
    const contest = await aContest(db);
    const group = await aGroup(db, contest.id);
    const named = await anEntry(db, { contestId: contest.id, groupId: group.id }, { username: 'Mira' });
    const unnamed = await anEntry(db, { contestId: contest.id, groupId: group.id }, { username: 'Nameless' });
    await db.pool.query(`UPDATE users SET first_name = 'Mira', last_name = 'Vale' WHERE id = $1`, [named.userId]);
    await db.pool.query(`UPDATE users SET first_name = '', last_name = '' WHERE id = $1`, [unnamed.userId]);

    const names = await audit.entryNames([named.entryId, unnamed.entryId, 987_654]);
    expect([...names.entries()].sort(([a], [b]) => a - b)).toEqual([
      [named.entryId, 'Mira Vale'],
      [unnamed.entryId, 'Nameless'],
    ]);
    expect(await audit.entryNames([])).toEqual(new Map());
  });
});
