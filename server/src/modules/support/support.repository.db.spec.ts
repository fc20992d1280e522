import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aUser } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { SupportRepository } from './support.repository.js';

describe(SupportRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let support: SupportRepository;
  let ids: { visitor: number; member: number; billing: number };
  let member: { id: number; username: string };

  const handledAt = async (id: number) =>
    (await db.pool.query('SELECT handled_at FROM support_messages WHERE id = $1', [id])).rows[0].handled_at as Date | null;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    support = new SupportRepository(ds);
    member = await aUser(db, { username: 'Mira' });
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should store messages open, with the signed-in sender when there is one, and answer their ids', async () => {
    ids = {
      visitor: await support.insert({ topic: 'technical', name: 'Visitor', email: 'visitor@example.com', message: 'The page is blank.' }, null),
      member: await support.insert({ topic: 'account', name: 'Mira', email: 'mira@example.com', message: 'I cannot sign in.' }, member.id),
      billing: await support.insert({ topic: 'billing', name: 'Payer', email: 'payer@example.com', message: 'Charged twice.' }, null),
    };
    expect(ids.member).toBeGreaterThan(ids.visitor);
    const { rows } = await db.pool.query('SELECT id, topic, name, email, message, status, user_id, handled_at FROM support_messages ORDER BY id');
    expect(rows).toEqual([
      {
        id: ids.visitor,
        topic: 'technical',
        name: 'Visitor',
        email: 'visitor@example.com',
        message: 'The page is blank.',
        status: 'open',
        user_id: null,
        handled_at: null,
      },
      {
        id: ids.member,
        topic: 'account',
        name: 'Mira',
        email: 'mira@example.com',
        message: 'I cannot sign in.',
        status: 'open',
        user_id: member.id,
        handled_at: null,
      },
      {
        id: ids.billing,
        topic: 'billing',
        name: 'Payer',
        email: 'payer@example.com',
        message: 'Charged twice.',
        status: 'open',
        user_id: null,
        handled_at: null,
      },
    ]);
  });

  it('should answer one message as the inbox shows it, with the username of its sender, and null for none', async () => {
    expect(await support.get(ids.member)).toEqual({
      id: ids.member,
      topic: 'account',
      name: 'Mira',
      email: 'mira@example.com',
      message: 'I cannot sign in.',
      status: 'open',
      user_id: member.id,
      username: 'Mira',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      handled_at: null,
    });
    expect((await support.get(ids.visitor))?.username).toBeNull();
    expect(await support.get(987_654)).toBeNull();
  });

  it('should mark a message handled (keeping when it was first handled) and open again, false for none', async () => {
    expect(await support.setStatus(ids.billing, 'handled')).toBe(true);
    const first = await handledAt(ids.billing);
    expect(first).toBeInstanceOf(Date);
    expect(await support.setStatus(ids.billing, 'handled')).toBe(true);
    expect(await handledAt(ids.billing)).toEqual(first);
    expect((await support.get(ids.billing))?.handled_at).toBe(first!.toISOString());

    expect(await support.setStatus(ids.member, 'handled')).toBe(true);
    expect(await support.setStatus(ids.member, 'open')).toBe(true);
    expect(await handledAt(ids.member)).toBeNull();
    expect(await support.lockStatus(ids.member)).toBe('open');
    expect(await support.lockStatus(ids.billing)).toBe('handled');

    expect(await support.setStatus(987_654, 'handled')).toBe(false);
    expect(await support.lockStatus(987_654)).toBeNull();
  });

  it('should page newest first (ties by id) and count what the filters match beside every open message', async () => {
    // One moment for all three: the order falls back on the id.
    await db.pool.query(`UPDATE support_messages SET created_at = '2026-11-28T10:00:00Z'`);
    expect((await support.page({}, 0, 10)).map((m) => m.id)).toEqual([ids.billing, ids.member, ids.visitor]);
    expect((await support.page({}, 1, 1)).map((m) => m.id)).toEqual([ids.member]);
    expect((await support.page({ status: 'open' }, 0, 10)).map((m) => m.id)).toEqual([ids.member, ids.visitor]);
    expect((await support.page({ topic: 'billing', status: 'handled' }, 0, 10)).map((m) => m.id)).toEqual([ids.billing]);
    expect(await support.page({ topic: 'other' }, 0, 10)).toEqual([]);

    expect(await support.counts({})).toEqual({ total: 3, open: 2 });
    expect(await support.counts({ topic: 'billing' })).toEqual({ total: 1, open: 2 });
    expect(await support.counts({ topic: 'technical', status: 'handled' })).toEqual({ total: 0, open: 2 });
    expect(await support.openCount()).toBe(2);
  });

  it('should keep a message when its sender account is deleted, without the link', async () => {
    await db.pool.query('DELETE FROM users WHERE id = $1', [member.id]);
    expect(await support.get(ids.member)).toMatchObject({ id: ids.member, user_id: null, username: null });
  });
});
