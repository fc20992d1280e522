// The public pages drawn on the server (issue 13 §1, docs/decisions/020-server-drawn-public-pages.md):
// their first view is in the HTML, readable with no script at all; in Chromium the page hydrates that
// drawing without a mismatch or any console error and then works (a menu opens, a countdown ticks);
// a signed-in visitor gets the page as they see it, not the drawing for visitors.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { SERVER_RENDER_DATA_ID, STORAGE_KEYS } from '#contract/constants.js';
import { contestantInRunningContest, type Contestant } from './support/accounts.js';
import { tokenOf } from './support/api.js';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';

const PHONE = { width: 375, height: 740 };

describe('Public pages drawn on the server', () => {
  let browser: Browser;
  let star: Contestant;
  let profileId: number;
  let groupId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ contestant: star, profileId, groupId } = await contestantInRunningContest('drawn', 'Drawn Night'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Each page, and a text its drawing must hold (the page's own content, not the layout's). */
  const pages = () => [
    { path: '/', text: 'Your Horror Debut' },
    { path: `/leaderboard/group/${groupId}`, text: star.username },
    { path: `/profile/${star.username}`, text: 'Ivy Graves' },
    { path: `/vote/${profileId}`, text: 'Vote for Ivy' },
    { path: '/support', text: 'How Can We Help?' },
    { path: '/privacy-policy', text: 'Privacy Policy' },
  ];

  it("should send each page's first view in the HTML, with the data it was drawn from", async () => {
    for (const { path, text } of pages()) {
      // A leaderboard may be up to half a second old, and a drawing is answered stale while the next is
      // made: the new contestant is on the group's drawing within a few seconds.
      let res = await fetch(new URL(path, baseUrl()));
      let html = await res.text();
      for (let tries = 0; !html.includes(text) && tries < 20; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        res = await fetch(new URL(path, baseUrl()));
        html = await res.text();
      }
      const root = html.slice(html.indexOf('<div id="root">'), html.indexOf(`<script type="application/json" id="${SERVER_RENDER_DATA_ID}">`));
      expect({ path, status: res.status, drawn: root.includes(text), loading: root.includes('Loading...') }).toEqual({
        path,
        status: 200,
        drawn: true,
        loading: false,
      });
    }
    // A query string goes to the browser (it could otherwise make the server draw without end).
    const queried = await (await fetch(new URL('/support?topic=x', baseUrl()))).text();
    expect(queried.includes(SERVER_RENDER_DATA_ID)).toBe(false);
  });

  it('should show the drawn page with scripts off: the contestant on the leaderboard and the profile', async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/leaderboard/group/${groupId}`);
    await expect(
      page
        .getByTestId('leaderboard-card')
        .filter({ hasText: `@${star.username}` })
        .count(),
    ).resolves.toBe(1);
    await page.goto(`/profile/${star.username}`);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toContain('Ivy Graves');
    await context.close();
  });

  /** Console errors and uncaught errors of a page (a hydration mismatch is one). */
  function watchErrors(page: Page): string[] {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    return errors;
  }

  it('should hydrate every drawn page without a mismatch or a console error, and then work', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const errors = watchErrors(page);
    for (const { path, text } of pages()) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.getByText(text).first().waitFor();
      // Hydrated: the menu button answers (before hydration nothing handles its click).
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
      expect({ path, errors }).toEqual({ path, errors: [] });
    }
    // The profile's countdown ticks once hydrated (it showed the time of the drawing until then).
    await page.goto(`/profile/${star.username}`, { waitUntil: 'networkidle' });
    const seconds = page.getByRole('timer').locator('span').nth(6);
    const first = await seconds.innerText();
    await page.waitForFunction((was) => document.querySelectorAll('[role="timer"] span')[6]?.textContent !== was, first);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should load the scripts after the page, and do a tap made before hydration once it has hydrated', async () => {
    // A page of its own: newPage's navigations wait for hydration, and this one must not.
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const html = await (await fetch(new URL('/support', baseUrl()))).text();
    // The drawn page names only the after-load entry; the app's scripts are not requested by the page itself.
    expect(html).toMatch(
      /<script type="module" crossorigin src="\/assets\/after-load-[\w-]+\.js" data-entry="\/assets\/index-[\w-]+\.js" data-scripts="[^"]+">/,
    );
    expect(html).not.toContain('rel="modulepreload"');
    // Hold the app's entry back until the tap is made.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/support');
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
    release();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should show a signed-in visitor their own header, not the drawing for visitors', async () => {
    const token = await tokenOf(star.username, star.password);
    const { context, page } = await newPage(browser, { width: 1280, height: 900 });
    await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.token, token] as const);
    const errors = watchErrors(page);
    await page.goto('/leaderboard');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Account' }).waitFor();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'LOGIN' }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
