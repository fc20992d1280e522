// The embed pages framed on another site: a page on another loopback port (an origin the organizer
// listed in the admin area) frames a contestant's vote card and their group's live leaderboard; a free
// vote cast inside the frame moves the leaderboard framed in another browser; a purchase credited later
// moves the card; "Buy votes" opens a new window. A page on an unlisted origin cannot frame them.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { freePorts } from '../helpers/free-port.js';
import { ADMIN, contestantInRunningContest, type Contestant } from './support/accounts.js';
import { api, tokenOf } from './support/api.js';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';

/** A host site on its own port: one page with the two frames, as the snippets write them. */
function hostSite(port: number, frames: () => { card: string; board: string }): Promise<Server> {
  const server = createServer((_req, res) => {
    const { card, board } = frames();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><title>Organizer</title></head><body>
<h1>The organizer's own page</h1>
<iframe src="${card}" title="Vote card" width="360" height="460" loading="lazy" style="border:0"></iframe>
<iframe src="${board}" title="Live leaderboard" width="420" height="560" loading="lazy" style="border:0"></iframe>
</body></html>`);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

describe('Embeds on another site', () => {
  let browser: Browser;
  let star: Contestant;
  let groupId: number;
  let listed: Server;
  let unlisted: Server;
  let listedOrigin: string;
  let unlistedOrigin: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ contestant: star, groupId } = await contestantInRunningContest('embed_star', 'Framed Night'));
    const [a, b] = await freePorts(2);
    listedOrigin = `http://127.0.0.1:${a}`;
    unlistedOrigin = `http://127.0.0.1:${b}`;
    const frames = () => ({ card: `${baseUrl()}/embed/vote/${star.username}?accent=2563eb`, board: `${baseUrl()}/embed/groups/${groupId}/leaderboard` });
    [listed, unlisted] = await Promise.all([hostSite(a, frames), hostSite(b, frames)]);
    // The organizer lists the host site in the admin area (every server process follows at once).
    const saved = await api('PUT', '/admin/site/embed-origins', await tokenOf(ADMIN.username, ADMIN.password), { origins: [listedOrigin] });
    expect(saved.origins).toEqual([listedOrigin]);
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all([listed, unlisted].map((s) => new Promise((r) => (s ? s.close(r) : r(null)))));
  });

  const frameOf = (page: Page, title: string) => page.frameLocator(`iframe[title="${title}"]`);
  // The contest is new: the star is alone in their group.
  const starRow = (page: Page) => frameOf(page, 'Live leaderboard').getByTestId('embed-entry').filter({ hasText: 'Ivy Graves' });

  it('should take a free vote inside the frame and move the leaderboard framed in another browser, then a credited purchase', async () => {
    const watcher = await newPage(browser);
    await watcher.page.goto(listedOrigin);
    await starRow(watcher.page).getByText('0 votes').waitFor();

    const fan = await newPage(browser);
    const errors: string[] = [];
    fan.page.on('console', (m) => (m.type() === 'error' ? errors.push(m.text()) : undefined));
    await fan.page.goto(listedOrigin);
    const card = frameOf(fan.page, 'Vote card');
    await card.getByRole('heading', { name: 'Ivy Graves' }).waitFor();
    // "Buy votes" opens the vote page (and its checkout) in a new window, never inside the frame.
    const buy = card.getByRole('link', { name: /Buy votes/ });
    expect(await buy.getAttribute('target')).toBe('_blank');
    const vote = card.getByRole('button', { name: 'Cast Your Free Vote' });
    await vote.waitFor();
    await expect(vote.isEnabled()).resolves.toBe(true);
    await vote.click();
    await card.getByRole('button', { name: 'Already Voted Today' }).waitFor();
    await card.getByText('1 vote', { exact: true }).waitFor();
    // The other browser's framed leaderboard moves without a reload.
    await starRow(watcher.page).getByText('1 vote', { exact: true }).waitFor();

    // A purchase made elsewhere (the new window's checkout), credited by the worker: the frame follows.
    const profile = await api('GET', `/contestants/${star.username}/`, null);
    const back = `${baseUrl()}/profile/${star.username}`;
    const { payment_url } = await api('POST', `/contestants/${star.username}/buy-votes`, null, {
      contestant_id: Number(profile.id),
      num_votes: 10,
      payer_email: 'framed-fan@example.test',
      payment_method: 'stripe',
      frontend_success_url: `${back}?payment=success`,
      frontend_cancel_url: `${back}?payment=cancel`,
      amount_expected: 10,
    });
    await api('POST', `/payments/test/${new URL(String(payment_url)).pathname.split('/').at(-1)}/pay`, null);
    await card.getByText(/^1[1-3] votes$/).waitFor({ timeout: 20_000 });
    await starRow(watcher.page)
      .getByText(/^1[1-3] votes$/)
      .waitFor({ timeout: 20_000 });
    expect(errors.filter((e) => !/favicon/.test(e))).toEqual([]);
    await Promise.all([watcher.context.close(), fan.context.close()]);
  });

  it('should not be framed by a site the organizer did not list (Chromium blocks the frame)', async () => {
    const { context, page } = await newPage(browser);
    const refusals: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors/.test(m.text())) refusals.push(m.text());
    });
    await page.goto(unlistedOrigin);
    await page.getByRole('heading', { name: "The organizer's own page" }).waitFor();
    for (let i = 0; i < 50 && refusals.length < 2; i += 1) await page.waitForTimeout(200);
    expect(refusals.length).toBeGreaterThanOrEqual(2);
    // Neither frame shows the site's content.
    for (const frame of page.frames().filter((f) => f !== page.mainFrame())) {
      expect(frame.url().startsWith(baseUrl())).toBe(false);
    }
    await context.close();
  });
});
