// A fan asked to sign in for a free vote (VOTE_IDENTITY=account) continues with Google in Chromium: the
// app (as `npm start` runs it) runs the real openid-client against the loopback stand-in provider, the
// browser follows the start, the provider's page and the callback, the sign-in page finishes the sign-in
// with its one-time code and returns to the vote page, where the free vote is cast and counted once.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { VOTE_MESSAGES as V } from '#contract/votes/messages.js';
import { createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { npmStart, type NpmStartedApp } from '../helpers/npm-start.js';
import { startOidcStandIn, type OidcStandIn } from '../helpers/oidc-stand-in.js';
import { actOnceHydrated, launchBrowser } from './support/browser.js';

describe('Continue with Google for a free vote', () => {
  let app: NpmStartedApp | undefined;
  let idp: OidcStandIn | undefined;
  let browser: Browser;
  let star: TestAccount;

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
});
