// A fan on a phone (390 px): the leaderboard is one tap away in the phone menu, and the current
// contest's running round shows on the leaderboards and the profiles: its name, the time to its cut in
// the contest's time zone, the cut line ("top N go on") and who is below it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { ADMIN, verifiedContestant, type Contestant } from './support/accounts.js';
import { api, tokenOf } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';

const PHONE = { width: 390, height: 844 };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SHOTS = process.env.E2E_SCREENSHOTS;

describe('A fan on a phone finds the leaderboard and sees the round and its cut', () => {
  let browser: Browser;
  let star: Contestant;
  let rival: Contestant;
  let groupId: number;
  const cutAt = new Date(Date.now() + 3 * DAY);

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await tokenOf(ADMIN.username, ADMIN.password);
    const created = await api('POST', '/admin/create-contest', admin, {
      name: `Cut Line Night ${Date.now().toString(36)}`,
      description: 'A group stage, then the final.',
      start_date: new Date(Date.now() + HOUR).toISOString(),
      is_active: true,
      is_current: true,
      time_zone: 'America/New_York',
      winners: 1,
      rounds: [
        { name: 'Group Stage', ends_at: cutAt.toISOString(), advance_per_group: 1 },
        { name: 'Final', ends_at: new Date(Date.now() + 6 * DAY).toISOString() },
      ],
    });
    const contestId = Number(created.id);
    await api('PUT', `/admin/contests/${contestId}`, admin, { start_date: new Date(Date.now() - HOUR).toISOString() });
    star = await verifiedContestant('cut_star');
    rival = await verifiedContestant('cut_rival');
    for (const c of [star, rival]) await api('POST', '/contestants/join-contest', await tokenOf(c.username, c.password), { contest_id: contestId });
    await api('POST', `/contestants/${star.username}/vote`, null);
    const profile = await api('GET', `/contestants/${star.username}/`, null);
    groupId = Number((profile.active_contest_entry as { group_id: number }).group_id);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should reach the leaderboard from the phone menu', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Leaderboard' }).click();
    await page.waitForURL('**/leaderboard');
    await page.getByRole('heading', { level: 1, name: 'Leaderboard' }).waitFor();
    await page.getByRole('region', { name: 'Current round' }).getByRole('heading', { name: 'Group Stage' }).waitFor();
    await context.close();
  });

  it("should show the group's round, the time to its cut in the contest's zone, the cut line and who is below it", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`/leaderboard/group/${groupId}`);
    const banner = page.getByRole('region', { name: 'Current round' });
    await banner.getByRole('heading', { name: 'Group Stage' }).waitFor();
    expect(await banner.getByRole('timer').innerText()).toMatch(/^2d 23h \d+m$|^3d 0h 0m$/);
    const zoned = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'America/New_York',
      timeZoneName: 'short',
    }).format(cutAt);
    expect(await banner.innerText()).toContain(zoned);
    await page.getByTestId('cut-line').getByText('Top 1 of each group go on · below the cut').waitFor();
    const card = (c: Contestant) => page.getByTestId('leaderboard-card').filter({ hasText: `@${c.username}` });
    await card(rival).getByText('Below the cut').waitFor();
    expect(await card(star).getByText('Below the cut').count()).toBe(0);
    // In the list, the line sits between the one going on and the one below it.
    const order = await page
      .locator('ul[aria-label="Contestants"] > li')
      .evaluateAll((items) => items.map((li) => (li.getAttribute('data-testid') === 'cut-line' ? 'LINE' : (li.querySelector('p')?.textContent ?? ''))));
    expect(order.slice(0, 3)).toEqual([`@${star.username}`, 'LINE', `@${rival.username}`]);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/group-390.png`, fullPage: true });
    await context.close();
  });

  it("should count a profile down to the round's cut, not the contest's end, and tell a fan the contestant is below the cut", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`/profile/${rival.username}`);
    const contest = page.getByRole('region', { name: 'Current contest' });
    await contest.getByText('Round 1 of 2: Group Stage').waitFor();
    expect(await contest.getByRole('timer').getAttribute('aria-label')).toMatch(/^Group Stage cut in (2 days, 23 hours|3 days, 0 hours)/);
    await contest.getByText('Top 1 of each group go on; the rest are eliminated.').waitFor();
    await page.getByText('1 vote below the cut').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-390.png`, fullPage: true });
    if (SHOTS) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: `${SHOTS}/profile-1280.png`, fullPage: true });
      await page.goto(`/leaderboard/group/${groupId}`);
      await page.getByTestId('cut-line').waitFor();
      await page.screenshot({ path: `${SHOTS}/group-1280.png`, fullPage: true });
    }
    await context.close();
  });
});
