// A new user's first purchase: the app started as `npm start` starts it, without PUBLIC_URL, opened in
// Chromium at the address its start banner prints (http://127.0.0.1:<port>), and a vote package bought
// in TEST MODE all the way to the paid votes on the profile, never leaving that address.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { npmStart, type NpmStartedApp } from '../helpers/npm-start.js';
import { actOnceHydrated, launchBrowser } from './support/browser.js';

describe('Buying votes at the address npm start prints', () => {
  let app: NpmStartedApp | undefined;
  let browser: Browser;
  let star: TestAccount;
  let printed: string;

  beforeAll(async () => {
    // As `npm start` runs: no PUBLIC_URL (an empty variable is an unset one), the built client served.
    app = await npmStart({ PUBLIC_URL: '', SERVE_CLIENT: 'true' });
    printed = /ScreamStage is running at (\S+)/.exec(app.output())?.[1] ?? '';
    const contest = await insertContest(app, { name: 'First Night', isCurrent: true, groupSizeCap: 50 });
    [star] = await createAccounts(app, 'printed', 1);
    expect((await join(app, star, contest)).status).toBe(201);
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (app) await rm(app.dataDir, { recursive: true, force: true });
  }, 60_000);

  it('should print the address it listens on, 127.0.0.1 and its port', () => {
    expect(printed).toBe(app!.baseUrl);
    expect(new URL(printed).hostname).toBe('127.0.0.1');
  });

  it.each(['127.0.0.1', 'localhost'])('should show the pages on %s without a console error and with their live socket open', async (host) => {
    const origin = `http://${host}:${new URL(printed).port}`;
    const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    const socket = page.waitForEvent('websocket', (ws) => new URL(ws.url()).origin === origin.replace(/^http/, 'ws'));

    await page.goto(`/profile/${star.username}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The socket opens and stays open (a policy refusing it closes it at once).
    const ws = await socket;
    await page.waitForLoadState('networkidle');
    expect(ws.isClosed()).toBe(false);
    for (const path of ['/', '/leaderboard', '/support']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should take a fan from Buy Now through the TEST MODE checkout to the credited votes, all at the printed address', async () => {
    const context = await browser.newContext({ baseURL: printed, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    actOnceHydrated(page);
    const origins = new Set<string>();
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) origins.add(new URL(frame.url()).origin);
    });

    await page.goto(`/profile/${star.username}`);
    await page.getByText('0 votes', { exact: true }).waitFor();
    await page.getByRole('listitem', { name: '12 Votes' }).getByRole('button', { name: 'Buy Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy 12 Votes' });
    await dialog.getByText('TEST MODE — no money is taken.').waitFor();
    await dialog.getByLabel('Receipt email').fill('first.fan@example.test');
    await dialog.getByRole('button', { name: 'Pay $10' }).click();

    await page.waitForURL('**/test-checkout/**');
    await page.getByRole('button', { name: 'Pay $10 (test mode)' }).click();
    await page.getByText('Payment completed successfully!').waitFor();
    await page.waitForURL((url) => url.pathname === `/profile/${star.username}` && url.search === '');
    await page.getByText('12 votes', { exact: true }).waitFor();
    await page.getByText('· 0 free · 12 paid').waitFor();
    expect([...origins]).toEqual([printed]);

    const stored = (await (await call(app!, 'GET', `/contestants/${star.username}/`)).json()) as Record<string, number>;
    expect([stored.total_votes, stored.paid_votes]).toEqual([12, 12]);
    await context.close();
  });
});
