// The support page in Chromium: a visitor
// sends a message and sees the success text; staff's copy (Reply-To: the sender) and the sender's
// acknowledgement land in the outbox; the admin reads it at /admin/messages and marks it handled; the
// FAQ's tabs and one-open accordion work from the keyboard; the page fits a phone without sideways
// scrolling and asks no other host for anything.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, signIn } from './support/accounts.js';
import { api, tokenOf } from './support/api.js';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';
import { waitForMail } from './support/mailbox.js';

const STAFF = 'support@screamstage.local';

/** Every request the page makes to a host other than the site's own. */
function foreignRequests(page: Page): string[] {
  const own = new URL(baseUrl()).origin;
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/^https?:/.test(url) && new URL(url).origin !== own) foreign.push(url);
  });
  return foreign;
}

const selectedTab = (page: Page) => page.locator('[role="tab"][aria-selected="true"]').textContent();
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('The support page in the browser', () => {
  let browser: Browser;
  const stamp = Date.now().toString(36);
  const sender = { name: `Vera Vane ${stamp}`, email: `vera_${stamp}@example.test` };
  const marker = `Marker ${stamp}`;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should send a visitor’s message, mail staff and the sender, and let the admin mark it handled', async () => {
    const { context, page } = await newPage(browser);
    const foreign = foreignRequests(page);
    await page.goto('/support');
    await page.getByRole('heading', { name: 'How Can We Help?', level: 1 }).waitFor();

    // The rules first: nothing filled in.
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please select a topic').waitFor();
    await page.getByText('Message is required').waitFor();

    await page.getByLabel('Topic', { exact: true }).selectOption('billing');
    await page.getByLabel('Name', { exact: true }).fill(sender.name);
    await page.getByLabel('Email', { exact: true }).fill(sender.email);
    await page.getByLabel('Message', { exact: true }).fill(`My paid votes did not show up.\n${marker}`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Your message has been sent successfully!').waitFor();
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Topic', { exact: true }).inputValue()).toBe('');
    expect(foreign).toEqual([]);
    await context.close();

    const staff = await waitForMail(STAFF, marker);
    expect(staff).toMatch(new RegExp(`^Reply-To: ${sender.email.replace(/[.]/g, '\\.')}`, 'mi'));
    expect(staff).toContain('Billing & donations');
    const ack = await waitForMail(sender.email, marker);
    expect(ack).toMatch(/^Subject: We received your message/m);

    const admin = await newPage(browser);
    await signIn(admin.page, ADMIN.username, ADMIN.password);
    await admin.page.waitForURL('**/admin');
    await admin.page.getByRole('link', { name: 'Messages', exact: true }).first().click();
    await admin.page.waitForURL('**/admin/messages');
    const rowName = `Open message from ${sender.name}: My paid votes did not show up.`;
    const row = admin.page.getByRole('button', { name: rowName });
    await row.click();
    const dialog = admin.page.getByRole('dialog', { name: `Billing & donations · ${sender.name}` });
    await dialog.getByText(marker).waitFor();
    expect(await dialog.getByRole('link', { name: 'Reply by e-mail' }).getAttribute('href')).toContain(`mailto:${encodeURIComponent(sender.email)}`);
    await dialog.getByRole('button', { name: 'Mark as handled' }).click();
    await dialog.getByRole('button', { name: 'Reopen' }).waitFor();
    await admin.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the row that opened the dialog (the dialog returns it just after it has gone).
    await admin.page.waitForFunction((name) => document.activeElement?.getAttribute('aria-label') === name, rowName);
    expect(await row.evaluate((el) => el === document.activeElement)).toBe(true);

    // Handled for the server too: it leaves the open filter.
    const token = await tokenOf(ADMIN.username, ADMIN.password);
    const handled = (await api('GET', '/admin/support-messages?status=handled', token)) as { items: { email: string }[] };
    expect(handled.items.some((m) => m.email === sender.email)).toBe(true);
    await admin.page.goto('/admin/messages?status=open');
    await admin.page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    await admin.page.waitForLoadState('networkidle');
    expect(await row.count()).toBe(0);

    // A long first line: the row cuts it after a whole word with "…", in two lines at most, at both widths.
    const long = 'The vote button on the profile page of my favourite contestant stopped answering yesterday evening after I bought a package of fifty votes';
    await api('POST', '/support/contact', null, { topic: 'technical', name: 'Long Liner', email: 'long.liner@example.test', message: `${long}\nMore.` });
    await admin.page.goto('/admin/messages?status=open');
    const preview = admin.page.getByRole('button', { name: /^Open message from Long Liner: / });
    await preview.waitFor();
    const text = (await preview.innerText()).trim();
    expect(text.endsWith('…')).toBe(true);
    expect(long.startsWith(`${text.slice(0, -1)} `)).toBe(true);
    for (const width of [1280, 390]) {
      await admin.page.setViewportSize({ width, height: 900 });
      const { height, lineHeight } = await preview.evaluate((el) => ({
        height: el.getBoundingClientRect().height,
        lineHeight: parseFloat(getComputedStyle(el).lineHeight),
      }));
      expect(height).toBeLessThanOrEqual(2 * lineHeight + 1);
      if (process.env.E2E_SHOTS) await admin.page.screenshot({ path: `${process.env.E2E_SHOTS}/inbox-${width}.png`, fullPage: true });
    }
    await admin.context.close();
  });

  it('should work the tabs with the arrow keys and keep one answer open, closing it on a tab change', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/contact-support');
    const first = page.getByRole('tab', { name: 'FAQ' });
    await first.focus();
    await page.keyboard.press('ArrowRight');
    expect(await selectedTab(page)).toBe('Contest & Prizes');
    expect(await focusedText(page)).toBe('Contest & Prizes');
    await page.keyboard.press('End');
    expect(await selectedTab(page)).toBe('Voters');
    await page.keyboard.press('ArrowRight');
    expect(await selectedTab(page)).toBe('FAQ');
    await page.keyboard.press('ArrowLeft');
    expect(await selectedTab(page)).toBe('Voters');
    await page.keyboard.press('Home');
    expect(await selectedTab(page)).toBe('FAQ');

    // Tab: the panel, then its first question.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('What is this site?');
    await page.keyboard.press('Enter');
    const expanded = page.locator('[role="tabpanel"] button[aria-expanded="true"]');
    expect(await expanded.count()).toBe(1);
    await page.getByRole('region', { name: 'What is this site?' }).getByText('horror-film acting competition', { exact: false }).waitFor();
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Does it cost anything to enter?');
    await page.keyboard.press('Space');
    expect(await expanded.count()).toBe(1);
    expect(await expanded.textContent()).toBe('Does it cost anything to enter?');
    await page.getByRole('region', { name: 'Does it cost anything to enter?' }).getByText('Entry is free', { exact: false }).waitFor();

    await page.getByRole('tab', { name: 'Competitors' }).click();
    expect(await expanded.count()).toBe(0);
    await page.getByRole('tab', { name: 'FAQ' }).click();
    expect(await expanded.count()).toBe(0);
    await context.close();
  });

  it('should fit a phone (375×740) without sideways scrolling', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 740 });
    const foreign = foreignRequests(page);
    await page.goto('/support');
    await page.getByRole('heading', { name: 'How Can We Help?', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Voters' }).click();
    await page.getByRole('button', { name: 'What are paid votes?' }).click();
    await page.getByRole('region', { name: 'What are paid votes?' }).getByText('tax-deductible', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please select a topic').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const send = await page.getByRole('button', { name: 'Send Message' }).boundingBox();
    expect(send && send.x >= 0 && send.x + send.width <= 375).toBe(true);
    expect(foreign).toEqual([]);
    await context.close();
  });
});
