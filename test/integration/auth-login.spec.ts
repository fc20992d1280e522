import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOGIN_MESSAGES as L } from '#contract/auth/messages.js';
import { decodeJwt, loginForm, register, validFields, verifiedUser, waitForMails } from '../helpers/accounts.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const MAX_FAILURES = 3;

describe('POST /auth/login', () => {
  let t: TestServer;
  let lola: Record<string, string>;
  let una: Record<string, string>;

  /** Form-encoded, as the client sends it; each test speaks from its own client address. */
  const login = (address: string, body: URLSearchParams | Record<string, unknown>) =>
    fetch(`${t.api}/auth/login`, {
      method: 'POST',
      headers: {
        'x-forwarded-for': address,
        ...(body instanceof URLSearchParams ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof URLSearchParams ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    // TRUST_PROXY lets the tests choose their client address through X-Forwarded-For.
    t = await startTestServer({ LOGIN_MAX_FAILURES: String(MAX_FAILURES), LOGIN_LOCK_MINUTES: '15', TRUST_PROXY: 'loopback' });
    lola = await verifiedUser(t, 'Lola');
    una = validFields('una');
    expect((await register(t, una)).status).toBe(201);
    await waitForMails(t.dataDir, una.email);
  });
  afterAll(async () => {
    await t.stop();
  });

  it('should sign in by username in any letter case and answer a bearer token with the spec claims', async () => {
    const res = await login('10.0.0.1', loginForm('USER_LOLA', lola.password));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; token_type: string };
    expect(body.token_type).toBe('bearer');
    const claims = decodeJwt(body.access_token);
    expect(claims).toEqual({
      sub: 'user_Lola',
      email: lola.email,
      is_superuser: false,
      staff_role: null,
      is_verified: true,
      iat: expect.any(Number),
      exp: expect.any(Number),
      pwv: expect.any(String),
    });
    expect(JSON.parse(Buffer.from(body.access_token.split('.')[0], 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    expect((claims.exp as number) - (claims.iat as number)).toBe(24 * 3600); // ACCESS_TOKEN_TTL default 1d
  });

  it('should sign in by e-mail with a JSON body too', async () => {
    const res = await login('10.0.0.2', { username: lola.email.toUpperCase(), password: lola.password });
    expect(res.status).toBe(200);
    expect(decodeJwt(((await res.json()) as { access_token: string }).access_token).sub).toBe('user_Lola');
  });

  it('should give a longer-lived token with remember_me', async () => {
    const res = await login('10.0.0.3', loginForm(lola.username, lola.password, { remember_me: 'true' }));
    expect(res.status).toBe(200);
    const claims = decodeJwt(((await res.json()) as { access_token: string }).access_token);
    expect((claims.exp as number) - (claims.iat as number)).toBe(30 * 24 * 3600); // REMEMBER_ME_TOKEN_TTL default 30d
  });

  it('should refuse a wrong password and an unknown account alike with 400 Invalid credentials', async () => {
    const wrong = await login('10.0.1.1', loginForm(lola.username, 'not-the-password'));
    const unknown = await login('10.0.1.1', loginForm('nobody_here', 'whatever-password'));
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ detail: L.invalidCredentials });
    }
  });

  it('should refuse an unverified account with 403 Email not verified, but only once the password is right', async () => {
    const wrong = await login('10.0.2.1', loginForm(una.username, 'not-the-password'));
    expect(wrong.status).toBe(400);
    const right = await login('10.0.2.1', loginForm(una.email, una.password));
    expect(right.status).toBe(403);
    expect(await right.json()).toEqual({ detail: 'Email not verified' });
  });

  it('should list missing fields with 422 and the spec texts', async () => {
    const res = await login('10.0.3.1', new URLSearchParams());
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      detail: [
        { loc: ['body', 'username'], msg: L.emailOrUsernameRequired, type: expect.any(String) },
        { loc: ['body', 'password'], msg: L.passwordRequired, type: expect.any(String) },
      ],
    });
    const notText = await login('10.0.3.1', { username: ['a'], password: 42 });
    expect(notText.status).toBe(422);
  });

  it('should not lock an account out for its owner after failures from many addresses', async () => {
    const victim = await verifiedUser(t, 'targeted');
    for (let i = 0; i < MAX_FAILURES + 2; i++) {
      // Spread over addresses and both names: the account is counted whatever it was called, but only slowed.
      const res = await login(`10.0.4.${i}`, loginForm(i % 2 ? victim.email : victim.username, 'wrong-password'));
      expect(res.status).toBe(400);
    }
    const owner = await login('10.0.4.99', loginForm(victim.username, victim.password));
    expect(owner.status).toBe(200);
  });

  it('should refuse one address with 429 and Retry-After after repeated failures against one account, even with the right password', async () => {
    const victim = await verifiedUser(t, 'locked');
    for (let i = 0; i < MAX_FAILURES; i++) {
      const res = await login('10.0.7.1', loginForm(i % 2 ? victim.email : victim.username, 'wrong-password'));
      expect(res.status).toBe(400);
    }
    const locked = await login('10.0.7.1', loginForm(victim.username, victim.password));
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ detail: L.tooManyAttempts });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // The owner elsewhere, and other accounts from that address, are not affected.
    expect((await login('10.0.7.2', loginForm(victim.username, victim.password))).status).toBe(200);
    expect((await login('10.0.7.1', loginForm(lola.username, lola.password))).status).toBe(200);
  });

  it('should check at most LOGIN_MAX_FAILURES of 40 simultaneous wrong passwords, and then refuse the right one', async () => {
    const victim = await verifiedUser(t, 'raced');
    const answers = await Promise.all(Array.from({ length: 40 }, () => login('10.0.8.1', loginForm(victim.username, 'wrong-password'))));
    const statuses = answers.map((res) => res.status);
    const checked = statuses.filter((s) => s !== 429);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(MAX_FAILURES);
    expect(checked.every((s) => s === 400)).toBe(true);
    expect((await login('10.0.8.1', loginForm(victim.username, victim.password))).status).toBe(429);
  });

  it('should forget earlier failures of an account after a successful sign-in', async () => {
    const user = await verifiedUser(t, 'forgiven');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < MAX_FAILURES - 1; i++) {
        expect((await login('10.0.5.1', loginForm(user.username, 'wrong-password'))).status).toBe(400);
      }
      expect((await login('10.0.5.1', loginForm(user.username, user.password))).status).toBe(200);
    }
  });

  it('should refuse one address with 429 after many failures across accounts, but not other addresses', async () => {
    const addressLimit = MAX_FAILURES * 4;
    for (let i = 0; i < addressLimit; i++) {
      expect((await login('10.0.6.1', loginForm(`stranger_${i}`, 'wrong-password'))).status).toBe(400);
    }
    const res = await login('10.0.6.1', loginForm(lola.username, lola.password));
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ detail: L.tooManyAttempts });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login('10.0.6.2', loginForm(lola.username, lola.password))).status).toBe(200);
  });

  it('should keep neither raw addresses nor typed names in the limiter', async () => {
    const { rows } = await t.db.pool.query('SELECT key FROM rate_limits');
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows as { key: string }[]) {
      expect(key).not.toMatch(/10\.0\.|stranger|user_/);
    }
  });

  it('should write no password into warnings or errors', async () => {
    expect(t.output()).not.toContain(lola.password);
    expect(t.output()).not.toContain('wrong-password');
  });
});
