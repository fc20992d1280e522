// Rounds in the browser: an admin creates a two-round contest in the form and previews its first cut;
// a contestant's dashboard shows the votes to the next rank and the cut line moving as fans vote; when
// the round ends, the cut runs by itself and a fan watching the group's leaderboard sees the eliminated
// card grey without reloading.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { Contest } from '#contract/contests/answers.js';
import { ADMIN, signIn, verifiedContestant } from './support/accounts.js';
import { api, tokenOf } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';

const DAY = 86_400_000;

/** A datetime-local value `ms` from now, in the browser's own time zone. */
const localIn = (page: Page, ms: number) =>
  page.evaluate((offset) => {
    const d = new Date(Date.now() + offset);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, ms);

describe('Rounds in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should let an admin set two rounds whose first cut greys the eliminated card on a watching leaderboard', async () => {
    const name = `Cut Night ${Date.now().toString(36)}`;
    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN.username, ADMIN.password);
    await admin.page.waitForURL('**/admin');

    await admin.page.goto('/admin/contests/create');
    await admin.page.getByLabel('Contest Name').fill(name);
    await admin.page.getByLabel('Description').fill('Two rounds: the heats, then the final.');
    await admin.page.getByLabel('Start Date').fill(await localIn(admin.page, 10 * 60_000));
    await admin.page.getByRole('button', { name: 'Add round' }).click();
    await admin.page.getByRole('button', { name: 'Add round' }).click();
    await admin.page.getByLabel('Round name').nth(0).fill('Heats');
    await admin.page
      .getByLabel('Ends', { exact: false })
      .nth(0)
      .fill(await localIn(admin.page, 2 * DAY));
    await admin.page.getByLabel('Top N of each group go on').fill('1');
    await admin.page.getByLabel('Round name').nth(1).fill('Final');
    await admin.page
      .getByLabel('Ends', { exact: false })
      .nth(1)
      .fill(await localIn(admin.page, 4 * DAY));
    await admin.page.getByLabel('Winners').fill('1');
    expect(await admin.page.getByLabel('End Date').isDisabled()).toBe(true);
    await admin.page.getByRole('button', { name: 'Create Contest' }).click();
    await admin.page.waitForURL(/\/admin\/contests\/\d+/);
    const contestId = Number(/\/admin\/contests\/(\d+)/.exec(admin.page.url())![1]);
    const rounds = admin.page.getByRole('region', { name: 'Rounds' });
    await rounds.getByRole('heading', { name: 'Round 1: Heats Upcoming' }).waitFor();
    await rounds.getByText(/Top 1 of each group go on/).waitFor();
    await rounds.getByText(/Names 1 winner/).waitFor();

    // The contest starts now and is current; three contestants join and one of them gets a vote.
    const adminToken = await tokenOf(ADMIN.username, ADMIN.password);
    await api('PUT', `/admin/contests/${contestId}`, adminToken, { start_date: new Date(Date.now() - 60_000).toISOString(), is_current: true });
    // One after another: the site lets one network upload registration pictures a few at a time.
    const star = await verifiedContestant('heat_star');
    const rival = await verifiedContestant('heat_rival');
    const third = await verifiedContestant('heat_third');
    for (const c of [star, rival, third]) await api('POST', '/contestants/join-contest', await tokenOf(c.username, c.password), { contest_id: contestId });
    await api('POST', `/contestants/${star.username}/vote`, null);
    const profile = await api('GET', `/contestants/${star.username}/`, null);
    const groupId = Number((profile.active_contest_entry as { group_id: number }).group_id);

    const watcher = await newPage(browser);
    await watcher.page.goto(`/leaderboard/group/${groupId}`);
    const card = (username: string) => watcher.page.getByTestId('leaderboard-card').filter({ hasText: `@${username}` });
    await card(star.username).getByText('1 vote', { exact: true }).waitFor();
    await card(rival.username).waitFor();
    expect(await card(rival.username).getAttribute('data-eliminated')).toBeNull();

    // The leading contestant's dashboard shows their place in the race, and it moves when a fan votes for another.
    const own = await newPage(browser);
    await signIn(own.page, star.username, star.password);
    await own.page.waitForURL('**/dashboard');
    await own.page.getByText('You lead by 1 vote · 1 vote above the cut').waitFor();
    await api('POST', `/contestants/${third.username}/vote`, null);
    // Tied with the third, both at the line of one: the rival, below it, is the one to beat.
    await own.page.getByText('Tied for first · 1 vote above the cut').waitFor();
    await own.context.close();

    // The preview says who would go.
    await admin.page.reload();
    await rounds.getByRole('heading', { name: 'Round 1: Heats Running' }).waitFor();
    await rounds.getByRole('button', { name: 'Preview cut' }).first().click();
    await rounds.getByText(/2 would go on and 1 would be eliminated/).waitFor();

    // The heats now end in three seconds: the cut runs by itself and the watcher's card greys.
    const stored = await api('GET', `/admin/contests/${contestId}`, adminToken);
    const keep = (stored as unknown as Contest).rounds.map((r) => ({
      name: r.name,
      ends_at: r.ends_at,
      advance_per_group: r.advance_per_group,
      advance_total: r.advance_total,
    }));
    keep[0].ends_at = new Date(Date.now() + 3000).toISOString();
    await api('PUT', `/admin/contests/${contestId}`, adminToken, { rounds: keep });
    await card(rival.username).getByText('Eliminated', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await card(rival.username).getAttribute('data-eliminated')).toBe('true');
    expect(await card(star.username).getAttribute('data-eliminated')).toBeNull();
    // Tied at the cut, the third goes on too.
    expect(await card(third.username).getAttribute('data-eliminated')).toBeNull();

    await admin.page.reload();
    await rounds.getByRole('heading', { name: 'Round 1: Heats Closed' }).waitFor();
    await rounds.getByRole('heading', { name: 'Round 2: Final Running' }).waitFor();
    await admin.context.close();
    await watcher.context.close();
  }, 120_000);
});
