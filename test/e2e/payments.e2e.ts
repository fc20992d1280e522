// A fan buys votes in the browser through TEST MODE, on a phone-sized screen: Buy Now, the
// dialog, the TEST MODE checkout page, back to the profile where the payment is completed once and the
// votes show up as paid; a cancelled checkout says nothing was charged.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { contestantInRunningContest, type Contestant } from './support/accounts.js';
import { api } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';

const PHONE = { width: 375, height: 812 };

describe('Paid votes in the browser (TEST MODE)', () => {
  let browser: Browser;
  let star: Contestant;
  let profileId: number;
  let groupId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ contestant: star, profileId, groupId } = await contestantInRunningContest('payee', 'Paid Night'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should take a fan from Buy Now through the TEST MODE checkout back to the profile with the votes added as paid', async () => {
    // A second fan watches the group's leaderboard in another browser.
    const watcher = await newPage(browser);
    await watcher.page.goto(`/leaderboard/group/${groupId}`);
    const watchedCard = watcher.page.getByTestId('leaderboard-card').filter({ hasText: `@${star.username}` });
    await watchedCard.getByText('0 votes', { exact: true }).waitFor();

    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`/profile/${star.username}`);
    await page.getByText('0 votes', { exact: true }).waitFor();
    await page.getByRole('listitem', { name: '12 Votes' }).getByRole('button', { name: 'Buy Now' }).click();

    const dialog = page.getByRole('dialog', { name: 'Buy 12 Votes' });
    await dialog.getByText('TEST MODE — no money is taken.').waitFor();
    await dialog.getByLabel('Receipt email').fill('fan@example.test');
    await dialog.getByRole('radio', { name: 'PayPal' }).check();
    await dialog.getByRole('button', { name: 'Pay $10' }).click();

    await page.waitForURL('**/test-checkout/**');
    await page.getByRole('heading', { name: 'TEST MODE checkout' }).waitFor();
    await page.getByRole('button', { name: 'Pay $10 (test mode)' }).click();

    // Back on the profile: the return is completed, the query cleared, and the votes counted as paid.
    await page.getByText('Payment completed successfully!').waitFor();
    await page.waitForURL((url) => url.pathname === `/profile/${star.username}` && url.search === '');
    await page.getByText('12 votes', { exact: true }).waitFor();
    await page.getByText('· 0 free · 12 paid').waitFor();
    // The watcher's leaderboard moved without a reload.
    await watchedCard.getByText('12 votes', { exact: true }).waitFor();
    await watcher.context.close();
    // The page is no wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // Reloading the cleared address completes nothing twice.
    await page.reload();
    await page.getByText('12 votes', { exact: true }).waitFor();
    const stored = await api('GET', `/contestants/${star.username}/`, null);
    expect([stored.total_votes, stored.paid_votes]).toEqual([12, 12]);
    await context.close();
  });

  it('should bring a fan who cancels back to the profile with nothing charged', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`/profile/${star.username}`);
    await page.getByRole('listitem', { name: '70 Votes' }).getByRole('button', { name: 'Buy Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy 70 Votes' });
    await dialog.getByLabel('Receipt email').fill('fan@example.test');
    await dialog.getByRole('button', { name: 'Pay $50' }).click();
    await page.waitForURL('**/test-checkout/**');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Payment was cancelled. You have not been charged.').waitFor();
    await page.waitForURL((url) => url.pathname === `/profile/${star.username}` && url.search === '');
    const stored = await api('GET', `/contestants/${star.username}/`, null);
    expect(stored.paid_votes).toBe(12);
    await context.close();
  });

  it('should take a donation of any whole-dollar amount on the vote page through the checkout, one vote per dollar', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`/vote/${profileId}?type=other`);
    await page.getByRole('heading', { name: 'Vote for Ivy' }).waitFor();
    await page.getByText(/tax-deductible/).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('Dana Donor');
    await page.getByRole('textbox', { name: 'Email Address' }).fill('dana@example.test');
    await page.getByRole('spinbutton', { name: 'Donation Amount ($)' }).fill('5');
    await page.getByRole('button', { name: 'Pay $5' }).click();
    await page.getByText('Payment initiated! Follow the instructions to complete your vote.').waitFor();
    await page.waitForURL('**/test-checkout/**');
    await page.getByRole('button', { name: 'Pay $5 (test mode)' }).click();
    // The vote page's return address is the profile, where the payment is completed.
    await page.getByText('Payment completed successfully!').waitFor();
    await page.waitForURL((url) => url.pathname === `/profile/${star.username}` && url.search === '');
    await page.getByText('17 votes', { exact: true }).waitFor();
    const stored = await api('GET', `/contestants/${star.username}/`, null);
    expect([stored.total_votes, stored.free_votes, stored.paid_votes]).toEqual([17, 0, 17]);
    await context.close();
  });

  it('should cast a free vote from the vote page', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`/vote/${profileId}?type=free`);
    await page.getByRole('heading', { name: 'Vote for Ivy' }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('Finn Fan');
    await page.getByRole('textbox', { name: 'Email Address' }).fill('finn@example.test');
    await page.getByRole('button', { name: 'Cast Free Vote' }).click();
    await page.getByText('Your vote has been counted!').waitFor();
    const counted = async () => (await api('GET', `/contestants/${star.username}/`, null)).free_votes;
    for (let i = 0; i < 100 && (await counted()) !== 1; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await counted()).toBe(1);
    await context.close();
  });
});
