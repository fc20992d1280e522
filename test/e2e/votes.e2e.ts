// A fan votes in the browser: the count rises on the profile, a second browser on
// the group's leaderboard sees the votes and ranks move without reloading, and the same fan coming back
// the same day finds the vote spent as soon as the page has hydrated, never a button that offers a vote
// and then refuses it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { ADMIN, verifiedContestant, type Contestant } from './support/accounts.js';
import { api, runningContest, tokenOf } from './support/api.js';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';

/** The leaderboard card of one contestant (cards are links to the profile). */
const card = (page: Page, username: string): Locator => page.getByTestId('leaderboard-card').filter({ hasText: `@${username}` });

/**
 * Records, from the first byte of every page the context opens, each moment a free-vote button offers a
 * vote (enabled, reading 'Cast Your Free Vote' or 'Cast Free Vote'): the drawn HTML, hydration, and after.
 */
function recordOfferedVotes(): void {
  const seen: string[] = [];
  const shown: string[] = [];
  (window as unknown as { offeredVotes: string[] }).offeredVotes = seen;
  (window as unknown as { shownVotes: string[] }).shownVotes = shown;
  const look = () => {
    for (const button of document.querySelectorAll('button')) {
      const text = button.textContent ?? '';
      if (/Cast (Your )?Free Vote/.test(text) && !button.matches(':disabled')) seen.push(text);
      // Read, even disabled: a vote that reads as offered before the check says it is spent.
      if (/Cast (Your )?Free Vote/.test(text)) shown.push(text);
    }
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}
const offeredVotes = (page: Page) => page.evaluate(() => (window as unknown as { offeredVotes: string[] }).offeredVotes);
const shownVotes = (page: Page) => page.evaluate(() => (window as unknown as { shownVotes: string[] }).shownVotes);

/** Whether two boxes on screen overlap. */
const overlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('Free votes in the browser', () => {
  let browser: Browser;
  let star: Contestant;
  let rival: Contestant;
  let groupId: number;
  let contestId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    const adminToken = await tokenOf(ADMIN.username, ADMIN.password);
    contestId = await runningContest(adminToken, 'Night of Votes');
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
    // It says when the next free vote is allowed, and focus is there (not on the page's body).
    const note = fan.page.getByText(/^Your next free vote: tomorrow at \d{1,2}:\d{2} [AP]M\.$/);
    await note.waitFor();
    expect(await note.evaluate((el) => el === document.activeElement)).toBe(true);

    // Without a reload, the watcher sees the vote and the new ranks (the rival drops to #2).
    await card(watcher.page, star.username).getByText('1 vote', { exact: true }).waitFor();
    await card(watcher.page, star.username).getByText('#1').waitFor();
    await card(watcher.page, rival.username).getByText('#2').waitFor();
    expect(await card(watcher.page, star.username).getByText('1st place').count()).toBe(1);

    // The same fan (same address) comes back the same day: the vote shows spent as soon as the page has
    // hydrated, and at no moment before is a vote offered.
    await fan.context.addInitScript(recordOfferedVotes);
    await fan.page.reload();
    await fan.page.getByText('1 vote', { exact: true }).waitFor();
    expect(await fan.page.getByRole('button', { name: 'Already Voted Today' }).isDisabled()).toBe(true);
    expect(await offeredVotes(fan.page)).toEqual([]);
    // Not even disabled: the button waits reading 'Checking Your Vote...', then 'Already Voted Today'.
    expect(await shownVotes(fan.page)).toEqual([]);
    await fan.page.getByText(/^Your next free vote: (today|tomorrow) at /).waitFor();
    await expect(fan.page.getByText("You've already voted today. Come back tomorrow!").count()).resolves.toBe(0);
    const stored = await api('GET', `/contestants/${star.username}/`, null);
    expect(stored.total_votes).toBe(1);

    await watcher.context.close();
    await fan.context.close();
  });

  it('should open a profile address with a dot in the username as a page (usernames may hold dots): 404 when no one has it', async () => {
    const { context, page } = await newPage(browser);
    const res = await page.goto('/profile/no.such.screamer');
    expect(res?.status()).toBe(404);
    const head = await fetch(`${baseUrl()}/profile/no.such.screamer`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
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

  it("should take a free vote on a phone's vote page with its toast clear of the title, and offer none after a reload", async () => {
    const third = await verifiedContestant('third');
    await api('POST', '/contestants/join-contest', await tokenOf(third.username, third.password), { contest_id: contestId });
    const profileId = Number((await api('GET', `/contestants/${third.username}/`, null)).id);
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`/vote/${profileId}?type=free`);
    await page.getByRole('textbox', { name: 'Name' }).fill('Finn Fan');
    await page.getByRole('textbox', { name: 'Email Address' }).fill('finn@example.test');
    await page.getByRole('button', { name: 'Cast Free Vote' }).click();
    await page.getByText('Your vote has been counted!').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    const toast = await page.locator('[data-sonner-toast]').first().boundingBox();
    const title = await page.getByRole('heading', { level: 1, name: 'Vote for Ivy' }).boundingBox();
    expect(toast && title && overlap(toast, title)).toBe(false);

    await context.addInitScript(recordOfferedVotes);
    await page.reload();
    await page.getByRole('button', { name: 'Already Voted Today' }).waitFor();
    expect(await offeredVotes(page)).toEqual([]);
    expect(await shownVotes(page)).toEqual([]);
    await page.getByText(/^Your next free vote: (today|tomorrow) at /).waitFor();
    await context.close();
  });
});
