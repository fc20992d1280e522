// A fan votes in the browser (issue 4, Done when): the count rises on the profile, a second browser on
// the group's leaderboard sees the votes and ranks move without reloading, and a second free vote the
// same day is refused with the spec's message (000 §8 Voting).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { ADMIN, verifiedContestant, type Contestant } from './support/accounts.js';
import { api, runningContest, tokenOf } from './support/api.js';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';

/** The leaderboard card of one contestant (cards are links to the profile). */
const card = (page: Page, username: string): Locator => page.getByTestId('leaderboard-card').filter({ hasText: `@${username}` });

describe('Free votes in the browser', () => {
  let browser: Browser;
  let star: Contestant;
  let rival: Contestant;
  let groupId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    const adminToken = await tokenOf(ADMIN.username, ADMIN.password);
    const contestId = await runningContest(adminToken, 'Night of Votes');
    [star, rival] = await Promise.all([verifiedContestant('star'), verifiedContestant('rival')]);
    for (const c of [star, rival]) {
      const token = await tokenOf(c.username, c.password);
      await api('POST', '/contestants/join-contest', token, { contest_id: contestId });
    }
    const profile = await api('GET', `/contestants/${star.username}/`, null);
    groupId = Number((profile.active_contest_entry as { group_id: number }).group_id);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should count a fan’s vote on the profile and move the leaderboard live in another browser', async () => {
    // A second fan watches the group's leaderboard: both contestants tied at 0 share rank 1.
    const watcher = await newPage(browser);
    await watcher.page.goto(`/leaderboard/group/${groupId}`);
    await card(watcher.page, star.username).getByText('0 votes').waitFor();
    await card(watcher.page, rival.username).getByText('#1').waitFor();

    const fan = await newPage(browser);
    await fan.page.goto(`/profile/${star.username}`);
    await fan.page.getByText('Voting is now active!').waitFor();
    await fan.page.getByText('0 votes', { exact: true }).waitFor();
    await fan.page.getByRole('button', { name: 'Cast Your Free Vote' }).click();
    await fan.page.getByText('Your vote has been counted!').waitFor();
    await fan.page.getByText('1 vote', { exact: true }).waitFor();
    await fan.page.getByRole('button', { name: 'Already Voted Today' }).waitFor();
    expect(await fan.page.getByRole('button', { name: 'Already Voted Today' }).isDisabled()).toBe(true);

    // Without a reload, the watcher sees the vote and the new ranks (the rival drops to #2).
    await card(watcher.page, star.username).getByText('1 vote', { exact: true }).waitFor();
    await card(watcher.page, star.username).getByText('#1').waitFor();
    await card(watcher.page, rival.username).getByText('#2').waitFor();
    expect(await card(watcher.page, star.username).getByText('1st place').count()).toBe(1);

    // The same fan (same address) comes back the same day: the vote is refused and the count stays.
    await fan.page.reload();
    await fan.page.getByText('1 vote', { exact: true }).waitFor();
    await fan.page.getByRole('button', { name: 'Cast Your Free Vote' }).click();
    await fan.page.getByText("You've already voted today. Come back tomorrow!").waitFor();
    await fan.page.getByRole('button', { name: 'Already Voted Today' }).waitFor();
    await fan.page.getByText('1 vote', { exact: true }).waitFor();
    const stored = await api('GET', `/contestants/${star.username}/`, null);
    expect(stored.total_votes).toBe(1);

    await watcher.context.close();
    await fan.context.close();
  });

  it('should open a profile address with a dot in the username as a page (usernames may hold dots)', async () => {
    const { context, page } = await newPage(browser);
    const res = await page.goto('/profile/no.such.screamer');
    expect(res?.status()).toBe(200);
    const head = await fetch(`${baseUrl()}/profile/no.such.screamer`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    await page.getByRole('heading', { name: 'Profile not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    await context.close();
  });

  it('should show a contestant their live stats on the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByLabel('Email or Username').fill(rival.username);
    await page.getByLabel('Password', { exact: true }).fill(rival.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText(`Welcome, ${rival.username}`).waitFor();
    await page.getByText('Current Contest Votes').waitFor();

    // A vote cast elsewhere (here, from the API as a visitor) reaches the open dashboard.
    const votes = page.getByRole('group', { name: 'Current Contest Votes' });
    await votes.getByText('0', { exact: true }).waitFor();
    await api('POST', `/contestants/${rival.username}/vote`, null);
    await votes.getByText('1', { exact: true }).waitFor();
    await context.close();
  });
});
