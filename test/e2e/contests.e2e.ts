// A season in the browser: an admin creates a contest and makes it current, a contestant joins it,
// the admin finds them in their group and eliminates them; and each side is kept out of the other's pages.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, signIn, verifiedContestant, type Contestant } from './support/accounts.js';
import { launchBrowser, newPage } from './support/browser.js';

/** A datetime-local value a few minutes from now, in the browser's own time zone. */
const soonLocal = (page: Page) =>
  page.evaluate(() => {
    const d = new Date(Date.now() + 10 * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  });

describe('Contests in the browser', () => {
  let browser: Browser;
  let contestant: Contestant;
  const contestName = `Midnight Screams ${Date.now().toString(36)}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    contestant = await verifiedContestant('join');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should let an admin run a contest that a contestant joins and is eliminated from', async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN.username, ADMIN.password);
    await admin.page.waitForURL('**/admin');

    await admin.page.goto('/admin/contests/create');
    await admin.page.getByLabel('Contest Name').fill(contestName);
    await admin.page.getByLabel('Description').fill('Twelve rooms, one night, no second takes.');
    await admin.page.getByLabel('Start Date').fill(await soonLocal(admin.page));
    await admin.page.getByRole('button', { name: 'Create Contest' }).click();
    await admin.page.waitForURL(/\/admin\/contests\/\d+/);
    await admin.page.getByText('Contest created successfully', { exact: true }).waitFor();
    const contestId = Number(/\/admin\/contests\/(\d+)/.exec(admin.page.url())![1]);

    // Another zone on the edit form: it asks, and by default keeps the moments (the start reads 9 hours later in Tokyo, from UTC).
    await admin.page.goto(`/admin/contests/${contestId}/edit`);
    const start = admin.page.getByLabel('Start Date');
    await start.waitFor();
    const before = await start.inputValue();
    await admin.page.getByLabel(/Time zone/).selectOption('Asia/Tokyo');
    await admin.page.getByRole('radiogroup', { name: /^The zone changed from .+ to Asia\/Tokyo: what happens to the dates\?$/ }).waitFor();
    expect(await admin.page.getByRole('radio', { name: /Keep the same moments/ }).isChecked()).toBe(true);
    const shift = (Date.parse(`${await start.inputValue()}Z`) - Date.parse(`${before}Z`)) / 3_600_000;
    expect(shift).toBe(await admin.page.evaluate(() => 9 + new Date().getTimezoneOffset() / 60));
    if (process.env.E2E_SHOTS) {
      for (const width of [1280, 390]) {
        await admin.page.setViewportSize({ width, height: 900 });
        await admin.page.screenshot({ path: `${process.env.E2E_SHOTS}/contest-zone-change-${width}.png`, fullPage: true });
      }
      await admin.page.setViewportSize({ width: 1280, height: 900 });
    }

    await admin.page.goto('/admin/contests');
    await admin.page.getByRole('button', { name: `Set as current: ${contestName}` }).click();
    await admin.page.getByRole('button', { name: `Set as current: ${contestName}` }).waitFor({ state: 'detached' });

    const fan = await newPage(browser);
    await signIn(fan.page, contestant.username, contestant.password);
    await fan.page.waitForURL('**/dashboard');
    await fan.page.goto('/active-contests');
    await fan.page.getByRole('button', { name: `Join Contest: ${contestName}` }).click();
    const dialog = fan.page.getByRole('dialog', { name: 'Confirm Join Contest' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Join Contest' }).click();
    await fan.page.waitForURL('**/contest-join-success');
    await fan.page.getByRole('heading', { name: "You're In!" }).waitFor();
    // The page that stays names the contest and the group.
    await fan.page.getByText(`You have joined ${contestName} in Group 1.`, { exact: false }).waitFor();
    if (process.env.E2E_SHOTS) await fan.page.screenshot({ path: `${process.env.E2E_SHOTS}/join-success-1280.png`, fullPage: true });

    await fan.page.goto('/active-contests');
    await fan.page.getByRole('button', { name: 'Already In Contest' }).first().waitFor();
    if (process.env.E2E_SHOTS) {
      await fan.page.setViewportSize({ width: 390, height: 844 });
      await fan.page.screenshot({ path: `${process.env.E2E_SHOTS}/active-contests-390.png`, fullPage: true });
    }

    await admin.page.goto(`/admin/contests/${contestId}/groups`);
    await admin.page
      .getByRole('link', { name: /View Contestants/ })
      .first()
      .click();
    await admin.page.getByRole('heading', { name: 'Group 1 Contestants' }).waitFor();
    await admin.page.getByText(contestant.username).first().waitFor();
    await admin.page.getByRole('button', { name: `Eliminate ${contestant.username}` }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Eliminate' }).click();
    await admin.page.getByText('Contestant eliminated successfully').waitFor();
    await admin.page.getByRole('button', { name: `Eliminate ${contestant.username}` }).waitFor({ state: 'detached' });
    expect(await admin.page.getByText('Eliminated', { exact: true }).count()).toBeGreaterThan(0);

    await admin.context.close();
    await fan.context.close();
  });

  it('should show a contestant the 404 page in the admin area', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, contestant.username, contestant.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/admin');
    await page.getByText('404 - Page Not Found').waitFor();
    await page.getByText('You do not have permission to access this page.').waitFor();
    await context.close();
  });

  it('should send an admin on /dashboard to the admin dashboard', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL('**/admin');
    await page.goto('/dashboard');
    await page.getByText('You do not have permission to access this page', { exact: false }).first().waitFor();
    await page.getByRole('link', { name: 'Go to Admin Dashboard' }).click();
    await page.waitForURL('**/admin');
    await context.close();
  });
});
