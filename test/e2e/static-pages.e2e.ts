// The static and marketing pages in Chromium: every header and footer link a
// visitor sees leads to a real page, the long-form pages and the competitions page read well at desktop
// and phone widths (heading, contents links that scroll, no sideways scrolling), and no page asks
// another host for anything (fonts, images, avatars, scripts); the scripts come compressed and without
// source maps.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { get, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, verifiedContestant, type Contestant } from './support/accounts.js';
import { api, runningContest, tokenOf } from './support/api.js';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };

/** What the former 'coming soon' placeholders and the 404 page say: no link may land on them. */
const NOT_REAL = ['This scene is still being shot. Check back soon.', 'are coming soon.', '404 - Page Not Found'];
/** The support page answers both of its paths with its hero. */
const SUPPORT_PATHS = new Set(['/support', '/contact-support']);

const LONG_FORM = [
  { path: '/about-us', heading: /^About / },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-of-service', heading: 'Terms of Service' },
] as const;

async function expectRealPage(page: Page, path: string): Promise<void> {
  await page.locator('main h1, h1').first().waitFor();
  if (SUPPORT_PATHS.has(path)) await page.getByRole('heading', { name: 'How Can We Help?' }).waitFor();
  const text = await page.locator('body').innerText();
  for (const phrase of NOT_REAL) expect({ path, hasPlaceholder: text.includes(phrase) }).toEqual({ path, hasPlaceholder: false });
}

/** A GET with exactly this Accept-Encoding (fetch would add and undo its own), answered as raw bytes. */
function rawGet(pathname: string, acceptEncoding: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(new URL(pathname, baseUrl()), { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/**
 * The scripts a page names: its module scripts and preloads, or on a page drawn on the server, the
 * after-load entry with the app's entry and scripts it is given (client/src/entry-after-load.ts).
 */
function scriptsNamedIn(html: string): string[] {
  const tags = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)].map((m) => m[0]);
  return tags.flatMap((tag) => [
    ...[...tag.matchAll(/ (?:src|href|data-entry)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!),
    ...(/ data-scripts="([^"]*)"/.exec(tag)?.[1]?.split(' ').filter(Boolean) ?? []),
  ]);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Follows each same-site link of `selector` on the landing page by clicking it, and checks where it lands. */
async function followEach(page: Page, selector: string, open?: () => Promise<void>): Promise<string[]> {
  await page.goto('/');
  await open?.();
  // The app renders after the load event (in slices, main.tsx): read the links once they are there.
  await page.locator(selector).first().waitFor();
  const hrefs = await page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const [index, href] of hrefs.entries()) {
    await page.goto('/');
    await open?.();
    await page.locator(selector).nth(index).click();
    const target = new URL(href, baseUrl());
    await page.waitForURL((url) => url.pathname === target.pathname);
    await expectRealPage(page, target.pathname);
  }
  return hrefs;
}

describe('Static and marketing pages in the browser', () => {
  let browser: Browser;
  let contestant: Contestant;
  let contestName: string;
  let profileId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    const adminToken = await tokenOf(ADMIN.username, ADMIN.password);
    const contestId = await runningContest(adminToken, 'Static Night');
    const open = (await api('GET', '/contests/all-contests', null)) as unknown as { id: number; name: string }[];
    contestName = open.find((c) => c.id === contestId)!.name;
    contestant = await verifiedContestant('static');
    await api('POST', '/contestants/join-contest', await tokenOf(contestant.username, contestant.password), { contest_id: contestId });
    profileId = Number((await api('GET', `/contestants/${contestant.username}/`, null)).id);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should lead every header and footer link a visitor sees to a real page (desktop)', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const header = await followEach(page, 'header a[href^="/"]:visible');
    const footer = await followEach(page, 'footer a[href^="/"]:visible');
    expect(header).toEqual(expect.arrayContaining(['/', '/leaderboard', '/contact-support', '/login']));
    expect(footer).toEqual(
      expect.arrayContaining(['/about-us', '/competitions', '/contact-support#faq', '/contact-support#contact', '/privacy-policy', '/terms-of-service']),
    );
    await context.close();
  });

  it('should lead every link of the phone menu to a real page', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const links = await followEach(page, 'nav[aria-label="Mobile"] a[href^="/"]', () => page.getByRole('button', { name: 'Open menu' }).click());
    expect(links).toEqual(expect.arrayContaining(['/', '/contact-support', '/login']));
    await context.close();
  });

  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`should show the long-form pages with working contents links and no sideways scroll (${width})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      for (const { path, heading } of LONG_FORM) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        const toc = page.getByRole('navigation', { name: 'Contents' }).getByRole('link');
        const count = await toc.count();
        expect(count).toBeGreaterThanOrEqual(5);
        // A section further down the page: following its link brings it to the top of the window (or as
        // near as the page's end allows).
        const link = toc.nth(Math.floor(count / 2));
        const id = new URL((await link.getAttribute('href'))!, baseUrl()).hash.slice(1);
        expect(await page.evaluate((sectionId) => window.scrollY < 50 && !!document.getElementById(sectionId), id)).toBe(true);
        await link.click();
        await page.waitForURL((url) => url.hash === `#${id}`);
        await page.waitForFunction((sectionId) => {
          const top = document.getElementById(sectionId)!.getBoundingClientRect().top;
          const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
          return window.scrollY > 0 && top >= 0 && (top < 160 || (atEnd && top < window.innerHeight / 2));
        }, id);
        expect(await noSidewaysScroll(page)).toBe(true);
        await page.getByRole('button', { name: 'Back to top' }).click();
        await page.waitForFunction(() => window.scrollY < 5);
      }
      await context.close();
    });

    it(`should show the competitions page with the real current contest and a sample detail page (${width})`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto('/competitions');
      await page.getByRole('heading', { level: 1, name: 'Every Month, a New Nightmare' }).waitFor();
      const challenge = page.getByTestId('current-challenge');
      await challenge.getByRole('heading', { name: contestName }).waitFor();
      expect(await challenge.getByRole('link', { name: 'View Leaderboard' }).getAttribute('href')).toBe('/leaderboard');
      for (const label of ['Coming Soon', 'Completed']) expect(await page.getByText(label, { exact: true }).count()).toBeGreaterThan(0);
      await page.getByRole('link', { name: 'See the Current Challenge' }).click();
      await page.waitForFunction(() => {
        const top = document.getElementById('current-challenge')!.getBoundingClientRect().top;
        return top >= 0 && top < 160;
      });
      expect(await noSidewaysScroll(page)).toBe(true);

      await page.getByTestId('competition-card').first().getByRole('link').click();
      await page.waitForURL(/\/competitions\/[a-z0-9-]+$/);
      await page.getByRole('link', { name: 'All competitions' }).waitFor();
      await page.locator('h1').waitFor();
      expect(await noSidewaysScroll(page)).toBe(true);

      await page.goto('/competitions/no-such-night');
      await page.getByRole('heading', { name: 'Competition not found' }).waitFor();
      await page.getByRole('link', { name: 'Back to Competitions' }).click();
      await page.waitForURL((url) => url.pathname === '/competitions');
      await context.close();
    });
  }

  it('should serve the scripts without their source maps', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const script = await fetch(new URL(src, baseUrl()));
      expect({ src, status: script.status, mapped: (await script.text()).includes('sourceMappingURL') }).toEqual({ src, status: 200, mapped: false });
      const map = await fetch(new URL(`${src}.map`, baseUrl()));
      expect({ src, mapStatus: map.status, isMap: (await map.text()).includes('"mappings"') }).toEqual({ src, mapStatus: 404, isMap: false });
    }
  });

  it("should name a page's own scripts and a profile's portrait in the page itself, each served", async () => {
    const pages = {
      // Each page's chunk is named after its route module (client/src/app/routes/<page>).
      '/leaderboard': 'leaderboard',
      [`/vote/${profileId}`]: 'vote',
      '/support': 'support',
      [`/profile/${contestant.username}`]: 'profile',
    };
    for (const [pathname, chunk] of Object.entries(pages)) {
      const html = await (await fetch(`${baseUrl()}${pathname}`)).text();
      const preloads = scriptsNamedIn(html);
      expect({ pathname, own: preloads.some((href) => new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`).test(href)) }).toEqual({ pathname, own: true });
      for (const href of preloads) {
        const script = await fetch(new URL(href, baseUrl()));
        expect({ href, status: script.status, type: script.headers.get('content-type') }).toEqual({
          href,
          status: 200,
          type: expect.stringContaining('javascript'),
        });
      }
    }
    // The landing page's scripts are all in index.html already: nothing more is named.
    const landing = await (await fetch(`${baseUrl()}/`)).text();
    expect(landing).not.toMatch(/-page-[\w-]+\.js/);

    // The portrait is preloaded as the very file the page shows: fetched once, at high priority.
    const profileHtml = await (await fetch(`${baseUrl()}/profile/${contestant.username}`)).text();
    const portrait = /<link rel="preload" as="image" type="image\/webp" href="([^"]+)"[^>]*fetchpriority="high"/.exec(profileHtml)?.[1];
    expect(portrait).toMatch(/^\/uploads\/variants\/profiles\/[\w-]+-320w\.webp$/);
    const { context, page } = await newPage(browser, DESKTOP);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`/profile/${contestant.username}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(requested.filter((p) => p === portrait)).toEqual([portrait]);
    await context.close();
  });

  it('should send scripts and styles Brotli- or gzip-compressed, as the browser accepts, and say they vary by it', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const assets = [...scriptsNamedIn(html), ...[...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]!)];
    let compressed = 0;
    for (const asset of assets) {
      const plain = await rawGet(asset, 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      // Below 1 KB no copy is made (vite.config.ts): such files go as they are.
      if (plain.body.length < 1024) continue;
      compressed++;
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const answer = await rawGet(asset, accept);
        expect({ asset, accept, encoding: answer.headers['content-encoding'], vary: answer.headers.vary }).toEqual({
          asset,
          accept,
          encoding,
          vary: expect.stringContaining('accept-encoding'),
        });
        expect(answer.body.length).toBeLessThan(plain.body.length);
        const decoded = encoding === 'br' ? brotliDecompressSync(answer.body) : gunzipSync(answer.body);
        expect(decoded.equals(plain.body)).toBe(true);
      }
    }
    expect(compressed).toBeGreaterThan(1);
  });

  it('should not let any page request another host', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const seen: string[] = [];
    page.on('request', (request) => seen.push(request.url()));
    const paths = [
      '/',
      '/leaderboard',
      `/profile/${contestant.username}`,
      `/vote/${profileId}`,
      '/support',
      '/about-us',
      '/privacy-policy',
      '/terms-of-service',
      '/competitions',
      '/competitions/midnight-screams-2025',
      '/register',
      '/login',
    ];
    for (const path of paths) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      // Lazy pictures and below-the-fold sections load once scrolled to.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(400);
    }
    const host = new URL(baseUrl()).host;
    const foreign = seen.filter((url) => {
      const { protocol, host: h } = new URL(url);
      return !(protocol === 'data:' || protocol === 'blob:' || h === host);
    });
    expect(foreign).toEqual([]);
    // The check saw real traffic: the pages, their API calls and their pictures.
    expect(seen.some((url) => url.includes('/api/v1/'))).toBe(true);
    expect(seen.length).toBeGreaterThan(paths.length);
    await context.close();
  });
});
