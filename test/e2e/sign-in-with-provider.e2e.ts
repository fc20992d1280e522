// A fan asked to sign in for a free vote (VOTE_IDENTITY=account) continues with Google in Chromium: the
// app (as `npm start` runs it) runs the real openid-client against the loopback stand-in provider, the
// browser follows the start, the provider's page and the callback, the sign-in page finishes the sign-in
// with its one-time code and returns to the vote page, where the free vote is cast and counted once.
// Apple (its answer posted back by the provider page's form) and Facebook sign a fan in from the sign-in page.
// Refused sign-ins (another browser's state, a replayed callback, an e-mail the provider has not
// verified) end on the sign-in page with their words, nobody signed in and no account made.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { OIDC_MESSAGES as O } from '#contract/auth/messages.js';
import { VOTE_MESSAGES as V } from '#contract/votes/messages.js';
import { createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { npmStart, type NpmStartedApp } from '../helpers/npm-start.js';
import { startOidcStandIn, type OidcStandIn } from '../helpers/oidc-stand-in.js';
import { actOnceHydrated, launchBrowser } from './support/browser.js';

describe('Continue with Google, Apple or Facebook', () => {
  let app: NpmStartedApp | undefined;
  let idp: OidcStandIn | undefined;
  let browser: Browser;
  let star: TestAccount;

  const open = async () => {
    const context = await browser.newContext({ baseURL: app!.baseUrl, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    actOnceHydrated(page);
    return { context, page };
  };
  /** The sign-in page's refusal, as the visitor reads it. */
  const refusal = async (page: Page) => {
    const alert = page.getByRole('alert');
    await alert.waitFor();
    return (await alert.textContent())?.trim();
  };
  /** The names of the sign-in's own cookies the browser holds for the provider calls. */
  const signInCookies = async (context: BrowserContext) =>
    (await context.cookies(`${app!.baseUrl}/api/v1/auth/oidc/complete`)).map((c) => c.name).filter((name) => name.startsWith('oidc_'));
  const signedIn = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
  const count = async (sql: string, params: unknown[]) => ((await app!.db.pool.query(sql, params)).rows[0] as { n: number }).n;
  const continueWithGoogle = async (page: Page) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
  };

  beforeAll(async () => {
    idp = await startOidcStandIn();
    app = await npmStart({
      // The address the browser uses (the printed one), and the built client served.
      PUBLIC_URL: '',
      SERVE_CLIENT: 'true',
      LOG_LEVEL: 'warn',
      OIDC_GOOGLE_CLIENT_ID: idp.clientId,
      OIDC_GOOGLE_CLIENT_SECRET: idp.clientSecret,
      OIDC_GOOGLE_ISSUER: idp.url,
      // Apple's answer comes back by a form the provider's page posts; Facebook's as Google's.
      OIDC_APPLE_CLIENT_ID: idp.clientId,
      OIDC_APPLE_CLIENT_SECRET: idp.clientSecret,
      OIDC_APPLE_ISSUER: idp.url,
      OIDC_FACEBOOK_CLIENT_ID: idp.clientId,
      OIDC_FACEBOOK_CLIENT_SECRET: idp.clientSecret,
      OIDC_FACEBOOK_ISSUER: idp.url,
      VOTE_IDENTITY: 'account',
    });
    const contest = await insertContest(app, { name: 'Provider Cup', isCurrent: true, groupSizeCap: 50 });
    [star] = await createAccounts(app, 'oidc_e2e', 1);
    expect((await join(app, star, contest)).status).toBe(201);
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (app) await rm(app.dataDir, { recursive: true, force: true });
    await idp?.close();
  }, 60_000);

  it('should ask a signed-out fan to sign in, sign them in with the keyboard through the provider, and take their free vote once', async () => {
    idp!.signInAs({ sub: 'e2e-fan', email: 'e2e.fan@example.test', email_verified: true });
    const context = await browser.newContext({ baseURL: app!.baseUrl, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    actOnceHydrated(page);
    await page.goto(`/vote/${star.profileId}?type=free`);
    await page.getByRole('heading', { name: V.signInToVote }).waitFor();
    const google = page.getByRole('link', { name: 'Continue with Google' });
    await google.focus();
    await Promise.all([page.waitForURL((url) => url.pathname === '/login', { waitUntil: 'commit' }), page.keyboard.press('Enter')]);
    // Through the provider and the sign-in page, back to the vote page, signed in.
    await page.waitForURL((url) => url.pathname === `/vote/${star.profileId}` && url.hash === '', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Cast Free Vote' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await page.getByRole('textbox', { name: 'Name' }).fill('E2E Fan');
    await page.getByRole('textbox', { name: 'Email Address' }).fill('e2e.fan@example.test');
    await page.getByRole('button', { name: 'Cast Free Vote' }).click();
    await page.getByText(V.counted).waitFor();

    const fan = await app!.db.pool.query(
      `SELECT u.is_competitor, u.is_verified, i.provider FROM users u JOIN user_identities i ON i.user_id = u.id WHERE i.subject = 'e2e-fan'`,
    );
    expect(fan.rows).toEqual([{ is_competitor: false, is_verified: true, provider: 'google' }]);
    await context.close();
  });

  it.each([
    ['Apple', 'apple'],
    ['Facebook', 'facebook'],
  ])('should sign a fan in with %s from the sign-in page and land on the dashboard', async (name, provider) => {
    idp!.signInAs({ sub: `e2e-${provider}`, email: `e2e.${provider}@example.test`, email_verified: true });
    const { context, page } = await open();
    await page.goto('/login');
    await page.getByRole('link', { name: `Continue with ${name}` }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.hash === '', { timeout: 20_000 });
    expect(await signedIn(page)).toBeTruthy();
    expect(await signInCookies(context)).toEqual([]);
    const made = await app!.db.pool.query(`SELECT u.is_competitor, i.provider FROM users u JOIN user_identities i ON i.user_id = u.id WHERE i.subject = $1`, [
      `e2e-${provider}`,
    ]);
    expect(made.rows).toEqual([{ is_competitor: false, provider }]);
    await context.close();
  });

  it("should refuse a callback carrying another browser's state with its words, and sign no one in", async () => {
    idp!.signInAs({ sub: 'e2e-stranger', email: 'e2e.stranger@example.test', email_verified: true });
    /** A sign-in started (the state its browser's cookie holds), and the callback address the provider sends it back to. */
    const startSignIn = async () => {
      const start = await fetch(`${app!.baseUrl}/api/v1/auth/oidc/google/start?return_to=%2Fdashboard`, { redirect: 'manual' });
      const state = start.headers.get('set-cookie')!.split(';')[0].slice('oidc_state='.length);
      const callback = (await fetch(start.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!;
      return { state, callback };
    };
    // Another browser's sign-in, up to the provider's answer: the callback address with that browser's state.
    const elsewhere = (await startSignIn()).callback;
    expect(new URL(elsewhere).pathname).toBe('/api/v1/auth/oidc/google/callback');
    // This browser has a sign-in of its own under way: its cookie holds its own, unused state.
    const own = await startSignIn();
    const exchanges = idp!.tokenRequests().length;
    const { context, page } = await open();
    const host = new URL(app!.baseUrl).hostname;
    await context.addCookies([{ name: 'oidc_state', value: own.state, domain: host, path: '/api/v1/auth/oidc', httpOnly: true, sameSite: 'Lax' }]);

    await page.goto(elsewhere);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await refusal(page)).toBe(O.stateRefused);
    expect(await signedIn(page)).toBeNull();
    // Refused before the provider's code was exchanged: no account, no link.
    expect(idp!.tokenRequests()).toHaveLength(exchanges);
    expect(await count(`SELECT count(*)::int AS n FROM user_identities WHERE subject = $1`, ['e2e-stranger'])).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM users WHERE email = $1`, ['e2e.stranger@example.test'])).toBe(0);
    await context.close();
  });

  it('should refuse the same provider callback visited again with its words, and not sign in a second time', async () => {
    idp!.signInAs({ sub: 'e2e-replay', email: 'e2e.replay@example.test', email_verified: true });
    const { context, page } = await open();
    let callback = '';
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/v1/auth/oidc/google/callback') callback = request.url();
    });
    await continueWithGoogle(page);
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.hash === '', { timeout: 20_000 });
    expect(await signedIn(page)).toBeTruthy();
    // Both of the sign-in's cookies are gone once it is done.
    expect(await signInCookies(context)).toEqual([]);
    const handoffs = `SELECT count(*)::int AS n FROM auth_tokens t JOIN user_identities i ON i.user_id = t.user_id WHERE i.subject = $1 AND t.purpose = 'oidc_sign_in'`;
    expect(await count(handoffs, ['e2e-replay'])).toBe(1);

    // Signed out, the same callback again, even with the state's cookie put back as it was.
    await page.evaluate(() => localStorage.removeItem('token'));
    const state = new URL(callback).searchParams.get('state')!;
    await context.addCookies([
      { name: 'oidc_state', value: state, domain: new URL(app!.baseUrl).hostname, path: '/api/v1/auth/oidc', httpOnly: true, sameSite: 'Lax' },
    ]);
    const exchanges = idp!.tokenRequests().length;
    await page.goto(callback);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await refusal(page)).toBe(O.stateRefused);
    expect(await signedIn(page)).toBeNull();
    expect(idp!.tokenRequests()).toHaveLength(exchanges);
    expect(await count(handoffs, ['e2e-replay'])).toBe(1);
    await context.close();
  });

  it('should say an e-mail the provider has not verified is refused, and make no account', async () => {
    idp!.signInAs({ sub: 'e2e-unverified', email: 'e2e.unverified@example.test', email_verified: false });
    const { context, page } = await open();
    await continueWithGoogle(page);
    // Through the provider and back to the sign-in page, which says why.
    expect(await refusal(page)).toBe(O.emailUnverified);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(idp!.tokenRequests().at(-1)).toEqual({ ok: true });
    expect(await signedIn(page)).toBeNull();
    expect(await count(`SELECT count(*)::int AS n FROM users WHERE email ILIKE $1`, ['e2e.unverified@example.test'])).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM user_identities WHERE subject = $1`, ['e2e-unverified'])).toBe(0);
    await context.close();
  });

  it("should not sign in a browser given another browser's sign-in link, and leave that code to its own browser", async () => {
    idp!.signInAs({ sub: 'e2e-victim', email: 'e2e.victim@example.test', email_verified: true });
    // One browser's sign-in, up to the callback's redirect: the link with the one-time code, and the cookie it came with.
    const start = await fetch(`${app!.baseUrl}/api/v1/auth/oidc/google/start?return_to=%2Fdashboard`, { redirect: 'manual' });
    const back = (await fetch(start.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!;
    const callback = await fetch(back, { redirect: 'manual', headers: { cookie: start.headers.get('set-cookie')!.split(';')[0] } });
    const link = callback.headers.get('location')!;
    expect(link).toMatch(/^\/login#oidc_code=/);
    const handoff = callback.headers
      .getSetCookie()
      .find((c) => c.startsWith('oidc_handoff='))!
      .split(';')[0];

    // Another browser opens the link.
    const { context, page } = await open();
    await page.goto(link);
    expect(await refusal(page)).toBe(O.handoffExpired);
    expect(await signedIn(page)).toBeNull();
    await context.close();

    // The browser that started it still exchanges the code, once.
    const code = new URLSearchParams(link.slice(link.indexOf('#') + 1)).get('oidc_code');
    const done = await fetch(`${app!.baseUrl}/api/v1/auth/oidc/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: handoff },
      body: JSON.stringify({ code }),
    });
    expect(done.status).toBe(200);
  });
});
