// Pictures sized to their box, in Chromium: on every page with pictures, at desktop and phone width,
// each loaded <img> is at most twice as wide (in device pixels) as it is shown. A contestant with an
// 800×1000 photo in a running contest fills the pages. Each page is loaded in a fresh window with an
// empty cache: a browser shows a larger copy it already holds (from another page, or from before the
// window narrowed) rather than fetch a smaller one, which is not what the page asks for.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { ADMIN, contestantInRunningContest, signIn, type Contestant } from './support/accounts.js';
import { api, tokenOf } from './support/api.js';
import { actOnceHydrated, baseUrl, launchBrowser, newPage } from './support/browser.js';

const WIDTHS = [
  // A wide screen, where a share of the window (25vw) is no longer the width of a card.
  { width: 1440, height: 900 },
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

interface Shown {
  src: string;
  natural: number;
  client: number;
  dpr: number;
}

/**
 * Scrolls through the page so lazy pictures load, waits for every picture, and answers the shown
 * ones. `natural` is the width of the file itself: for a srcset picture Chromium's naturalWidth is
 * divided by the density it chose (a 320 px copy in a 192 px slot reads 192), so the loaded file is
 * measured on its own.
 */
async function shownPictures(page: Page): Promise<Shown[]> {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  return page.evaluate(async () => {
    const fileWidth = async (src: string) => {
      const alone = new Image();
      alone.src = src;
      await alone.decode();
      return alone.naturalWidth;
    };
    // Not displayed (hidden, or in a closed menu): no box to measure against.
    const shown = [...document.images].filter((img) => img.clientWidth > 0 && img.naturalWidth > 0);
    return Promise.all(
      shown.map(async (img) => {
        const src = img.currentSrc || img.src;
        return { src, natural: await fileWidth(src), client: img.clientWidth, dpr: window.devicePixelRatio };
      }),
    );
  });
}

const fits = (s: Shown) => s.natural <= 2 * s.client * s.dpr;
/**
 * The pictures over twice their box. One excuse: the very file is also shown in a box it fits on the
 * same page (Chromium then takes the copy it already holds for a smaller box, which costs nothing).
 */
const tooLarge = (shown: Shown[]) => shown.filter((s) => !fits(s) && !shown.some((other) => other.src === s.src && fits(other)));
/** A data: address is long; its start says what it is. */
const named = (s: Shown) => `${s.src.slice(0, 80)} (${s.natural}px for a ${s.client}px box at ×${s.dpr})`;

/** Each walk loads up to 21 pages in fresh windows (about 3 s each on a 2-core host): more than one test's default. */
const WALK_MS = 180_000;

describe('Pictures sized to their box', () => {
  let browser: Browser;
  let star: Contestant;
  let profileId: number;
  let groupId: number;
  let contestId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ contestant: star, profileId, groupId } = await contestantInRunningContest('sizes', 'Sized Screams'));
    // An 800×1000 portrait in place of the registration picture (the photos page's one-step replace).
    const portrait = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#5a1a22' } })
      .composite([{ input: Buffer.from('<svg width="800" height="1000"><circle cx="400" cy="380" r="220" fill="#e8c8a8"/></svg>') }])
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('pictures_urls', '[]');
    form.append('files', new Blob([new Uint8Array(portrait)], { type: 'image/jpeg' }), 'portrait.jpg');
    const res = await fetch(`${baseUrl()}/api/v1/contestants/my-profile/pictures`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenOf(star.username, star.password)}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const profile = await api('GET', `/contestants/${star.username}/`, null);
    contestId = Number((profile.active_contest_entry as { contest_id: number }).contest_id);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** What a signed-in window holds (its token in storage), to open more windows signed in alike. */
  async function signedIn(login: string, password: string, landing: string): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
    const { context, page } = await newPage(browser);
    await signIn(page, login, password);
    await page.waitForURL(`**${landing}`);
    const state = await context.storageState();
    await context.close();
    return state;
  }

  /**
   * Each path at each width in a window of its own (signed in with `state`), after `prepare` (a menu
   * opened); answers every picture over twice its box, and any page marked `pictures` that showed none.
   */
  async function oversized(
    pages: { path: string; pictures: boolean; prepare?: (page: Page) => Promise<void> }[],
    state?: Awaited<ReturnType<BrowserContext['storageState']>>,
  ): Promise<string[]> {
    const found: string[] = [];
    for (const viewport of WIDTHS) {
      for (const { path, pictures, prepare } of pages) {
        const context = await browser.newContext({ baseURL: baseUrl(), viewport, storageState: state });
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        actOnceHydrated(page);
        await page.goto(path);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        await prepare?.(page);
        const shown = await shownPictures(page);
        if (pictures && shown.length === 0) found.push(`${path} @${viewport.width}: no picture was shown`);
        for (const s of tooLarge(shown)) found.push(`${path} @${viewport.width}: ${named(s)}`);
        await context.close();
      }
    }
    return found;
  }

  it(
    'should load no picture over twice its displayed width on the pages a visitor sees',
    async () => {
      const found = await oversized([
        { path: '/', pictures: false },
        { path: '/leaderboard', pictures: true },
        { path: `/leaderboard/group/${groupId}`, pictures: true },
        { path: `/profile/${star.username}`, pictures: true },
        { path: `/vote/${profileId}`, pictures: true },
        { path: '/competitions', pictures: true },
        { path: '/competitions/midnight-screams', pictures: true },
      ]);
      expect(found).toEqual([]);
    },
    WALK_MS,
  );

  it(
    'should load no picture over twice its displayed width on the contestant pages, the user menu open',
    async () => {
      const openMenu = async (page: Page) => {
        await page.getByRole('button', { name: 'Open user menu' }).click();
        await page.getByText('Signed in as').waitFor();
      };
      const found = await oversized(
        [
          { path: '/dashboard', pictures: true, prepare: openMenu },
          { path: '/profile/photos', pictures: true },
          { path: '/share-support', pictures: true },
          { path: `/profile/${star.username}`, pictures: true, prepare: openMenu },
        ],
        await signedIn(star.username, star.password, '/dashboard'),
      );
      expect(found).toEqual([]);
    },
    WALK_MS,
  );

  it(
    'should load no picture over twice its displayed width on the admin pages with pictures',
    async () => {
      const found = await oversized(
        [
          { path: '/admin/all-contestants', pictures: true },
          { path: `/admin/contests/${contestId}/groups/${groupId}/contestants`, pictures: true },
        ],
        await signedIn(ADMIN.username, ADMIN.password, '/admin'),
      );
      expect(found).toEqual([]);
    },
    WALK_MS,
  );
});
