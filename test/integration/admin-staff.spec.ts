import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuditLogPage } from '#contract/audit/answers.js';
import type { CurrentUser } from '#contract/auth/answers.js';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import type { StaffList, StaffMember } from '#contract/staff/answers.js';
import { STAFF_MESSAGES } from '#contract/staff/messages.js';
import { hashPassword } from '#server/modules/auth/password.js';
import { decodeJwt, loginForm } from '../helpers/accounts.js';
import { call, createAccounts, signToken, type TestAccount } from '../helpers/contest-fixtures.js';
import { aUser } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

// The staff page's calls: an owner grants, changes and revokes roles; each change is in the audit log with
// its actor and takes effect on the account's very next call, whatever its token says.
describe('staff roles', () => {
  let t: TestServer;
  let owner: TestAccount;
  /** A verified account that is not a contestant, and its token from before it held any role. */
  let rae: TestAccount;

  const as = (account: TestAccount, method: string, path: string, body?: unknown) => call(t, method, path, account.token, body);
  const setRole = (username: string, role: unknown, by: TestAccount = owner) => as(by, 'PUT', `/admin/staff/${username}`, { role });
  const answer = async (res: Response) => ({ status: res.status, body: await res.json() });
  const staffRoleOf = async (id: number) => (await t.db.pool.query('SELECT is_superuser, staff_role FROM users WHERE id = $1', [id])).rows[0];

  beforeAll(async () => {
    t = await startTestServer();
    [owner] = await createAccounts(t, 'staff_owner', 1, 'admin');
    const row = await aUser(t.db, { username: 'Rae.Star', first_name: 'Rae', last_name: 'Star', is_verified: true, is_competitor: false });
    rae = { id: row.id, username: row.username, profileId: null, token: signToken(t, row) };
  });
  afterAll(async () => {
    await t.stop();
  });

  it('should grant a role and answer the member; the account is staff on its very next call with the token it already had', async () => {
    // Before: not staff.
    expect(await answer(await as(rae, 'GET', '/admin/all-contests'))).toEqual({ status: 403, body: { detail: AUTH_GUARD_MESSAGES.superuserRequired } });
    const res = await setRole('rae.star', 'moderator');
    expect(res.status).toBe(200);
    expect((await res.json()) as StaffMember).toEqual({
      id: rae.id,
      username: 'Rae.Star',
      email: 'rae.star@example.com',
      first_name: 'Rae',
      last_name: 'Star',
      staff_role: 'moderator',
      two_factor: false,
      last_login_at: null,
    });
    expect(await staffRoleOf(rae.id)).toEqual({ is_superuser: true, staff_role: 'moderator' });
    // The token was signed before the grant, and says nothing of a role: the guard reads the database.
    expect((await as(rae, 'GET', '/admin/vote-review')).status).toBe(200);
    expect(await answer(await as(rae, 'PUT', '/admin/contests/1', { is_active: true }))).toEqual({
      status: 403,
      body: { detail: STAFF_MESSAGES.permissionRequired },
    });
    const me = (await (await as(rae, 'GET', '/users/me')).json()) as CurrentUser;
    expect(me).toMatchObject({ is_superuser: true, staff_role: 'moderator' });
  });

  it('should list the staff, owners first, with their roles', async () => {
    const res = await as(owner, 'GET', '/admin/staff');
    expect(res.status).toBe(200);
    const list = (await res.json()) as StaffList;
    expect(list.items.map((m) => [m.username, m.staff_role])).toEqual([
      [owner.username, 'owner'],
      ['Rae.Star', 'moderator'],
    ]);
    expect(list.items[0]).toEqual({
      id: owner.id,
      username: owner.username,
      email: `${owner.username}@example.com`,
      first_name: 'First1',
      last_name: 'Last1',
      staff_role: 'owner',
      two_factor: false,
      last_login_at: null,
    });
  });

  it('should change a role, and the account has the new role’s permissions at once', async () => {
    expect(await answer(await setRole('Rae.Star', 'organizer'))).toMatchObject({ status: 200, body: { username: 'Rae.Star', staff_role: 'organizer' } });
    expect(await answer(await as(rae, 'GET', '/admin/vote-review'))).toEqual({ status: 403, body: { detail: STAFF_MESSAGES.permissionRequired } });
    expect(
      (await as(rae, 'POST', '/admin/create-contest', { name: 'Rae Cup', description: 'By an organizer', start_date: '2030-01-01T00:00:00Z' })).status,
    ).toBe(201);
    // An organizer does not hand out roles.
    expect(await answer(await setRole(owner.username, null, rae))).toEqual({ status: 403, body: { detail: STAFF_MESSAGES.permissionRequired } });
  });

  it('should sign a staff account in with its role in the token, and the staff list shows when it last signed in', async () => {
    const lastLogins = async () =>
      Object.fromEntries(((await (await as(owner, 'GET', '/admin/staff')).json()) as StaffList).items.map((m) => [m.username, m.last_login_at]));
    expect(await lastLogins()).toEqual({ [owner.username]: null, 'Rae.Star': null });
    const password = 'staff-password-1';
    await t.db.pool.query('UPDATE users SET password_hash = $1 WHERE id = $2', [await hashPassword(password), rae.id]);
    // A wrong password is no sign-in.
    expect((await fetch(`${t.api}/auth/login`, { method: 'POST', body: loginForm('Rae.Star', 'not-the-password') })).status).toBe(400);
    expect(await lastLogins()).toEqual({ [owner.username]: null, 'Rae.Star': null });

    const before = Date.now();
    const res = await fetch(`${t.api}/auth/login`, { method: 'POST', body: loginForm('Rae.Star', password) });
    expect(res.status).toBe(200);
    const { access_token } = (await res.json()) as { access_token: string };
    expect(decodeJwt(access_token)).toMatchObject({ sub: 'Rae.Star', is_superuser: true, staff_role: 'organizer' });
    rae = { ...rae, token: access_token };

    // Rae's sign-in, as an ISO timestamp of the server's (this machine's) clock, a second's slack either way;
    // the owner, whose token was never signed by a sign-in, has none.
    const after = await lastLogins();
    expect(after).toEqual({ [owner.username]: null, 'Rae.Star': expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
    const at = Date.parse(after['Rae.Star']!);
    expect(at).toBeGreaterThanOrEqual(before - 1_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1_000);
  });

  it('should revoke a role: the account’s next call is refused, even with the token that names its old role', async () => {
    expect(await answer(await setRole('Rae.Star', null))).toMatchObject({ status: 200, body: { id: rae.id, staff_role: null } });
    expect(await staffRoleOf(rae.id)).toEqual({ is_superuser: false, staff_role: null });
    expect(await answer(await as(rae, 'GET', '/admin/all-contests'))).toEqual({ status: 403, body: { detail: AUTH_GUARD_MESSAGES.superuserRequired } });
    await expect((await as(owner, 'GET', '/admin/staff')).json()).resolves.toEqual({ items: [expect.objectContaining({ username: owner.username })] });
  });

  it('should record each grant, change and revoke with its actor and the role before and after', async () => {
    const res = await as(owner, 'GET', '/admin/audit-log?action=user.staff_role');
    expect(res.status).toBe(200);
    const page = (await res.json()) as AuditLogPage;
    const actor = { id: owner.id, username: owner.username, email: `${owner.username}@example.com` };
    const entry = (before: string | null, after: string | null) =>
      expect.objectContaining({
        actor,
        action: 'user.staff_role',
        target_type: 'user',
        target_id: rae.id,
        before: { username: 'Rae.Star', staff_role: before },
        after: { username: 'Rae.Star', staff_role: after },
      });
    // Newest first.
    expect(page.items).toEqual([entry('organizer', null), entry('moderator', 'organizer'), entry(null, 'moderator')]);
  });

  it('should refuse to take the last owner’s role away, and let it go once there is another owner', async () => {
    for (const role of ['organizer', 'moderator', null]) {
      expect(await answer(await setRole(owner.username, role))).toEqual({ status: 409, body: { detail: STAFF_MESSAGES.lastOwner } });
    }
    expect(await staffRoleOf(owner.id)).toEqual({ is_superuser: true, staff_role: 'owner' });
    expect((await setRole('Rae.Star', 'owner')).status).toBe(200);
    expect(await answer(await setRole(owner.username, 'organizer'))).toMatchObject({ status: 200, body: { staff_role: 'organizer' } });
    // The former owner may no longer hand out roles; the new one may, and restores the first.
    expect((await setRole('Rae.Star', null)).status).toBe(403);
    expect((await setRole(owner.username, 'owner', rae)).status).toBe(200);
    expect((await setRole('Rae.Star', null)).status).toBe(200);
  });

  it('should refuse a role for a contestant or an unverified account, changing nothing and recording nothing', async () => {
    const [contestant] = await createAccounts(t, 'staff_fan', 1);
    const [unverified] = await createAccounts(t, 'staff_new', 1, 'unverified');
    const entries = async () => (await t.db.pool.query(`SELECT count(*)::int AS n FROM admin_audit_log WHERE action = 'user.staff_role'`)).rows[0].n;
    const before = await entries();
    for (const role of ['owner', 'organizer', 'moderator']) {
      expect(await answer(await setRole(contestant.username, role))).toEqual({ status: 409, body: { detail: STAFF_MESSAGES.contestant } });
    }
    const plain = await aUser(t.db, { username: 'staff_unverified', is_verified: false, is_competitor: false });
    expect(await answer(await setRole(plain.username, 'moderator'))).toEqual({ status: 409, body: { detail: STAFF_MESSAGES.notVerified } });
    expect(await answer(await setRole(unverified.username, 'moderator'))).toMatchObject({ status: 409 });
    for (const id of [contestant.id, unverified.id, plain.id]) expect(await staffRoleOf(id)).toEqual({ is_superuser: false, staff_role: null });
    expect(await entries()).toBe(before);
  });

  it('should answer 404 for an unknown username, and 422 for a role that is not one', async () => {
    expect(await answer(await setRole('nobody_at_all', 'moderator'))).toEqual({ status: 404, body: { detail: STAFF_MESSAGES.userNotFound } });
    expect(await answer(await setRole('not a username!', 'moderator'))).toEqual({ status: 404, body: { detail: STAFF_MESSAGES.userNotFound } });
    for (const body of [{ role: 'superuser' }, { role: 'Owner' }, {}, { role: 1 }]) {
      const res = await as(owner, 'PUT', `/admin/staff/${rae.username}`, body);
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
      expect(((await res.json()) as { detail: { msg: string }[] }).detail[0].msg).toBe(STAFF_MESSAGES.roleInvalid);
    }
  });
});
