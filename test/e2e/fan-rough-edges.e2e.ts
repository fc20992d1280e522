// Rough edges a fan meets, in Chromium: a visitor without JavaScript gets the landing headline and its
// sections at full strength, LOGIN in the header and the sign-in and registration forms (with a note
// that they need JavaScript); on a phone, a toast never covers the buy dialog's buttons; and an
// unknown group's leaderboard says 'Group not found'.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { contestantInRunningContest, type Contestant } from './support/accounts.js';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = process.env.E2E_SCREENSHOTS;

/** Whether two boxes on screen overlap. */
const overlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("A fan's rough edges", () => {
  let browser: Browser;
  let star: Contestant;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ contestant: star } = await contestantInRunningContest('edges', 'Edges Night'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should show a visitor without JavaScript the landing page at full strength, LOGIN, and the sign-in and registration forms', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto('/');
      // Past the hero's fade-in time: nothing should be faded in without scripts, nor still hidden.
      await page.waitForTimeout(1200);
      const headline = page.getByRole('heading', { level: 1, name: "This Isn't a Dream. It's Your Horror Debut." });
      expect(await headline.evaluate((el) => getComputedStyle(el.parentElement!).opacity)).toBe('1');
      const hidden = await page.evaluate(() => [...document.querySelectorAll('.reveal')].filter((el) => getComputedStyle(el).opacity !== '1').length);
      expect(hidden).toBe(0);
      if (viewport === DESKTOP) expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'LOGIN' }).isVisible()).toBe(true);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/nojs-landing-${viewport.width}.png` });

      await page.goto('/login');
      expect(await page.getByLabel('Email or Username').isVisible()).toBe(true);
      expect(await page.getByLabel('Password', { exact: true }).isVisible()).toBe(true);
      // The note is a <noscript> (read from the markup: the emulation of a browser without scripts parses it as text).
      expect(await page.evaluate(() => [...document.querySelectorAll('noscript')].some((n) => n.textContent?.includes('Signing in needs JavaScript')))).toBe(
        true,
      );
      expect(await page.getByText('Loading...').count()).toBe(0);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/nojs-login-${viewport.width}.png`, fullPage: true });
      await page.goto('/register');
      expect(await page.getByLabel('Username').first().isVisible()).toBe(true);
      expect(await page.evaluate(() => [...document.querySelectorAll('noscript')].some((n) => n.textContent?.includes('Registering needs JavaScript')))).toBe(
        true,
      );
      await context.close();
    }
  });

  it("should keep a phone's toast clear of the buy dialog's buttons", async () => {
    const { context, page } = await newPage(browser, PHONE);
    // A cancelled checkout's return: its toast stays 5 seconds, while the fan opens a package.
    await page.goto(`/profile/${star.username}?payment=cancel`);
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Payment was cancelled' });
    await toast.waitFor();
    await page.getByRole('button', { name: 'Buy Now' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /^Pay \$/ }).waitFor();
    await page.waitForTimeout(500);
    const toastBox = await toast.boundingBox();
    expect(toastBox).not.toBeNull();
    // The toast is on screen (not moved out of sight), and the dialog's buttons are clear of it.
    expect(toastBox!.y >= 0 && toastBox!.y + toastBox!.height <= PHONE.height).toBe(true);
    for (const name of [/^Pay \$/, 'Cancel']) {
      // Where the fan sees it once the dialog is scrolled to it.
      await dialog.getByRole('button', { name }).scrollIntoViewIfNeeded();
      const box = await dialog.getByRole('button', { name }).boundingBox();
      expect({ name: String(name), overlaps: overlap(toastBox!, box!) }).toEqual({ name: String(name), overlaps: false });
    }
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/buy-dialog-toast-390.png` });
    await context.close();
  });

  it("should say 'Group not found' for a group that does not exist", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/leaderboard/group/999999');
    await page.getByRole('alert').getByText('Group not found').waitFor();
    expect(await page.getByRole('combobox', { name: 'Group' }).getByRole('option', { name: 'Group 999999' }).count()).toBe(0);
    await context.close();
  });
});
