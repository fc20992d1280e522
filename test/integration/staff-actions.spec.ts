// What each staff role does, end to end: a moderator reviews and voids votes and answers the support
// inbox but is refused payments, jobs, roles and contest editing; an organizer edits contests but cannot
// grant roles or see payments; every action is in the audit log under the account that took it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuditLogPage } from '#contract/audit/answers.js';
import { STAFF_MESSAGES } from '#contract/staff/messages.js';
import { call, createAccounts, daysFromNow, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { aSupportMessage, aVote } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

describe('staff actions by role', () => {
  let t: TestServer;
  let owner: TestAccount;
  let organizer: TestAccount;
  let moderator: TestAccount;
  let entrant: TestAccount;
  let contestId: number;
  let entryId: number;
  let messageId: number;

  const as = (account: TestAccount, method: string, path: string, body?: unknown) => call(t, method, path, account.token, body);
  const refused = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });
  const permissionRequired = { status: 403, body: { detail: STAFF_MESSAGES.permissionRequired } };

  beforeAll(async () => {
    t = await startTestServer();
    [owner] = await createAccounts(t, 'acts_owner', 1, 'admin');
    [organizer] = await createAccounts(t, 'acts_organizer', 1, 'organizer');
    [moderator] = await createAccounts(t, 'acts_moderator', 1, 'moderator');
    [entrant] = await createAccounts(t, 'acts_entrant', 1);
    contestId = await insertContest(t, { name: 'Roles Cup' });
    expect((await join(t, entrant, contestId)).status).toBe(201);
    entryId = (await t.db.pool.query('SELECT id FROM contest_entries WHERE user_id = $1', [entrant.id])).rows[0].id;
    messageId = (await aSupportMessage(t.db, { topic: 'other', name: 'Fan', email: 'fan@example.com', message: 'Where do I vote for my favourite?' })).id;
  });
  afterAll(async () => {
    await t.stop();
  });

  it('should let a moderator review and void votes and handle a support message, and refuse it the rest', async () => {
    // One free vote, counted on the entry and the profile as intake counts it.
    await aVote(t.db, entryId, { created_at: new Date(Date.now() - 60_000) });
    await t.db.pool.query('UPDATE contest_entries SET current_contest_votes = current_contest_votes + 1 WHERE id = $1', [entryId]);
    await t.db.pool.query('UPDATE contestant_profiles SET total_votes = total_votes + 1 WHERE id = $1', [entrant.profileId]);
    expect((await as(moderator, 'GET', `/admin/vote-review?contest_id=${contestId}`)).status).toBe(200);
    const voided = await as(moderator, 'POST', '/admin/vote-review/void', {
      entry_id: entryId,
      from: new Date(Date.now() - 3_600_000).toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
      reason: 'Voided by the moderator',
    });
    expect(voided.status).toBe(200);
    expect(await voided.json()).toMatchObject({ removed: 1 });
    expect((await as(moderator, 'PUT', `/admin/support-messages/${messageId}`, { status: 'handled' })).status).toBe(200);

    expect(await refused(await as(moderator, 'GET', '/admin/payments'))).toEqual(permissionRequired);
    expect(await refused(await as(moderator, 'GET', '/admin/jobs'))).toEqual(permissionRequired);
    expect(await refused(await as(moderator, 'PUT', `/admin/staff/${entrant.username}`, { role: 'moderator' }))).toEqual(permissionRequired);
    expect(await refused(await as(moderator, 'PUT', `/admin/contests/${contestId}`, { name: 'Taken over' }))).toEqual(permissionRequired);
  });

  it('should let an organizer edit contests, and refuse it roles and payments', async () => {
    const created = await as(organizer, 'POST', '/admin/create-contest', {
      name: 'Organized Cup',
      description: 'By the organizer',
      start_date: daysFromNow(2).toISOString(),
    });
    expect(created.status).toBe(201);
    expect((await as(organizer, 'PUT', `/admin/contests/${contestId}`, { description: 'Edited by the organizer' })).status).toBe(200);

    expect(await refused(await as(organizer, 'PUT', `/admin/staff/${moderator.username}`, { role: 'owner' }))).toEqual(permissionRequired);
    expect(await refused(await as(organizer, 'GET', '/admin/payments/reconciliation'))).toEqual(permissionRequired);
    expect(
      await refused(
        await as(organizer, 'POST', '/admin/vote-review/void', {
          entry_id: entryId,
          from: new Date(0).toISOString(),
          to: new Date().toISOString(),
          reason: 'Not mine to void',
        }),
      ),
    ).toEqual(permissionRequired);
  });

  it('should record each action in the audit log under the account that took it', async () => {
    const res = await as(owner, 'GET', '/admin/audit-log?page=1');
    expect(res.status).toBe(200);
    const byAction = new Map(((await res.json()) as AuditLogPage).items.map((entry) => [entry.action, entry.actor.username]));
    expect(Object.fromEntries(byAction)).toEqual({
      'votes.void': moderator.username,
      'support_message.status': moderator.username,
      'contest.create': organizer.username,
      'contest.update': organizer.username,
    });
  });
});
