import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import { STAFF_MESSAGES } from '#contract/staff/messages.js';
import { call, createAccounts, daysFromNow, insertContest, join, signToken, type TestAccount } from '../helpers/contest-fixtures.js';
import { aSupportMessage, aUser } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

type Role = 'owner' | 'organizer' | 'moderator';
const ROLES: readonly Role[] = ['owner', 'organizer', 'moderator'];

/** Refused: a staff account whose role lacks the call's permission. */
const NO = 403;

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** OpenAPI form, as listed in /api/docs-json. */
  path: string;
  /** The concrete path for a role's call, made once the fixtures exist. */
  url: (role: Role) => string;
  body?: unknown;
  /** What each staff role gets, written out here (never read from the roles' table): NO (403) or the call's own answer. */
  owner: number;
  organizer: number;
  moderator: number;
}

// Every staff call, and what each staff role gets from it. Anyone else is refused: 401 without a token,
// 403 for an account that is not staff.
describe('authorization of the staff calls', () => {
  let t: TestServer;
  const staff = {} as Record<Role, TestAccount>;
  let contestant: TestAccount;
  /** A contestant whose token claims to be an owner: the guard must believe the database, not the token. */
  let impostorToken: string;
  /** A moderator whose token claims to be an owner: the role, too, is the database's. */
  let moderatorAsOwnerToken: string;
  const ids = { contest: 0, group: 0, entry: 0, victim: 0, message: 0, doomed: {} as Record<Role, number>, candidate: '' };

  const routes: Route[] = [
    // standings: every role.
    { method: 'GET', path: '/admin/all-contests', url: () => '/admin/all-contests?skip=0&limit=10', owner: 200, organizer: 200, moderator: 200 },
    { method: 'GET', path: '/admin/contests/{id}', url: () => `/admin/contests/${ids.contest}`, owner: 200, organizer: 200, moderator: 200 },
    { method: 'GET', path: '/admin/contests/{id}/groups', url: () => `/admin/contests/${ids.contest}/groups`, owner: 200, organizer: 200, moderator: 200 },
    // The contest has no rounds: whoever may read it is answered, with 404.
    {
      method: 'GET',
      path: '/admin/contests/{id}/rounds/{position}/cut',
      url: () => `/admin/contests/${ids.contest}/rounds/1/cut`,
      owner: 404,
      organizer: 404,
      moderator: 404,
    },
    { method: 'GET', path: '/groups/{groupId}/contestants', url: () => `/groups/${ids.group}/contestants`, owner: 200, organizer: 200, moderator: 200 },
    { method: 'GET', path: '/contestants', url: () => '/contestants', owner: 200, organizer: 200, moderator: 200 },
    {
      method: 'GET',
      path: '/admin/groups/{groupId}/votes-over-time',
      url: () => `/admin/groups/${ids.group}/votes-over-time?bucket=hour`,
      owner: 200,
      organizer: 200,
      moderator: 200,
    },
    // contests: owners and organizers.
    {
      method: 'POST',
      path: '/admin/create-contest',
      url: () => '/admin/create-contest',
      body: { name: 'Authz', description: 'Made by the matrix', start_date: daysFromNow(1).toISOString() },
      owner: 201,
      organizer: 201,
      moderator: NO,
    },
    {
      method: 'PUT',
      path: '/admin/contests/{id}',
      url: () => `/admin/contests/${ids.contest}`,
      body: { is_active: true },
      owner: 200,
      organizer: 200,
      moderator: NO,
    },
    // The site's categories and the profile questions: owners and organizers (a refused body still shows the call was let through).
    {
      method: 'PUT',
      path: '/admin/site/categories',
      url: () => '/admin/site/categories',
      body: { categories: ['Scream Queens', 'Teen Queens', 'Heroic Males', 'Creature Killer'] },
      owner: 200,
      organizer: 200,
      moderator: NO,
    },
    { method: 'GET', path: '/admin/site/categories', url: () => '/admin/site/categories', owner: 200, organizer: 200, moderator: NO },
    // The sites that may frame the embed pages: owners and organizers (the body an invalid origin: refused once let through).
    { method: 'GET', path: '/admin/site/embed-origins', url: () => '/admin/site/embed-origins', owner: 200, organizer: 200, moderator: NO },
    {
      method: 'PUT',
      path: '/admin/site/embed-origins',
      url: () => '/admin/site/embed-origins',
      body: { origins: ['not an origin'] },
      owner: 422,
      organizer: 422,
      moderator: NO,
    },
    { method: 'GET', path: '/admin/profile-questions', url: () => '/admin/profile-questions', owner: 200, organizer: 200, moderator: NO },
    {
      method: 'POST',
      path: '/admin/profile-questions',
      url: () => '/admin/profile-questions',
      body: { key: 'Not A Key', label: 'Q', public_label: 'Q' },
      owner: 422,
      organizer: 422,
      moderator: NO,
    },
    {
      method: 'PUT',
      path: '/admin/profile-questions/{id}',
      url: () => '/admin/profile-questions/1',
      body: { required: false },
      owner: 200,
      organizer: 200,
      moderator: NO,
    },
    {
      method: 'POST',
      path: '/admin/profile-questions/{id}/move',
      url: () => '/admin/profile-questions/1/move',
      body: { direction: 'up' },
      owner: 409,
      organizer: 409,
      moderator: NO,
    },
    // A contest of each role's own to delete, so that the second deletion is not answered 404.
    { method: 'DELETE', path: '/admin/contests/{id}', url: (role) => `/admin/contests/${ids.doomed[role]}`, owner: 200, organizer: 200, moderator: NO },
    // participants: owners and organizers (the public profile fields of a contest's participants, as CSV).
    {
      method: 'GET',
      path: '/admin/contests/{id}/participants',
      url: () => `/admin/contests/${ids.contest}/participants`,
      owner: 200,
      organizer: 200,
      moderator: NO,
    },
    { method: 'POST', path: '/admin/contests/{id}/groups', url: () => `/admin/contests/${ids.contest}/groups`, owner: 201, organizer: 201, moderator: NO },
    { method: 'GET', path: '/admin/vote-packages', url: () => '/admin/vote-packages', owner: 200, organizer: 200, moderator: NO },
    {
      method: 'PUT',
      path: '/admin/vote-packages',
      url: () => '/admin/vote-packages',
      body: { currency: 'USD', donation_vote_price: 100, packages: [{ id: 1, votes: 10, bonus: 2, price_minor: 1000 }] },
      owner: 200,
      organizer: 200,
      moderator: NO,
    },
    {
      method: 'GET',
      path: '/admin/contests/{id}/vote-packages',
      url: () => `/admin/contests/${ids.contest}/vote-packages`,
      owner: 200,
      organizer: 200,
      moderator: NO,
    },
    {
      method: 'PUT',
      path: '/admin/contests/{id}/vote-packages',
      url: () => `/admin/contests/${ids.contest}/vote-packages`,
      body: { offer: null },
      owner: 200,
      organizer: 200,
      moderator: NO,
    },
    {
      method: 'PUT',
      path: '/admin/groups/{id}',
      url: () => `/admin/groups/${ids.group}`,
      body: { is_active: true },
      owner: 200,
      organizer: 200,
      moderator: NO,
    },
    {
      method: 'PUT',
      path: '/contestants/contestant-entries/{entryId}',
      url: () => `/contestants/contestant-entries/${ids.entry}`,
      body: { is_eliminated: true },
      owner: 200,
      organizer: 200,
      moderator: NO,
    },
    // The site's settings: owners and organizers (an empty change is refused 422, a logo call without a form 415: nothing changes).
    { method: 'GET', path: '/admin/site', url: () => '/admin/site', owner: 200, organizer: 200, moderator: NO },
    { method: 'PUT', path: '/admin/site', url: () => '/admin/site', body: {}, owner: 422, organizer: 422, moderator: NO },
    { method: 'POST', path: '/admin/site/logo', url: () => '/admin/site/logo', owner: 415, organizer: 415, moderator: NO },
    { method: 'DELETE', path: '/admin/site/logo', url: () => '/admin/site/logo', owner: 200, organizer: 200, moderator: NO },
    // moderation: owners and moderators.
    { method: 'GET', path: '/admin/vote-review', url: () => `/admin/vote-review?contest_id=${ids.contest}`, owner: 200, organizer: NO, moderator: 200 },
    {
      method: 'POST',
      path: '/admin/vote-review/void',
      url: () => '/admin/vote-review/void',
      // Read when sent, once the entry exists.
      get body() {
        return { entry_id: ids.entry, from: '2030-01-01T00:00:00Z', to: '2030-01-02T00:00:00Z', reason: 'Checked by the matrix' };
      },
      owner: 200,
      organizer: NO,
      moderator: 200,
    },
    // support: every role.
    { method: 'GET', path: '/admin/support-messages', url: () => '/admin/support-messages?status=open', owner: 200, organizer: 200, moderator: 200 },
    { method: 'GET', path: '/admin/support-messages/summary', url: () => '/admin/support-messages/summary', owner: 200, organizer: 200, moderator: 200 },
    { method: 'GET', path: '/admin/support-messages/{id}', url: () => `/admin/support-messages/${ids.message}`, owner: 200, organizer: 200, moderator: 200 },
    {
      method: 'PUT',
      path: '/admin/support-messages/{id}',
      url: () => `/admin/support-messages/${ids.message}`,
      body: { status: 'handled' },
      owner: 200,
      organizer: 200,
      moderator: 200,
    },
    // payments: owners only.
    { method: 'GET', path: '/admin/payments', url: () => '/admin/payments?status=credited&provider=test', owner: 200, organizer: NO, moderator: NO },
    { method: 'GET', path: '/admin/payments/export', url: () => '/admin/payments/export', owner: 200, organizer: NO, moderator: NO },
    { method: 'GET', path: '/admin/payments/reconciliation', url: () => '/admin/payments/reconciliation', owner: 200, organizer: NO, moderator: NO },
    // ledger: owners only.
    { method: 'GET', path: '/admin/votes/export', url: () => `/admin/votes/export?contest_id=${ids.contest}`, owner: 200, organizer: NO, moderator: NO },
    // jobs: owners only; no failed job has these ids, so the owner is answered with 404.
    { method: 'GET', path: '/admin/jobs', url: () => '/admin/jobs', owner: 200, organizer: NO, moderator: NO },
    { method: 'POST', path: '/admin/jobs/{queue}/{id}/retry', url: () => '/admin/jobs/mail/1/retry', owner: 404, organizer: NO, moderator: NO },
    { method: 'DELETE', path: '/admin/jobs/{queue}/{id}', url: () => '/admin/jobs/mail/1', owner: 404, organizer: NO, moderator: NO },
    // accounts: owners only.
    { method: 'DELETE', path: '/users/{userId}', url: () => `/users/${ids.victim}`, owner: 200, organizer: NO, moderator: NO },
    // audit: owners only.
    { method: 'GET', path: '/admin/audit-log', url: () => '/admin/audit-log?page=1', owner: 200, organizer: NO, moderator: NO },
    { method: 'GET', path: '/admin/audit-log/chain', url: () => '/admin/audit-log/chain', owner: 200, organizer: NO, moderator: NO },
    // roles: owners only.
    { method: 'GET', path: '/admin/staff', url: () => '/admin/staff', owner: 200, organizer: NO, moderator: NO },
    {
      method: 'PUT',
      path: '/admin/staff/{username}',
      url: () => `/admin/staff/${ids.candidate}`,
      body: { role: 'moderator' },
      owner: 200,
      organizer: NO,
      moderator: NO,
    },
    // integrations: owners only. No endpoint exists, so the owner's calls change nothing (a refused body, or 404).
    { method: 'GET', path: '/admin/webhooks', url: () => '/admin/webhooks', owner: 200, organizer: NO, moderator: NO },
    {
      method: 'POST',
      path: '/admin/webhooks',
      url: () => '/admin/webhooks',
      body: { url: 'https://hooks.example/in', events: ['no.such.event'] },
      owner: 422,
      organizer: NO,
      moderator: NO,
    },
    { method: 'PUT', path: '/admin/webhooks/{id}', url: () => '/admin/webhooks/999999', body: { enabled: false }, owner: 404, organizer: NO, moderator: NO },
    { method: 'DELETE', path: '/admin/webhooks/{id}', url: () => '/admin/webhooks/999999', owner: 404, organizer: NO, moderator: NO },
    { method: 'POST', path: '/admin/webhooks/{id}/rotate-secret', url: () => '/admin/webhooks/999999/rotate-secret', owner: 404, organizer: NO, moderator: NO },
    { method: 'POST', path: '/admin/webhooks/{id}/test', url: () => '/admin/webhooks/999999/test', owner: 404, organizer: NO, moderator: NO },
    { method: 'GET', path: '/admin/webhooks/{id}/deliveries', url: () => '/admin/webhooks/999999/deliveries', owner: 404, organizer: NO, moderator: NO },
    {
      method: 'GET',
      path: '/admin/webhooks/{id}/deliveries/{deliveryId}/attempts',
      url: () => '/admin/webhooks/999999/deliveries/1/attempts',
      owner: 404,
      organizer: NO,
      moderator: NO,
    },
    {
      method: 'POST',
      path: '/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver',
      url: () => '/admin/webhooks/999999/deliveries/1/redeliver',
      owner: 404,
      organizer: NO,
      moderator: NO,
    },
    // The staff account's own two-factor sign-in, for every role; the bodies' codes are malformed, so each gets 422 and nothing changes.
    { method: 'GET', path: '/admin/two-factor', url: () => '/admin/two-factor', owner: 200, organizer: 200, moderator: 200 },
    { method: 'POST', path: '/admin/two-factor/setup', url: () => '/admin/two-factor/setup', owner: 200, organizer: 200, moderator: 200 },
    {
      method: 'POST',
      path: '/admin/two-factor/confirm',
      url: () => '/admin/two-factor/confirm',
      body: { code: '12ab' },
      owner: 422,
      organizer: 422,
      moderator: 422,
    },
    {
      method: 'POST',
      path: '/admin/two-factor/recovery-codes',
      url: () => '/admin/two-factor/recovery-codes',
      body: { code: '12ab' },
      owner: 422,
      organizer: 422,
      moderator: 422,
    },
    { method: 'POST', path: '/admin/two-factor/disable', url: () => '/admin/two-factor/disable', body: {}, owner: 422, organizer: 422, moderator: 422 },
  ];

  beforeAll(async () => {
    t = await startTestServer();
    [staff.owner] = await createAccounts(t, 'authz_owner', 1, 'admin');
    [staff.organizer] = await createAccounts(t, 'authz_org', 1, 'organizer');
    [staff.moderator] = await createAccounts(t, 'authz_mod', 1, 'moderator');
    const [c, entrant, victim] = await createAccounts(t, 'authz_user', 3);
    contestant = c;
    const row = async (id: number) => (await t.db.pool.query('SELECT username, email, password_hash, is_verified FROM users WHERE id = $1', [id])).rows[0];
    impostorToken = signToken(t, { ...(await row(c.id)), is_superuser: true, staff_role: 'owner' });
    moderatorAsOwnerToken = signToken(t, { ...(await row(staff.moderator.id)), is_superuser: true, staff_role: 'owner' });
    ids.contest = await insertContest(t, { name: 'Matrix Cup' });
    for (const role of ROLES) ids.doomed[role] = await insertContest(t, { name: `Doomed Cup ${role}` });
    expect((await join(t, entrant, ids.contest)).status).toBe(201);
    const entry = (await t.db.pool.query('SELECT id, group_id FROM contest_entries WHERE user_id = $1', [entrant.id])).rows[0];
    ids.entry = entry.id;
    ids.group = entry.group_id;
    ids.victim = victim.id;
    const message = await aSupportMessage(t.db, { topic: 'other', name: 'Matrix', email: 'matrix@example.com', message: 'A message for the matrix' });
    ids.message = message.id;
    // A verified account that is no contestant: one a role may be granted to.
    ids.candidate = (await aUser(t.db, { username: 'authz_candidate', is_verified: true, is_competitor: false })).username;
  });
  afterAll(async () => {
    await t.stop();
  });

  it('should list every staff operation of the API document in this matrix', async () => {
    const doc = (await (await fetch(`${t.baseUrl}/api/docs-json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
    };
    // @Route documents a staff call's bearer token and its 403 (sign-in's 403 "not verified" needs no token).
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security?.length && op.responses?.['403'])
        .map(([method]) => `${method.toUpperCase()} ${p.replace(/^\/api\/v1/, '')}`),
    );
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  describe.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
    const send = (token: string | null, role: Role = 'owner') => call(t, route.method, route.url(role), token, route.body);
    const answer = async (res: Response) => ({ status: res.status, body: await res.json() });
    const refusedRoles = ROLES.filter((role) => route[role] === NO);
    const allowedRoles = ROLES.filter((role) => route[role] !== NO);

    it('should answer 401 Not authenticated without a token', async () => {
      expect(await answer(await send(null))).toEqual({ status: 401, body: { detail: AUTH_GUARD_MESSAGES.notAuthenticated } });
    });

    it('should answer 403 to a verified contestant, even one whose token claims to be an owner', async () => {
      for (const token of [contestant.token, impostorToken]) {
        expect(await answer(await send(token))).toEqual({ status: 403, body: { detail: AUTH_GUARD_MESSAGES.superuserRequired } });
      }
    });

    if (refusedRoles.length > 0) {
      it(`should answer 403 to the roles without its permission (${refusedRoles.join(', ')})`, async () => {
        for (const role of refusedRoles) {
          expect({ role, ...(await answer(await send(staff[role].token, role))) }).toEqual({
            role,
            status: 403,
            body: { detail: STAFF_MESSAGES.permissionRequired },
          });
        }
      });
    }

    if (route.moderator === NO) {
      it("should answer 403 to a moderator whose token claims to be an owner: the role is the database's", async () => {
        expect(await answer(await send(moderatorAsOwnerToken, 'moderator'))).toEqual({ status: 403, body: { detail: STAFF_MESSAGES.permissionRequired } });
      });
    }

    it(`should let the roles with its permission through (${allowedRoles.map((role) => `${role} ${route[role]}`).join(', ')})`, async () => {
      // Runs after the refusals above: a 200 here for a deletion also proves they changed nothing.
      for (const role of allowedRoles) {
        const res = await send(staff[role].token, role);
        expect({ role, status: res.status }).toEqual({ role, status: route[role] });
      }
    });
  });

  it('should keep the countdown public', async () => {
    await t.db.pool.query('UPDATE contests SET is_current = true WHERE id = $1', [ids.contest]);
    expect((await call(t, 'GET', '/admin/current-contest/countdown', null)).status).toBe(200);
    expect((await call(t, 'GET', '/admin/current-contest/countdown', contestant.token)).status).toBe(200);
  });
});
