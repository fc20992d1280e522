import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import { call, createAccounts, daysFromNow, insertContest, join, signToken, type TestAccount } from '../helpers/contest-fixtures.js';
import { aSupportMessage } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** OpenAPI form, as listed in /api/docs-json. */
  path: string;
  /** The concrete path, made once the fixtures exist. */
  url: () => string;
  body?: unknown;
  /** What an administrator gets: never 401 or 403. */
  admin: number;
}

// Every call that needs a superuser (every admin call needs one).
describe('authorization of the admin calls', () => {
  let t: TestServer;
  let admin: TestAccount;
  let contestant: TestAccount;
  /** A contestant whose token claims is_superuser: the guard must believe the database, not the token. */
  let impostorToken: string;
  const ids = { contest: 0, doomedContest: 0, group: 0, entry: 0, victim: 0, message: 0 };

  const routes: Route[] = [
    { method: 'GET', path: '/admin/all-contests', url: () => '/admin/all-contests?skip=0&limit=10', admin: 200 },
    { method: 'GET', path: '/admin/contests/{id}', url: () => `/admin/contests/${ids.contest}`, admin: 200 },
    { method: 'GET', path: '/admin/contests/{id}/groups', url: () => `/admin/contests/${ids.contest}/groups`, admin: 200 },
    // The contest has no rounds: the admin is answered, with 404.
    { method: 'GET', path: '/admin/contests/{id}/rounds/{position}/cut', url: () => `/admin/contests/${ids.contest}/rounds/1/cut`, admin: 404 },
    {
      method: 'POST',
      path: '/admin/create-contest',
      url: () => '/admin/create-contest',
      body: { name: 'Authz', description: 'Made by the matrix', start_date: daysFromNow(1).toISOString() },
      admin: 201,
    },
    { method: 'PUT', path: '/admin/contests/{id}', url: () => `/admin/contests/${ids.contest}`, body: { is_active: true }, admin: 200 },
    { method: 'DELETE', path: '/admin/contests/{id}', url: () => `/admin/contests/${ids.doomedContest}`, admin: 200 },
    { method: 'POST', path: '/admin/contests/{id}/groups', url: () => `/admin/contests/${ids.contest}/groups`, admin: 201 },
    { method: 'PUT', path: '/admin/groups/{id}', url: () => `/admin/groups/${ids.group}`, body: { is_active: true }, admin: 200 },
    { method: 'GET', path: '/groups/{groupId}/contestants', url: () => `/groups/${ids.group}/contestants`, admin: 200 },
    {
      method: 'PUT',
      path: '/contestants/contestant-entries/{entryId}',
      url: () => `/contestants/contestant-entries/${ids.entry}`,
      body: { is_eliminated: true },
      admin: 200,
    },
    { method: 'GET', path: '/contestants', url: () => '/contestants', admin: 200 },
    { method: 'DELETE', path: '/users/{userId}', url: () => `/users/${ids.victim}`, admin: 200 },
    // Paid votes: the admin payments page.
    { method: 'GET', path: '/admin/payments', url: () => '/admin/payments?status=credited&provider=test', admin: 200 },
    { method: 'GET', path: '/admin/payments/export', url: () => '/admin/payments/export', admin: 200 },
    { method: 'GET', path: '/admin/payments/reconciliation', url: () => '/admin/payments/reconciliation', admin: 200 },
    // The vote ledger's export.
    { method: 'GET', path: '/admin/votes/export', url: () => `/admin/votes/export?contest_id=${ids.contest}`, admin: 200 },
    // Suspicious-vote review.
    { method: 'GET', path: '/admin/vote-review', url: () => `/admin/vote-review?contest_id=${ids.contest}`, admin: 200 },
    {
      method: 'POST',
      path: '/admin/vote-review/void',
      url: () => '/admin/vote-review/void',
      // Read when sent, once the entry exists.
      get body() {
        return { entry_id: ids.entry, from: '2030-01-01T00:00:00Z', to: '2030-01-02T00:00:00Z', reason: 'Checked by the matrix' };
      },
      admin: 200,
    },
    // A group's contestants' votes over time, side by side.
    { method: 'GET', path: '/admin/groups/{groupId}/votes-over-time', url: () => `/admin/groups/${ids.group}/votes-over-time?bucket=hour`, admin: 200 },
    // The support inbox.
    { method: 'GET', path: '/admin/support-messages', url: () => '/admin/support-messages?status=open', admin: 200 },
    { method: 'GET', path: '/admin/support-messages/summary', url: () => '/admin/support-messages/summary', admin: 200 },
    { method: 'GET', path: '/admin/support-messages/{id}', url: () => `/admin/support-messages/${ids.message}`, admin: 200 },
    {
      method: 'PUT',
      path: '/admin/support-messages/{id}',
      url: () => `/admin/support-messages/${ids.message}`,
      body: { status: 'handled' },
      admin: 200,
    },
    // The audit log of admin actions (read-only).
    { method: 'GET', path: '/admin/audit-log', url: () => '/admin/audit-log?page=1', admin: 200 },
    { method: 'GET', path: '/admin/audit-log/chain', url: () => '/admin/audit-log/chain', admin: 200 },
    // The job queues; no failed job has these ids, so the admin is answered with 404.
    { method: 'GET', path: '/admin/jobs', url: () => '/admin/jobs', admin: 200 },
    { method: 'POST', path: '/admin/jobs/{queue}/{id}/retry', url: () => '/admin/jobs/mail/1/retry', admin: 404 },
    { method: 'DELETE', path: '/admin/jobs/{queue}/{id}', url: () => '/admin/jobs/mail/1', admin: 404 },
    // The staff account's own two-factor sign-in; the bodies' codes are malformed, so the admin gets 422 and nothing changes.
    { method: 'GET', path: '/admin/two-factor', url: () => '/admin/two-factor', admin: 200 },
    { method: 'POST', path: '/admin/two-factor/setup', url: () => '/admin/two-factor/setup', admin: 200 },
    { method: 'POST', path: '/admin/two-factor/confirm', url: () => '/admin/two-factor/confirm', body: { code: '12ab' }, admin: 422 },
    { method: 'POST', path: '/admin/two-factor/recovery-codes', url: () => '/admin/two-factor/recovery-codes', body: { code: '12ab' }, admin: 422 },
    { method: 'POST', path: '/admin/two-factor/disable', url: () => '/admin/two-factor/disable', body: {}, admin: 422 },
  ];

  beforeAll(async () => {
    t = await startTestServer();
    [admin] = await createAccounts(t, 'authz_admin', 1, 'admin');
    const [c, entrant, victim] = await createAccounts(t, 'authz_user', 3);
    contestant = c;
    const { rows } = await t.db.pool.query('SELECT username, email, password_hash, is_verified FROM users WHERE id = $1', [c.id]);
    impostorToken = signToken(t, { ...rows[0], is_superuser: true });
    ids.contest = await insertContest(t, { name: 'Matrix Cup' });
    ids.doomedContest = await insertContest(t, { name: 'Doomed Cup' });
    expect((await join(t, entrant, ids.contest)).status).toBe(201);
    const entry = (await t.db.pool.query('SELECT id, group_id FROM contest_entries WHERE user_id = $1', [entrant.id])).rows[0];
    ids.entry = entry.id;
    ids.group = entry.group_id;
    ids.victim = victim.id;
    const message = await aSupportMessage(t.db, { topic: 'other', name: 'Matrix', email: 'matrix@example.com', message: 'A message for the matrix' });
    ids.message = message.id;
  });
  afterAll(async () => {
    await t.stop();
  });

  it('should list every superuser-only operation of the API document in this matrix', async () => {
    const doc = (await (await fetch(`${t.baseUrl}/api/docs-json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>>;
    };
    // @SuperuserOnly() documents a bearer token and a 403 (sign-in's 403 "not verified" needs no token).
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security?.length && op.responses?.['403'])
        .map(([method]) => `${method.toUpperCase()} ${p.replace(/^\/api\/v1/, '')}`),
    );
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
  });

  describe.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, route) => {
    const send = (token: string | null) => call(t, route.method, route.url(), token, route.body);

    it('should answer 401 Not authenticated without a token', async () => {
      const res = await send(null);
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 401, body: { detail: AUTH_GUARD_MESSAGES.notAuthenticated } });
    });

    it('should answer 403 to a verified contestant, even one whose token claims to be a superuser', async () => {
      for (const token of [contestant.token, impostorToken]) {
        const res = await send(token);
        expect({ status: res.status, body: await res.json() }).toEqual({ status: 403, body: { detail: AUTH_GUARD_MESSAGES.superuserRequired } });
      }
    });

    it(`should let an administrator through (${route.admin})`, async () => {
      // Runs after the refusals above: a 200 here for a deletion also proves they changed nothing.
      const res = await send(admin.token);
      expect(res.status).toBe(route.admin);
    });
  });

  it('should keep the countdown public', async () => {
    await t.db.pool.query('UPDATE contests SET is_current = true WHERE id = $1', [ids.contest]);
    expect((await call(t, 'GET', '/admin/current-contest/countdown', null)).status).toBe(200);
    expect((await call(t, 'GET', '/admin/current-contest/countdown', contestant.token)).status).toBe(200);
  });
});
