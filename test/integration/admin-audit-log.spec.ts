import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUDIT_MESSAGES } from '#contract/audit/messages.js';
import type { AuditLogEntry, AuditLogPage } from '#contract/audit/answers.js';
import type { Contest, ContestGroup } from '#contract/contests/answers.js';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import { call, createAccounts, daysFromNow, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { aSupportMessage } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

interface Row {
  actor_id: number;
  actor_username: string;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const future = (days: number) => daysFromNow(days).toISOString();

describe('admin audit log', () => {
  let t: TestServer;
  let admin: TestAccount;
  let contestant: TestAccount;

  const as = (method: string, path: string, body?: unknown) => call(t, method, path, admin.token, body);
  const lastId = async (): Promise<number> => Number((await t.db.pool.query('SELECT coalesce(max(id), 0) AS id FROM admin_audit_log')).rows[0].id);
  /** Runs the calls and answers the entries they wrote, oldest first. */
  const entriesOf = async (work: () => Promise<unknown>): Promise<Row[]> => {
    const from = await lastId();
    await work();
    const { rows } = await t.db.pool.query(
      'SELECT actor_id, actor_username, actor_email, action, target_type, target_id, before, after FROM admin_audit_log WHERE id > $1 ORDER BY id',
      [from],
    );
    return rows as Row[];
  };
  const by = (account: TestAccount) => ({ actor_id: account.id, actor_username: account.username, actor_email: `${account.username}@example.com` });
  const expectStatus = async (res: Promise<Response>, status: number) => {
    const answer = await res;
    expect(answer.status).toBe(status);
    return answer;
  };
  const contestFields = (c: Contest) => ({
    name: c.name,
    description: c.description,
    start_date: c.start_date,
    end_date: c.end_date,
    is_active: c.is_active,
    is_current: c.is_current,
    group_size_cap: c.group_size_cap,
    vote_challenge: c.vote_challenge,
    winners: c.winners,
    time_zone: c.time_zone,
    carry_votes: c.carry_votes,
    categories: c.categories === null ? null : c.categories.join(', '),
  });

  beforeAll(async () => {
    t = await startTestServer();
    [admin] = await createAccounts(t, 'auditor', 1, 'admin');
    [contestant] = await createAccounts(t, 'audited', 1);
  });
  afterAll(async () => {
    await t.stop();
  });

  describe('contests', () => {
    let created: Contest;

    it('should record a contest creation with its fields', async () => {
      const rows = await entriesOf(async () => {
        const res = await expectStatus(
          as('POST', '/admin/create-contest', { name: 'Audit Cup', description: 'Watched', start_date: future(1), end_date: future(9) }),
          201,
        );
        created = (await res.json()) as Contest;
      });
      expect(rows).toEqual([
        { ...by(admin), action: 'contest.create', target_type: 'contest', target_id: created.id, before: null, after: contestFields(created) },
      ]);
    });

    it('should record an update with the fields before and after', async () => {
      let updated!: Contest;
      const rows = await entriesOf(async () => {
        updated = (await (await expectStatus(as('PUT', `/admin/contests/${created.id}`, { name: 'Audit Cup II', group_size_cap: 7 }), 200)).json()) as Contest;
      });
      expect(rows).toEqual([
        {
          ...by(admin),
          action: 'contest.update',
          target_type: 'contest',
          target_id: created.id,
          before: contestFields(created),
          after: contestFields(updated),
        },
      ]);
      expect(rows[0].before).toMatchObject({ name: 'Audit Cup', group_size_cap: null });
      expect(rows[0].after).toMatchObject({ name: 'Audit Cup II', group_size_cap: 7 });
      created = updated;
    });

    it('should record nothing for an update that is refused', async () => {
      const rows = await entriesOf(async () => {
        // An end before the stored start (422), an unknown contest (404), a bad field (422).
        await expectStatus(as('PUT', `/admin/contests/${created.id}`, { end_date: future(0.5) }), 422);
        await expectStatus(as('PUT', '/admin/contests/999999', { name: 'Nobody' }), 404);
        await expectStatus(as('POST', '/admin/create-contest', { name: '', description: 'x', start_date: future(1) }), 422);
      });
      expect(rows).toEqual([]);
    });

    it('should record making a contest current, naming the contest that was current', async () => {
      const previous = await insertContest(t, { name: 'Old Current', isCurrent: true });
      const rows = await entriesOf(() => expectStatus(as('PUT', `/admin/contests/${created.id}`, { is_current: true }), 200));
      expect(rows).toEqual([
        {
          ...by(admin),
          action: 'contest.set_current',
          target_type: 'contest',
          target_id: created.id,
          before: { ...contestFields(created), is_current: false, current_contest_id: previous },
          after: { ...contestFields(created), is_current: true, current_contest_id: created.id },
        },
      ]);
    });

    it('should record a deletion with the fields the contest had, and nothing for an unknown one', async () => {
      const doomed = await insertContest(t, { name: 'Doomed' });
      const rows = await entriesOf(async () => {
        await expectStatus(as('DELETE', `/admin/contests/${doomed}`), 200);
        await expectStatus(as('DELETE', `/admin/contests/${doomed}`), 404);
      });
      expect(rows).toEqual([
        {
          ...by(admin),
          action: 'contest.delete',
          target_type: 'contest',
          target_id: doomed,
          before: expect.objectContaining({ name: 'Doomed', is_current: false }),
          after: null,
        },
      ]);
    });
  });

  describe('groups and entries', () => {
    let contestId: number;

    beforeAll(async () => {
      contestId = await insertContest(t, { name: 'Group Cup' });
    });

    it('should record a group creation, and nothing for an unknown contest', async () => {
      let group!: ContestGroup;
      const rows = await entriesOf(async () => {
        group = (await (await expectStatus(as('POST', `/admin/contests/${contestId}/groups`), 201)).json()) as ContestGroup;
        await expectStatus(as('POST', '/admin/contests/999999/groups'), 404);
      });
      expect(rows).toEqual([
        {
          ...by(admin),
          action: 'group.create',
          target_type: 'group',
          target_id: group.id,
          before: null,
          after: { contest_id: contestId, group_number: 1, is_active: true },
        },
      ]);
    });

    it('should record switching a group off', async () => {
      const group = (await t.db.pool.query('SELECT id FROM groups WHERE contest_id = $1', [contestId])).rows[0].id as number;
      const rows = await entriesOf(async () => {
        await expectStatus(as('PUT', `/admin/groups/${group}`, { is_active: false }), 200);
        await expectStatus(as('PUT', `/admin/groups/${group}`, { is_active: 'no' }), 422);
      });
      expect(rows).toEqual([
        {
          ...by(admin),
          action: 'group.update',
          target_type: 'group',
          target_id: group,
          before: { contest_id: contestId, group_number: 1, is_active: true },
          after: { contest_id: contestId, group_number: 1, is_active: false },
        },
      ]);
      await expectStatus(as('PUT', `/admin/groups/${group}`, { is_active: true }), 200);
    });

    it('should record an elimination, and nothing for the refused way back', async () => {
      expect((await join(t, contestant, contestId)).status).toBe(201);
      const entry = (await t.db.pool.query('SELECT id, group_id FROM contest_entries WHERE user_id = $1', [contestant.id])).rows[0] as {
        id: number;
        group_id: number;
      };
      const rows = await entriesOf(async () => {
        await expectStatus(as('PUT', `/contestants/contestant-entries/${entry.id}`, { is_eliminated: false }), 409);
        await expectStatus(as('PUT', `/contestants/contestant-entries/${entry.id}`, { is_eliminated: true }), 200);
        await expectStatus(as('PUT', '/contestants/contestant-entries/999999', { is_eliminated: true }), 404);
      });
      const context = { username: contestant.username, contest_id: contestId, group_id: entry.group_id };
      expect(rows).toEqual([
        {
          ...by(admin),
          action: 'entry.eliminate',
          target_type: 'entry',
          target_id: entry.id,
          before: { ...context, is_eliminated: false },
          after: { ...context, is_eliminated: true },
        },
      ]);
    });
  });

  describe('users and support messages', () => {
    it('should record a user deletion without the account’s e-mail or password, and nothing for a refused one', async () => {
      const [victim] = await createAccounts(t, 'victim', 1);
      const rows = await entriesOf(async () => {
        await expectStatus(as('DELETE', `/users/${admin.id}`), 400);
        await expectStatus(as('DELETE', `/users/${victim.id}`), 200);
        await expectStatus(as('DELETE', `/users/${victim.id}`), 404);
      });
      expect(rows).toEqual([
        {
          ...by(admin),
          action: 'user.delete',
          target_type: 'user',
          target_id: victim.id,
          before: { username: victim.username, is_superuser: false, staff_role: null, is_competitor: true },
          after: null,
        },
      ]);
      expect(JSON.stringify(rows)).not.toMatch(/victim_1@example\.com|hash-victim/);
    });

    it('should record a support message’s status change, and nothing for a refused one', async () => {
      const { id } = await aSupportMessage(t.db, { topic: 'other', name: 'Ann', email: 'ann@example.com', message: 'Hello' });
      const rows = await entriesOf(async () => {
        await expectStatus(as('PUT', `/admin/support-messages/${id}`, { status: 'closed' }), 422);
        await expectStatus(as('PUT', '/admin/support-messages/999999', { status: 'handled' }), 404);
        await expectStatus(as('PUT', `/admin/support-messages/${id}`, { status: 'handled' }), 200);
      });
      expect(rows).toEqual([
        {
          ...by(admin),
          action: 'support_message.status',
          target_type: 'support_message',
          target_id: id,
          before: { status: 'open' },
          after: { status: 'handled' },
        },
      ]);
    });
  });

  describe('the log itself', () => {
    it('should keep an admin’s entries readable after that admin is deleted', async () => {
      const [gone] = await createAccounts(t, 'gone_admin', 1, 'admin');
      const contest = await insertContest(t, { name: 'Left Behind' });
      await expectStatus(call(t, 'PUT', `/admin/contests/${contest}`, gone.token, { is_active: false }), 200);
      await expectStatus(as('DELETE', `/users/${gone.id}`), 200);
      const page = (await (await expectStatus(as('GET', '/admin/audit-log'), 200)).json()) as AuditLogPage;
      const [deletion, update] = page.items;
      expect(deletion).toMatchObject({ action: 'user.delete', target_id: gone.id, actor: { id: admin.id, username: admin.username } });
      expect(update).toMatchObject({
        action: 'contest.update',
        target_type: 'contest',
        target_id: contest,
        actor: { id: gone.id, username: gone.username, email: `${gone.username}@example.com` },
        before: expect.objectContaining({ is_active: true }),
        after: expect.objectContaining({ is_active: false }),
      });
    });

    it('should refuse, in the database, to change or remove an entry', async () => {
      const entries = await lastId();
      expect(entries).toBeGreaterThan(0);
      for (const statement of [`UPDATE admin_audit_log SET actor_username = 'someone_else'`, 'DELETE FROM admin_audit_log', 'TRUNCATE admin_audit_log']) {
        await expect(t.db.pool.query(statement)).rejects.toThrow(/admin_audit_log is append-only/);
      }
      expect((await t.db.pool.query(`SELECT count(*)::int AS n FROM admin_audit_log WHERE actor_username = 'someone_else'`)).rows[0].n).toBe(0);
      expect(await lastId()).toBe(entries);
    });

    it('should offer no route that changes or removes entries', async () => {
      for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
        expect((await as(method, '/admin/audit-log', {})).status).toBe(404);
        expect((await as(method, '/admin/audit-log/1', {})).status).toBe(404);
      }
    });

    it('should page newest first, 20 a page, with the total, and filter by action', async () => {
      const total = Number((await t.db.pool.query('SELECT count(*) AS n FROM admin_audit_log')).rows[0].n);
      const ids = (await t.db.pool.query('SELECT id::text FROM admin_audit_log ORDER BY created_at DESC, id DESC')).rows.map((r: { id: string }) => r.id);
      for (let i = total; i < 23; i++)
        await expectStatus(as('POST', '/admin/create-contest', { name: `Filler ${i}`, description: 'x', start_date: future(1) }), 201);
      const all = (await t.db.pool.query('SELECT id::text FROM admin_audit_log ORDER BY created_at DESC, id DESC')).rows.map((r: { id: string }) => r.id);
      expect(all.slice(all.length - ids.length)).toEqual(ids);
      const first = await expectStatus(as('GET', '/admin/audit-log'), 200);
      expect(first.headers.get('x-total-count')).toBe(String(all.length));
      const one = (await first.json()) as AuditLogPage;
      expect({ ...one, items: one.items.map((e) => e.id) }).toEqual({ items: all.slice(0, 20), total: all.length, page: 1, page_size: 20 });
      const two = (await (await expectStatus(as('GET', '/admin/audit-log?page=2'), 200)).json()) as AuditLogPage;
      expect(two.items.map((e) => e.id)).toEqual(all.slice(20, 40));
      const deletions = (await (await expectStatus(as('GET', '/admin/audit-log?action=contest.delete'), 200)).json()) as AuditLogPage;
      expect(deletions.items.map((e: AuditLogEntry) => e.action)).toEqual(['contest.delete']);
      expect(deletions.total).toBe(1);
    });

    it('should refuse a bad page or action with 422', async () => {
      for (const query of ['page=0', 'page=abc', 'page=1.5', 'action=contest.hack']) {
        const res = await expectStatus(as('GET', `/admin/audit-log?${query}`), 422);
        const { detail } = (await res.json()) as { detail: { msg: string }[] };
        expect([AUDIT_MESSAGES.badPage, AUDIT_MESSAGES.unknownAction]).toContain(detail[0].msg);
      }
    });

    it('should answer 401 without a token and 403 to a contestant', async () => {
      const anonymous = await call(t, 'GET', '/admin/audit-log', null);
      expect({ status: anonymous.status, body: await anonymous.json() }).toEqual({ status: 401, body: { detail: AUTH_GUARD_MESSAGES.notAuthenticated } });
      const refused = await call(t, 'GET', '/admin/audit-log', contestant.token);
      expect({ status: refused.status, body: await refused.json() }).toEqual({ status: 403, body: { detail: AUTH_GUARD_MESSAGES.superuserRequired } });
    });

    it('should record nothing for a contestant’s refused admin call', async () => {
      const contest = await insertContest(t, { name: 'Not Yours' });
      const rows = await entriesOf(async () => {
        await expectStatus(call(t, 'PUT', `/admin/contests/${contest}`, contestant.token, { name: 'Mine' }), 403);
        await expectStatus(call(t, 'DELETE', `/admin/contests/${contest}`, null), 401);
      });
      expect(rows).toEqual([]);
    });
  });
});
