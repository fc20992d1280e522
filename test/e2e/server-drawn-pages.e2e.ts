// The public pages drawn on the server (docs/decisions/020-server-drawn-public-pages.md):
// their first view is in the HTML, readable with no script at all, addresses with a query included
// (drawn by the parameters the page reads; tracking tags share the bare page's drawing); each names
// itself in its <title>, the same drawn and hydrated; in Chromium the page hydrates that drawing without
// a mismatch or any console error and then works (a menu opens, a countdown ticks); a signed-in visitor
// gets the page as they see it, not the drawing for visitors.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { SERVER_RENDER_DATA_ID } from '#contract/site/constants.js';
import { STORAGE_KEYS } from '#contract/auth/constants.js';
import { contestantInRunningContest, type Contestant } from './support/accounts.js';
import { paidPackageOfTen, tokenOf } from './support/api.js';
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
    // Votes for the profile's votes over time to show.
    await paidPackageOfTen(star.username);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Each page, a text its drawing must hold (the page's own content, not the layout's), and its title. */
  const pages = () => [
    { path: '/', text: 'Your Horror Debut', title: 'Your Horror Debut | ScreamStage' },
    { path: '/?utm_source=newsletter', text: 'Your Horror Debut', title: 'Your Horror Debut | ScreamStage' },
    { path: `/leaderboard/group/${groupId}`, text: star.username, title: 'Leaderboard | ScreamStage' },
    { path: `/leaderboard/group/${groupId}?page=2&utm_source=x`, text: star.username, title: 'Leaderboard | ScreamStage' },
    { path: `/profile/${star.username}`, text: 'Ivy Graves', title: 'Ivy Graves | ScreamStage' },
    { path: `/vote/${profileId}`, text: 'Vote for Ivy', title: 'Vote for Ivy | ScreamStage' },
    { path: `/vote/${profileId}?type=free`, text: 'Cast your free vote for Ivy.', title: 'Vote for Ivy | ScreamStage' },
    { path: `/vote/${profileId}?type=2`, text: 'Donate $50 and give Ivy 70 votes', title: 'Vote for Ivy | ScreamStage' },
    { path: '/support', text: 'How Can We Help?', title: 'Support | ScreamStage' },
    { path: '/privacy-policy', text: 'Privacy Policy', title: 'Privacy Policy | ScreamStage' },
    { path: '/no/such/page', text: 'Page Not Found', title: 'Page Not Found | ScreamStage', status: 404 },
  ];

  /** The drawing's part of a page: its root element, up to the data block. */
  const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf(`<script type="application/json" id="${SERVER_RENDER_DATA_ID}">`));
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;
  /** When the drawing an address was answered with was made (its data block), or null when it was not drawn. */
  const drawnAt = async (path: string): Promise<number | null> => {
    const html = await (await fetch(new URL(path, baseUrl()))).text();
    const block = new RegExp(`<script type="application/json" id="${SERVER_RENDER_DATA_ID}">(.*?)</script>`, 's').exec(html);
    return block ? (JSON.parse(block[1]) as { drawnAt: number }).drawnAt : null;
  };

  it("should send each page's first view in the HTML, with the data it was drawn from and its title", async () => {
    for (const { path, text, title, status } of pages()) {
      // A leaderboard may be up to half a second old, and a drawing is answered stale while the next is
      // made: the new contestant is on the group's drawing within a few seconds.
      let res = await fetch(new URL(path, baseUrl()));
      let html = await res.text();
      for (let tries = 0; !html.includes(text) && tries < 20; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        res = await fetch(new URL(path, baseUrl()));
        html = await res.text();
      }
      const root = rootOf(html);
      expect({ path, status: res.status, drawn: root.includes(text), loading: root.includes('Loading...'), title: titleOf(html) }).toEqual({
        path,
        status: status ?? 200,
        drawn: true,
        loading: false,
        title,
      });
    }
  });

  it("should share the bare page's drawing with an address whose query the page does not read (tracking tags)", async () => {
    // Compared while one drawing of the bare page is fresh: asked for just before and just after.
    let compared = false;
    for (let tries = 0; !compared && tries < 10; tries++) {
      const before = await drawnAt('/support');
      const tagged = await drawnAt('/support?utm_source=newsletter&fbclid=abc');
      const after = await drawnAt('/support');
      if (before === null || before !== after) continue;
      expect(tagged).toBe(before);
      compared = true;
    }
    expect(compared).toBe(true);
    // A page's own parameter is another drawing.
    const free = await (await fetch(new URL(`/vote/${profileId}?type=free`, baseUrl()))).text();
    const pack = await (await fetch(new URL(`/vote/${profileId}?type=2&utm_source=x`, baseUrl()))).text();
    // The free vote's drawing waits for the visitor's own check (it cannot know whether they voted today).
    expect([rootOf(free).includes('Checking Your Vote...'), rootOf(free).includes('Donate $')]).toEqual([true, false]);
    expect([rootOf(pack).includes('Checking Your Vote...'), rootOf(pack).includes('Donate $50')]).toEqual([false, true]);
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
    // The votes over time came with the page: drawn as a table (no chart without scripts), not a box left loading.
    const votes = page.getByRole('region', { name: 'Votes over time' });
    await votes.scrollIntoViewIfNeeded(); // drawn once near the screen (below-fold)
    const table = votes.getByRole('table', { name: 'Votes per day for Ivy Graves (UTC)' });
    await expect(table.isVisible()).resolves.toBe(true);
    const today = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(new Date());
    await expect(
      table.getByRole('row').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))),
    ).resolves.toEqual([
      ['Day (UTC)', 'Free', 'Paid', 'Voided'],
      [today, '0', '12', '0'],
      ['Total', '0', '12', '0'],
    ]);
    // What the card shows, as rendered (text matching skips a <noscript>'s content, even where it is shown).
    const shown = await votes.innerText();
    expect({ totals: shown.includes('In these days: 0 free, 12 paid'), loading: shown.includes('Loading votes over time...') }).toEqual({
      totals: true,
      loading: false,
    });
    // An address with a query: the vote page's free vote, as a shared link opens it.
    await page.goto(`/vote/${profileId}?type=free&utm_source=share`);
    await page.getByText('Cast your free vote for Ivy.').waitFor();
    // Without scripts no check can answer: the vote is never offered, only shown waiting.
    await expect(page.getByRole('button', { name: 'Checking Your Vote...' }).isDisabled()).resolves.toBe(true);
    await expect(page.title()).resolves.toBe('Vote for Ivy | ScreamStage');
    await context.close();
  });

  /** Console errors and uncaught errors of a page (a hydration mismatch is one). */
  function watchErrors(page: Page): string[] {
    const errors: string[] = [];
    page.on('console', (m) => {
      // The browser reports a page answered with 404 as a failed load of the page itself: its status, not an error in it.
      if (m.type() === 'error' && !(m.text().startsWith('Failed to load resource') && m.location().url === page.url())) errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    return errors;
  }

  it('should hydrate every drawn page without a mismatch or a console error, keep its drawn title, and then work', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const errors = watchErrors(page);
    for (const { path, text, title, status } of pages()) {
      const response = await page.goto(path, { waitUntil: 'networkidle' });
      const drawnTitle = titleOf((await response?.text()) ?? '');
      await page.getByText(text).first().waitFor();
      // Hydrated: the menu button answers (before hydration nothing handles its click).
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
      expect({ path, errors, drawnTitle, title: await page.title(), status: response?.status() }).toEqual({
        path,
        errors: [],
        drawnTitle: title,
        title,
        status: status ?? 200,
      });
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
    await expect(page.title()).resolves.toBe('Leaderboard | ScreamStage');
    // A profile the browser draws keeps the contestant's name the server gave it, loaded or not.
    await page.goto(`/profile/${star.username}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Ivy Graves' }).waitFor();
    await expect(page.title()).resolves.toBe('Ivy Graves | ScreamStage');
    expect(errors).toEqual([]);
    await context.close();
  });
});
