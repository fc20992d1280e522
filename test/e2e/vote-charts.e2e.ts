// The votes-over-time chart in Chromium: a profile draws it from the contestant's ledger (a TEST MODE
// package bought beforehand), with the same numbers in its table; a fan's free vote raises the
// current bucket without a reload; the server's drawing holds only the chart's placeholder and names
// none of its code; axe finds nothing wrong on the profile and on the admin's group page with their charts.
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { ADMIN, signIn, verifiedContestant, type Contestant } from './support/accounts.js';
import { api, paidPackageOfTen, runningContest, tokenOf } from './support/api.js';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';
import { flattenGradients } from './support/flatten-gradients.js';

const DAY_MS = 86_400_000;
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const PHONE = { width: 390, height: 844 };

/** The start of today (UTC), as the API and the chart name a day. */
const today = () => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS).toISOString().replace('.000Z', 'Z');

/** Fails the test on any console error: a hydration mismatch shows as one. */
function failOnConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** The table's row for a day, as its cells read: day, free, paid, voided. */
const tableRow = (chart: Locator, label: string) => chart.getByRole('row').filter({ has: chart.page().getByRole('rowheader', { name: label }) });

/** The height of the chart's card, drawn in full even below the fold. */
async function cardHeight(page: Page): Promise<number> {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>('.below-fold')) el.style.setProperty('content-visibility', 'visible', 'important');
  });
  const box = await page.getByRole('region', { name: 'Votes over time' }).boundingBox();
  return Math.round(box!.height);
}

async function violations(page: Page, where: string, include?: string): Promise<string[]> {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>('.below-fold')) el.style.setProperty('content-visibility', 'visible', 'important');
  });
  await flattenGradients(page);
  const builder = new AxeBuilder({ page }).withTags(TAGS).setLegacyMode();
  if (include) builder.include(include);
  const { violations: found } = await builder.analyze();
  return found
    .filter((v) => include || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

describe('Votes over time in the browser', () => {
  let browser: Browser;
  let star: Contestant;
  let contestId: number;
  let groupId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    contestId = await runningContest(await tokenOf(ADMIN.username, ADMIN.password), 'Chart Night');
    star = await verifiedContestant('chart');
    await api('POST', '/contestants/join-contest', await tokenOf(star.username, star.password), { contest_id: contestId });
    const profile = await api('GET', `/contestants/${star.username}/`, null);
    groupId = Number((profile.active_contest_entry as { group_id: number }).group_id);
    // The fixture: a package of 10 (+2 bonus) paid in TEST MODE, credited by the worker.
    await paidPackageOfTen(star.username);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("should draw the profile's chart from the ledger, give its numbers in the table, and raise today's bar live on a fan's vote", async () => {
    // The server draws the numbers with the page, as a table for a browser without scripts (the e2e of
    // drawn pages reads it there), and names none of the chart's code.
    const html = await (await fetch(`${baseUrl()}/profile/${star.username}`)).text();
    expect(html).toMatch(/<noscript>(?:(?!<\/noscript>).)*<table(?:(?!<\/noscript>).)*<td[^>]*>12<\/td>/s);
    expect(html).toContain('Loading votes over time...');
    expect(html).not.toMatch(/stacked-votes-chart|data-kind=/);

    // With scripts, before they have run: the chart's card at the height it keeps once the chart is in.
    const held = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 } });
    const early = await held.newPage();
    let release: () => void = () => {};
    const entry = new Promise<void>((resolve) => (release = resolve));
    await early.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await entry;
      await route.continue();
    });
    // No live socket here (joining the contestant's room reads the series again, which is as meant):
    // any read of the series is the page's own.
    await early.routeWebSocket(/\/socket\.io\//, () => {});
    await early.route(/\/socket\.io\//, (route) => route.abort());
    const reads: string[] = [];
    early.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/v1/contestants/${star.username}/votes-over-time`) reads.push(request.url());
    });
    await early.goto(`/profile/${star.username}`);
    const earlyCard = early.getByRole('region', { name: 'Votes over time' });
    await earlyCard.getByText('Loading votes over time...').waitFor({ state: 'attached' });
    expect(await early.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
    const drawnHeight = await cardHeight(early);
    release();
    await earlyCard.locator('rect[data-kind="paid"]').first().waitFor();
    expect(await cardHeight(early)).toBe(drawnHeight); // no layout shift when the chart arrives
    // Drawn from the answer that came with the page: not asked for again.
    await early.waitForTimeout(500);
    expect(reads).toEqual([]);
    await held.close();

    const { context, page } = await newPage(browser);
    const errors = failOnConsoleErrors(page);
    await page.goto(`/profile/${star.username}`);
    const chart = page.getByRole('region', { name: 'Votes over time' });
    const day = today();
    const bar = chart.locator(`g[data-start="${day}"]`);
    await bar.locator('rect[data-kind="paid"]').waitFor();
    expect(await bar.locator('rect[data-kind="free"]').count()).toBe(0);
    expect(Number(await bar.locator('rect[data-kind="paid"]').getAttribute('height'))).toBeGreaterThan(50);
    await chart.getByRole('button', { name: 'Day' }).and(chart.locator('[aria-pressed="true"]')).waitFor();

    await chart.getByText('Show the numbers as a table').click();
    const label = await bar.locator('title').textContent();
    const dayName = label!.split(':')[0];
    await expect(tableRow(chart, dayName).getByRole('cell').allTextContents()).resolves.toEqual(['0', '12', '0']);

    // A fan's free vote: the chart follows without a reload.
    await page.getByRole('button', { name: 'Cast Your Free Vote' }).click();
    await page.getByText('Your vote has been counted!').waitFor();
    await tableRow(chart, dayName).getByRole('cell').first().getByText('1', { exact: true }).waitFor({ timeout: 20_000 });
    await expect(tableRow(chart, dayName).getByRole('cell').allTextContents()).resolves.toEqual(['1', '12', '0']);
    await bar.locator('rect[data-kind="free"]').waitFor();
    await chart.getByText('In these days: 1 free, 12 paid').waitFor();

    // The hours, by keyboard: the current hour holds both.
    await chart.getByRole('button', { name: 'Hour' }).focus();
    await page.keyboard.press('Enter');
    await chart.getByText('In these hours: 1 free, 12 paid').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should find no accessibility violation on the profile with its chart and table, at desktop and phone widths', async () => {
    const { context, page } = await newPage(browser);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`/profile/${star.username}`);
    const chart = page.getByRole('region', { name: 'Votes over time' });
    await chart.locator('svg rect[data-kind="paid"]').first().waitFor();
    const found = await violations(page, 'profile', 'section[aria-labelledby]:has(svg rect[data-kind])');
    await chart.getByText('Show the numbers as a table').click();
    found.push(...(await violations(page, 'profile with the table')));
    await page.setViewportSize(PHONE);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    found.push(...(await violations(page, `profile @${PHONE.width}`)));
    // On a phone the chart fits the screen: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(found).toEqual([]);
    await context.close();
  });

  it("should find no accessibility violation on the admin's group page with the contestants' charts", async () => {
    const rival = await verifiedContestant('chart_rival');
    await api('POST', '/contestants/join-contest', await tokenOf(rival.username, rival.password), { contest_id: contestId });
    const { context, page } = await newPage(browser);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto(`/admin/contests/${contestId}/groups/${groupId}/contestants`);
    const chart = page.getByRole('region', { name: /votes over time$/ });
    await chart.getByText(`@${star.username}`, { exact: true }).waitFor();
    await chart.getByText(`@${rival.username}`, { exact: true }).waitFor(); // side by side, on the same page
    await chart.locator('svg rect[data-kind="paid"]').first().waitFor();
    await chart.getByText(`Numbers for @${star.username}`).click();
    const found = await violations(page, 'admin group', 'section[aria-labelledby]:has(svg rect[data-kind])');
    found.push(...(await violations(page, 'admin group page')));
    expect(found).toEqual([]);
    await context.close();
  });
});
