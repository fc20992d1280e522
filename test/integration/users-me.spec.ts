import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import { loginForm, verifiedUser } from '../helpers/accounts.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

/** An HS256 JWT made by hand, to try tokens the server did not issue. */
function signJwt(claims: Record<string, unknown>, secret: string): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

describe('GET /users/me', () => {
  let t: TestServer;

  const me = (token?: string) => fetch(`${t.api}/users/me`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const signIn = async (username: string, password: string) => {
    const res = await fetch(`${t.api}/auth/login`, { method: 'POST', body: loginForm(username, password) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  const expectNotAuthenticated = async (res: Response) => {
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await res.json()).toEqual({ detail: AUTH_GUARD_MESSAGES.notAuthenticated });
  };

  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.stop();
  });

  it('should answer 401 Not authenticated without a token', async () => {
    await expectNotAuthenticated(await me());
  });

  it('should answer 401 for a malformed, a forged, an expired and an unsigned token', async () => {
    const now = Math.floor(Date.now() / 1000);
    await verifiedUser(t, 'me1');
    // A properly made token also carries the password version: a keyed fingerprint of the stored hash.
    const { rows } = await t.db.pool.query('SELECT password_hash FROM users WHERE username = $1', ['user_me1']);
    const pwv = createHmac('sha256', t.env.JWT_SECRET).update(rows[0].password_hash).digest('base64url').slice(0, 16);
    const claims = { sub: 'user_me1', email: 'x@example.com', is_superuser: true, is_verified: true, pwv };
    const tokens = [
      'not-a-jwt',
      signJwt({ ...claims, exp: now + 3600 }, 'some-other-secret-that-is-long-enough'),
      signJwt({ ...claims, iat: now - 7200, exp: now - 3600 }, t.env.JWT_SECRET),
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, exp: now + 3600 })).toString('base64url')}.`,
    ];
    for (const token of tokens) await expectNotAuthenticated(await me(token));
    // The same claims, properly signed (with iat and exp, as the server issues them), are accepted: the refusals above are about the token.
    expect((await me(signJwt({ ...claims, iat: now, exp: now + 3600 }, t.env.JWT_SECRET))).status).toBe(200);
  });

  it('should refuse a properly signed token without exp, and one issued longer ago than the longest session', async () => {
    const now = Math.floor(Date.now() / 1000);
    await verifiedUser(t, 'me_noexp');
    const { rows } = await t.db.pool.query('SELECT password_hash FROM users WHERE username = $1', ['user_me_noexp']);
    const pwv = createHmac('sha256', t.env.JWT_SECRET).update(rows[0].password_hash).digest('base64url').slice(0, 16);
    const claims = { sub: 'user_me_noexp', email: 'x@example.com', is_superuser: false, is_verified: true, pwv };
    await expectNotAuthenticated(await me(signJwt({ ...claims, iat: now }, t.env.JWT_SECRET)));
    await expectNotAuthenticated(await me(signJwt(claims, t.env.JWT_SECRET)));
    // exp far ahead, but issued 31 days ago: REMEMBER_ME_TOKEN_TTL (30 days by default) is the most any token lives.
    await expectNotAuthenticated(await me(signJwt({ ...claims, iat: now - 31 * 86400, exp: now + 3600 }, t.env.JWT_SECRET)));
    // The same claims with a recent iat and an exp are accepted: the refusals above are about exp and age.
    expect((await me(signJwt({ ...claims, iat: now - 60, exp: now + 3600 }, t.env.JWT_SECRET))).status).toBe(200);
  });

  it('should answer the signed-in contestant with the profile in the spec shape', async () => {
    const user = await verifiedUser(t, 'me2');
    const res = await me(await signIn(user.username, user.password));
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown> & { contestant_profile: Record<string, unknown> };
    const { rows } = await t.db.pool.query(
      `SELECT u.id AS user_id, p.id AS profile_id, p.pictures_urls FROM users u JOIN contestant_profiles p ON p.user_id = u.id WHERE u.username = $1`,
      [user.username],
    );
    expect(body).toEqual({
      id: rows[0].user_id,
      username: 'user_me2',
      email: user.email,
      first_name: 'Ada',
      last_name: 'Shriek',
      is_superuser: false,
      staff_role: null,
      is_competitor: true,
      is_verified: true,
      two_factor_enabled: false,
      contestant_profile: {
        id: rows[0].profile_id,
        user_id: rows[0].user_id,
        user: { first_name: 'Ada', last_name: 'Shriek', username: 'user_me2', instagram: null, tiktok: null },
        category: 'Scream Queens',
        biography: user.biography,
        pictures_urls: rows[0].pictures_urls,
        current_position_in_group: null,
        horror_passion: null,
        character_qualities: null,
        dreams_and_goals: null,
        ideal_horror_role: null,
        answers: expect.any(Array),
        active_contest_entry: null,
        total_votes: 0,
        free_votes: 0,
        paid_votes: 0,
        is_eliminated: false,
        // In no contest: nothing to buy votes for.
        vote_offer: null,
      },
      contest_entries: [],
      vote_reviews: [],
      deletion_due_at: null,
    });
    expect(body.contestant_profile.pictures_urls).toEqual([expect.stringMatching(/^\/uploads\/profiles\/.+\.png$/)]);
  });

  it('should answer a user without a profile with contestant_profile null', async () => {
    const user = await verifiedUser(t, 'me3');
    await t.db.pool.query(`UPDATE users SET is_superuser = true, staff_role = 'moderator', is_competitor = false WHERE username = $1;`, [user.username]);
    await t.db.pool.query(`DELETE FROM contestant_profiles WHERE user_id = (SELECT id FROM users WHERE username = $1)`, [user.username]);
    const res = await me(await signIn(user.email, user.password));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      username: 'user_me3',
      is_superuser: true,
      staff_role: 'moderator',
      is_competitor: false,
      contestant_profile: null,
      contest_entries: [],
    });
  });

  it('should refuse the token of a user deleted since signing in', async () => {
    const user = await verifiedUser(t, 'me4');
    const token = await signIn(user.username, user.password);
    expect((await me(token)).status).toBe(200);
    await t.db.pool.query('DELETE FROM users WHERE username = $1', [user.username]);
    await expectNotAuthenticated(await me(token));
  });

  it('should describe the account calls in the OpenAPI document, /users/me as needing a bearer token', async () => {
    const doc = (await (await fetch(`${t.baseUrl}/api/docs-json`)).json()) as {
      paths: Record<string, Record<string, { security?: unknown[]; tags?: string[] }>>;
    };
    for (const path of [
      'login',
      'register-contestant',
      'verify-email',
      'resend-verification-email',
      'request-email-verification',
      'forgot-password',
      'reset-password',
    ]) {
      expect(Object.keys(doc.paths)).toContain(`/api/v1/auth/${path}`);
    }
    expect(doc.paths['/api/v1/users/me'].get.security).toEqual([{ bearer: [] }]);
  });
});
