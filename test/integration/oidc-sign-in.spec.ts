// Sign-in with an existing account end to end: the compiled server's real openid-client against a
// loopback stand-in provider (OIDC_GOOGLE_ISSUER, OIDC_APPLE_ISSUER), the test acting as the browser
// (it follows the redirects and keeps the state cookie); and free votes by account (VOTE_IDENTITY=account).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OIDC_MESSAGES } from '#contract/auth/messages.js';
import { VOTE_MESSAGES } from '#contract/votes/messages.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { startOidcStandIn, type OidcStandIn, type StandInPerson } from '../helpers/oidc-stand-in.js';
import { requestFrom } from '../helpers/source-address.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const fragment = (location: string) => Object.fromEntries(new URLSearchParams(location.slice(location.indexOf('#') + 1)));

describe('sign-in with an existing account (openid-client against a stand-in provider)', () => {
  let t: TestServer;
  let idp: OidcStandIn;
  let contest: number;
  let star: TestAccount;

  /** The browser's way through: start (cookie), the provider's page, and the callback with that cookie. */
  const flow = async (provider: 'google' | 'apple', person: StandInPerson, options: { token?: string; cookie?: (c: string) => string } = {}) => {
    idp.signInAs(person);
    let providerUrl: string;
    let cookie: string;
    if (options.token) {
      const res = await fetch(`${t.api}/users/me/linked-accounts/${provider}?return_to=/profile/basics`, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}` },
      });
      expect(res.status).toBe(200);
      providerUrl = ((await res.json()) as { authorization_url: string }).authorization_url;
      cookie = res.headers.get('set-cookie')!;
    } else {
      const start = await fetch(`${t.api}/auth/oidc/${provider}/start?return_to=/vote/7`, { redirect: 'manual' });
      expect(start.status).toBe(302);
      providerUrl = start.headers.get('location')!;
      cookie = start.headers.get('set-cookie')!;
    }
    expect(cookie).toMatch(/^oidc_state=[^;]+; Path=\/api\/v1\/auth\/oidc; Max-Age=600; HttpOnly; SameSite=Lax$/);
    const authorize = new URL(providerUrl);
    expect(authorize.origin).toBe(idp.url);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const atProvider = await fetch(providerUrl, { redirect: 'manual' });
    const stateCookie = cookie.split(';')[0];
    const sentCookie = options.cookie ? options.cookie(stateCookie) : stateCookie;
    let callback: Response;
    let callbackUrl: string;
    if (provider === 'apple') {
      // Apple posts its answer: the stand-in's page is the form a browser would submit.
      expect(authorize.searchParams.get('response_mode')).toBe('form_post');
      const html = await atProvider.text();
      expect(html).toContain(`action="http://localhost:5173/api/v1/auth/oidc/apple/callback"`);
      const fields = Object.fromEntries([...html.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      callbackUrl = `${t.api}/auth/oidc/apple/callback`;
      callback = await fetch(callbackUrl, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: sentCookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      });
    } else {
      const back = new URL(atProvider.headers.get('location')!);
      expect(back.pathname).toBe(`/api/v1/auth/oidc/${provider}/callback`);
      callbackUrl = `${t.api}/auth/oidc/${provider}/callback${back.search}`;
      callback = await fetch(callbackUrl, { redirect: 'manual', headers: { cookie: sentCookie } });
    }
    expect(callback.status).toBe(303);
    const [cleared, handoff] = callback.headers.getSetCookie();
    expect(cleared).toBe('oidc_state=; Path=/api/v1/auth/oidc; Max-Age=0; HttpOnly; SameSite=Lax');
    const location = callback.headers.get('location')!;
    // A sign-in's code comes with its browser's half, an HttpOnly cookie only this site's calls carry.
    if (location.startsWith('/login#oidc_code='))
      expect(handoff).toMatch(/^oidc_handoff=[\w-]{43}; Path=\/api\/v1\/auth\/oidc; Max-Age=120; HttpOnly; SameSite=Lax$/);
    else expect(handoff).toBeUndefined();
    return { location, callbackUrl, stateCookie, handoffCookie: handoff?.split(';')[0] ?? '' };
  };
  const complete = async (code: string, cookie: string) => {
    const res = await fetch(`${t.api}/auth/oidc/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ code }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, string>, setCookie: res.headers.getSetCookie() };
  };
  const signIn = async (person: StandInPerson) => {
    const { location, handoffCookie } = await flow('google', person);
    const params = fragment(location);
    expect(location.startsWith('/login#')).toBe(true);
    expect(params.return_to).toBe('/vote/7');
    const done = await complete(params.oidc_code, handoffCookie);
    expect(done.status).toBe(200);
    return done.body.access_token;
  };
  const me = async (token: string) => (await (await call(t, 'GET', '/users/me', token)).json()) as Record<string, unknown>;
  const vote = (token: string | undefined, from: string) => requestFrom(`${t.api}/contestants/${star.username}/vote`, 'POST', { from, token });

  beforeAll(async () => {
    idp = await startOidcStandIn();
    t = await startTestServer({
      OIDC_GOOGLE_CLIENT_ID: idp.clientId,
      OIDC_GOOGLE_CLIENT_SECRET: idp.clientSecret,
      OIDC_GOOGLE_ISSUER: idp.url,
      OIDC_APPLE_CLIENT_ID: idp.clientId,
      OIDC_APPLE_CLIENT_SECRET: idp.clientSecret,
      OIDC_APPLE_ISSUER: idp.url,
      VOTE_IDENTITY: 'account',
      // Above what the other tests start from 127.0.0.1; the limit's own test starts from an address of its own.
      OIDC_STARTS_PER_HOUR: '40',
    });
    contest = await insertContest(t, { name: 'Account Cup', isCurrent: true, groupSizeCap: 50 });
    [star] = await createAccounts(t, 'oidc_star', 1);
    expect((await join(t, star, contest)).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await idp?.close();
  });

  it('should offer only the configured providers and say free votes need an account', async () => {
    const site = (await (await call(t, 'GET', '/site')).json()) as Record<string, unknown>;
    expect(site).toMatchObject({ sign_in_providers: ['google', 'apple'], vote_identity: 'account' });
    expect((await fetch(`${t.api}/auth/oidc/facebook/start`, { redirect: 'manual' })).status).toBe(404);
  });

  it("should make a fan's account on a first sign-in with a verified e-mail, and sign the same account in again", async () => {
    const token = await signIn({ sub: 'g-fan-1', email: 'New.Fan@example.com', email_verified: true });
    const first = await me(token);
    expect(first).toMatchObject({ email: 'New.Fan@example.com', is_verified: true });
    expect(String(first.username)).toMatch(/^fan_[0-9a-f]{12}$/);
    const again = await me(await signIn({ sub: 'g-fan-1', email: 'New.Fan@example.com', email_verified: true }));
    expect(again.username).toBe(first.username);
    const rows = await t.db.pool.query('SELECT provider, subject, email FROM user_identities WHERE subject = $1', ['g-fan-1']);
    expect(rows.rows).toEqual([{ provider: 'google', subject: 'g-fan-1', email: 'New.Fan@example.com' }]);
  });

  it("should take Apple's answer as a form post and make the fan's account through it", async () => {
    const { location, handoffCookie } = await flow('apple', { sub: 'a-fan-1', email: 'apple.fan@example.com', email_verified: true });
    const params = fragment(location);
    const done = await complete(params.oidc_code, handoffCookie);
    expect(done.status).toBe(200);
    expect(await me(done.body.access_token)).toMatchObject({ email: 'apple.fan@example.com', is_verified: true });
    const rows = await t.db.pool.query('SELECT provider FROM user_identities WHERE subject = $1', ['a-fan-1']);
    expect(rows.rows).toEqual([{ provider: 'apple' }]);
  });

  it('should hand the token over once: the one-time code is stored hashed and refused the second time', async () => {
    const { location, handoffCookie } = await flow('google', { sub: 'g-fan-2', email: 'fan2@example.com', email_verified: true });
    const { oidc_code: code } = fragment(location);
    const stored = await t.db.pool.query(`SELECT token_hash FROM auth_tokens WHERE purpose = 'oidc_sign_in'`);
    expect(stored.rows.map((r: { token_hash: string }) => r.token_hash)).not.toContain(code);
    const done = await complete(code, handoffCookie);
    expect(done.status).toBe(200);
    // Used: the browser's half goes.
    expect(done.setCookie).toEqual(['oidc_handoff=; Path=/api/v1/auth/oidc; Max-Age=0; HttpOnly; SameSite=Lax']);
    expect(await complete(code, handoffCookie)).toMatchObject({ status: 400, body: { detail: OIDC_MESSAGES.handoffExpired } });
  });

  it('should hand the token only to the browser the callback sent the code to: another request neither gets it nor spends it', async () => {
    const { location, handoffCookie } = await flow('google', { sub: 'g-bound', email: 'bound@example.com', email_verified: true });
    const { oidc_code: code } = fragment(location);
    const other = await flow('google', { sub: 'g-bound-other', email: 'bound.other@example.com', email_verified: true });
    // Given the link: without the cookie, with another sign-in's, with a made-up one.
    for (const cookie of ['', other.handoffCookie, 'oidc_handoff=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      expect(await complete(code, cookie)).toEqual({ status: 400, body: { detail: OIDC_MESSAGES.handoffExpired }, setCookie: [] });
    }
    // The right browser still signs in with it, as the account the code is for.
    const done = await complete(code, handoffCookie);
    expect(done.status).toBe(200);
    expect(await me(done.body.access_token)).toMatchObject({ email: 'bound@example.com' });
    // The other sign-in's code is still its own browser's.
    expect((await complete(fragment(other.location).oidc_code, other.handoffCookie)).status).toBe(200);
  });

  it('should refuse a state that is not the browser’s, and a replayed code', async () => {
    const forged = await flow('google', { sub: 'g-x', email: 'x@example.com', email_verified: true }, { cookie: () => 'oidc_state=someone-elses' });
    expect(forged.location).toBe('/login#oidc_error=stateRefused');
    const first = await flow('google', { sub: 'g-fan-3', email: 'fan3@example.com', email_verified: true });
    expect(fragment(first.location).oidc_code).toBeTruthy();
    // The same callback again: its state is spent.
    const replay = await fetch(first.callbackUrl, { redirect: 'manual', headers: { cookie: first.stateCookie } });
    expect(replay.headers.get('location')).toBe('/login#oidc_error=stateRefused');
    // The same code under a fresh state: the provider refuses it, so the site does.
    const fresh = await fetch(`${t.api}/auth/oidc/google/start`, { redirect: 'manual' });
    const freshState = new URL(fresh.headers.get('location')!).searchParams.get('state')!;
    const code = new URL(first.callbackUrl).searchParams.get('code')!;
    const replayed = await fetch(`${t.api}/auth/oidc/google/callback?code=${code}&state=${freshState}&iss=${encodeURIComponent(idp.url)}`, {
      redirect: 'manual',
      headers: { cookie: fresh.headers.get('set-cookie')!.split(';')[0] },
    });
    expect(replayed.headers.get('location')).toBe('/login#oidc_error=providerRefused');
    expect(idp.tokenRequests().filter((r) => !r.ok)).toContainEqual({ ok: false, error: 'invalid_grant' });
  });

  it('should neither match nor make an account for an unverified e-mail, nor sign into an unlinked account by e-mail', async () => {
    const unverified = await flow('google', { sub: 'g-unv', email: 'unverified@example.com', email_verified: false });
    expect(unverified.location).toBe('/login#oidc_error=emailUnverified');
    const [existing] = await createAccounts(t, 'oidc_existing', 1);
    const byEmail = await flow('google', { sub: 'g-existing', email: 'oidc_existing_1@example.com', email_verified: true });
    expect(byEmail.location).toBe('/login#oidc_error=accountExists');
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM users WHERE email ILIKE $1', ['%unverified@example.com'])).rows[0].n).toBe(0);
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM user_identities WHERE user_id = $1', [existing.id])).rows[0].n).toBe(0);
  });

  it("should link a provider only with the account's verified e-mail, then sign in with it; unlink keeps a password's account", async () => {
    const [contestant] = await createAccounts(t, 'oidc_linker', 1);
    const mismatch = await flow('google', { sub: 'g-linker', email: 'other@example.com', email_verified: true }, { token: contestant.token });
    expect(mismatch.location).toBe('/profile/basics#oidc_error=linkEmailMismatch');
    const linked = await flow('google', { sub: 'g-linker', email: 'oidc_linker_1@example.com', email_verified: true }, { token: contestant.token });
    expect(linked.location).toBe('/profile/basics#oidc_linked=google');
    const list = await (await call(t, 'GET', '/users/me/linked-accounts', contestant.token)).json();
    expect(list).toMatchObject({ accounts: [{ provider: 'google', email: 'oidc_linker_1@example.com' }], password_set: true });
    // Signing in with Google now reaches the contestant's own account.
    expect((await me(await signIn({ sub: 'g-linker', email: 'oidc_linker_1@example.com', email_verified: true }))).username).toBe(contestant.username);
    const unlinked = await call(t, 'DELETE', '/users/me/linked-accounts/google', contestant.token);
    expect(unlinked.status).toBe(200);
    expect(await unlinked.json()).toEqual({ accounts: [], password_set: true });
    expect((await call(t, 'DELETE', '/users/me/linked-accounts/google', contestant.token)).status).toBe(404);
  });

  it('should let a staff account link a provider but never sign in with it (password and second factor stand)', async () => {
    const [owner] = await createAccounts(t, 'oidc_owner', 1, 'admin');
    const person = { sub: 'g-owner', email: 'oidc_owner_1@example.com', email_verified: true };
    expect((await flow('google', person, { token: owner.token })).location).toBe('/profile/basics#oidc_linked=google');
    expect((await flow('google', person)).location).toBe('/login#oidc_error=staffUsePassword');
  });

  it('should not let a provider back into an erased account, nor hand over a code issued before the erasure', async () => {
    const [owner] = await createAccounts(t, 'oidc_eraser', 1, 'admin');
    const person = { sub: 'g-erased', email: 'erased.fan@example.com', email_verified: true };
    const fanId = Number((await me(await signIn(person))).id);
    // A code issued by a sign-in that finished before the erasure, not yet handed over.
    const issued = await flow('google', person);
    const pending = { oidc_code: fragment(issued.location).oidc_code, cookie: issued.handoffCookie };
    expect((await call(t, 'DELETE', `/users/${fanId}`, owner.token)).status).toBe(200);

    expect((await t.db.pool.query('SELECT 1 FROM user_identities WHERE user_id = $1', [fanId])).rowCount).toBe(0);
    expect((await complete(pending.oidc_code, pending.cookie)).status).toBe(400);
    // The provider account is no one's now: it makes a new fan's account, never the erased one.
    const again = await me(await signIn(person));
    expect(Number(again.id)).not.toBe(fanId);
  });

  it("should refuse to unlink the last provider of a fan's account without a password", async () => {
    const token = await signIn({ sub: 'g-only', email: 'only@example.com', email_verified: true });
    const res = await call(t, 'DELETE', '/users/me/linked-accounts/google', token);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ detail: OIDC_MESSAGES.unlinkNeedsPassword });
  });

  it('should refuse starts past OIDC_STARTS_PER_HOUR from one address, sign-in and link starts together: the sign-in page says why, the link call answers 429', async () => {
    const [linker] = await createAccounts(t, 'oidc_busy', 1);
    const from = '127.4.0.9';
    const starts: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res =
        i % 2
          ? await requestFrom(`${t.api}/auth/oidc/google/start`, 'GET', { from })
          : await requestFrom(`${t.api}/users/me/linked-accounts/google`, 'POST', { from, token: linker.token });
      starts.push(res.status);
    }
    expect(starts.filter((s) => s === 302).length).toBe(20);
    expect(starts.filter((s) => s === 200).length).toBe(20);
    // The sign-in start is a link the browser follows: it lands on the sign-in page, which says the refusal.
    const start = await requestFrom(`${t.api}/auth/oidc/google/start`, 'GET', { from });
    expect(start.status).toBe(303);
    expect(start.headers.location).toBe('/login#oidc_error=tooManyStarts');
    expect(Number(start.headers['retry-after'])).toBeGreaterThan(0);
    expect(start.headers['set-cookie']).toBeUndefined();
    const link = await requestFrom(`${t.api}/users/me/linked-accounts/google`, 'POST', { from, token: linker.token });
    expect(link.status).toBe(429);
    expect(link.body).toEqual({ detail: OIDC_MESSAGES.tooManyStarts });
    // Another address is not held by it.
    expect((await requestFrom(`${t.api}/auth/oidc/google/start`, 'GET', { from: '127.4.0.10' })).status).toBe(302);
  });

  it('should refuse a signed-out free vote, count a signed-in one once a day, and still hold a second account on the same network', async () => {
    const out = await vote(undefined, '127.3.0.2');
    expect(out.status).toBe(401);
    expect(out.body).toEqual({ detail: VOTE_MESSAGES.signInToVoteDetail });

    const alice = await signIn({ sub: 'g-alice', email: 'alice@example.com', email_verified: true });
    expect((await vote(alice, '127.3.0.3')).status).toBe(201);
    // The same account from another network: the account's day is used.
    const again = await vote(alice, '127.3.0.4');
    expect(again.status).toBe(403);
    expect(String(again.body.detail)).toContain(VOTE_MESSAGES.alreadyCastedPhrase);
    // Another account from alice's network: the network's limit still holds.
    const bob = await signIn({ sub: 'g-bob', email: 'bob@example.com', email_verified: true });
    expect((await vote(bob, '127.3.0.3')).status).toBe(403);
    // …and from a network of its own it counts.
    expect((await vote(bob, '127.3.0.5')).status).toBe(201);
  });
});
