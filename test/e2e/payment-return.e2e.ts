// Back from a TEST MODE checkout (a real purchase through the buy dialog and the checkout page) on the
// profile the server draws: the return address (`?payment=success&session_id=…`, `?payment=cancel`)
// arrives drawn, hydrates without a mismatch or any console error while the purchase's votes are being
// counted, keeps its title, and says how it ended in one toast ('Processing…' becomes the outcome) that
// leaves the page's title clear on a phone.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { SERVER_RENDER_DATA_ID } from '#contract/site/constants.js';
import { contestantInRunningContest, type Contestant } from './support/accounts.js';
import { launchBrowser, newPage } from './support/browser.js';

const PHONE = { width: 390, height: 844 };

/** Console errors and uncaught errors of a page (a hydration mismatch is one). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Whether two boxes on screen overlap. */
const overlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('Back from a TEST MODE checkout on the drawn profile', () => {
  let browser: Browser;
  let star: Contestant;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ contestant: star } = await contestantInRunningContest('return', 'Return Night'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Buys the 12-vote package on the profile and goes through the TEST MODE checkout, paying or cancelling. */
  async function checkout(page: Page, payer: string, choice: 'pay' | 'cancel') {
    await page.goto(`/profile/${star.username}`);
    await page.getByRole('listitem', { name: '12 Votes' }).getByRole('button', { name: 'Buy Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy 12 Votes' });
    await dialog.getByLabel('Receipt email').fill(payer);
    await dialog.getByRole('button', { name: 'Pay $10' }).click();
    await page.waitForURL('**/test-checkout/**');
    // The return page as the server answers it: drawn, or the plain shell.
    const returned = page.waitForResponse(
      (res) => new URL(res.url()).pathname === `/profile/${star.username}` && new URL(res.url()).searchParams.has('payment'),
    );
    await page.getByRole('button', { name: choice === 'pay' ? 'Pay $10 (test mode)' : 'Cancel' }).click();
    const response = await returned;
    return { url: new URL(response.url()), html: await response.text() };
  }

  /** The one toast on screen, which must leave the page's title clear. */
  async function onlyToast(page: Page, text: string) {
    await page.getByText(text).waitFor();
    const toasts = page.locator('[data-sonner-toast]');
    await expect(toasts.count()).resolves.toBe(1);
    const toast = await toasts.first().boundingBox();
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(toast && title && overlap(toast, title)).toBe(false);
  }

  it('should hydrate the return with payment=success&session_id=… without a console error, and say it in one toast', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const errors = watchErrors(page);
    const { url, html } = await checkout(page, `return-fan-${Date.now()}@example.test`, 'pay');
    expect([url.searchParams.get('payment'), url.searchParams.get('session_id')?.startsWith('test_')]).toEqual(['success', true]);
    // Drawn as the bare profile is, with the contestant's title.
    expect([html.includes(`id="${SERVER_RENDER_DATA_ID}"`), /<title>Ivy Graves \| ScreamStage<\/title>/.test(html)]).toEqual([true, true]);

    await onlyToast(page, 'Payment completed successfully!');
    await expect(page.getByText('Processing your Stripe payment...').count()).resolves.toBe(0);
    await page.waitForURL((now) => now.pathname === `/profile/${star.username}` && now.search === '');
    await page.getByText('12 votes', { exact: true }).waitFor();
    await expect(page.title()).resolves.toBe('Ivy Graves | ScreamStage');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should hydrate the return with payment=cancel without a console error, and say it in one toast', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const errors = watchErrors(page);
    const { url, html } = await checkout(page, `cancel-fan-${Date.now()}@example.test`, 'cancel');
    expect(url.searchParams.get('payment')).toBe('cancel');
    expect(html.includes(`id="${SERVER_RENDER_DATA_ID}"`)).toBe(true);

    await onlyToast(page, 'Payment was cancelled. You have not been charged.');
    await page.waitForURL((now) => now.pathname === `/profile/${star.username}` && now.search === '');
    await expect(page.title()).resolves.toBe('Ivy Graves | ScreamStage');
    expect(errors).toEqual([]);
    await context.close();
  });
});
