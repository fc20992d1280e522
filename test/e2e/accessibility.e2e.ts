// Accessibility in Chromium: axe-core on every page of the router, as the user each page
// is for (visitor, contestant, admin), at desktop and phone widths, and with the menus and dialogs open:
// no serious or critical violation. Then the keyboard paths: the phone menu, the user menu and a dialog
// open, move focus in, keep it there and give it back on Escape.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ADMIN, signIn, verifiedContestant, type Contestant } from './support/accounts.js';
import { api, runningContest, tokenOf } from './support/api.js';
import { actOnceHydrated, baseUrl, launchBrowser } from './support/browser.js';
import { atBothWidths, DESKTOP, PHONE, seriousViolations, twoFrames, withAxe } from './support/axe.js';
import { STORAGE_KEYS } from '#contract/auth/constants.js';

/**
 * A new window; reduced motion, so the scroll reveals and hero animations are already in place when axe
 * reads colours. axe-core goes into every page once, as it loads, rather than AxeBuilder sending its
 * half-megabyte source twice on every check (that was half of this spec's time).
 */
async function open(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, reducedMotion: 'reduce' });
  await withAxe(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  actOnceHydrated(page);
  return { context, page };
}

/** Waits for the page's heading and for every "Loading..." (route chunk, skeleton, spinner; in either language) to go. */
async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(() => ![...document.querySelectorAll('[role="status"]')].some((el) => /Loading|Carregando/.test(el.textContent ?? '')));
}

/**
 * Visits each path (staying on it: no redirect) and checks it at both widths, in two windows of the
 * context at once (they share its sign-in); answers every finding, in the order of `paths`.
 */
async function checkPages(context: BrowserContext, paths: string[]): Promise<string[]> {
  const results = new Map<string, string[]>();
  const queue = [...paths];
  const worker = async () => {
    const page = await context.newPage();
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      await page.goto(path);
      await settle(page);
      expect(new URL(page.url()).pathname).toBe(new URL(path, baseUrl()).pathname);
      results.set(path, await atBothWidths(page, path));
    }
    await page.close();
  };
  await Promise.all([worker(), worker()]);
  return paths.flatMap((path) => results.get(path)!);
}

/** Presses Tab until the focused element is `target` (at most `max` times): how a keyboard user gets there. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);
/** Focus comes back a moment after a dialog or menu is gone (the dialog hands it over after unmounting). */
async function waitForFocus(page: Page, target: Locator): Promise<void> {
  await page.waitForFunction((el) => el === document.activeElement, await target.elementHandle());
}
const focusInside = (target: Locator) => target.evaluate((el) => el.contains(document.activeElement));
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('Accessibility in the browser (axe-core, keyboard)', () => {
  let browser: Browser;
  let star: Contestant;
  let contestId: number;
  let groupId: number;
  let profileId: number;
  let paymentId: string;
  const sender = `Axel Aria ${Date.now().toString(36)}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const adminToken = await tokenOf(ADMIN.username, ADMIN.password);
    contestId = await runningContest(adminToken, 'Axe Night');
    star = await verifiedContestant('a11y');
    await api('POST', '/contestants/join-contest', await tokenOf(star.username, star.password), { contest_id: contestId });
    const profile = await api('GET', `/contestants/${star.username}/`, null);
    profileId = Number(profile.id);
    groupId = Number((profile.active_contest_entry as { group_id: number }).group_id);
    // Something in each admin list: a pending payment (its checkout page too) and a support message.
    const started = await api('POST', '/votes/initiate-payment', null, {
      profile_id: profileId,
      voter_name: 'Pat Payer',
      voter_email: 'pat@example.test',
      votes: 5,
      amount_paid: 5,
      payment_method: 'stripe',
    });
    paymentId = /\/test-checkout\/([0-9a-f-]+)/.exec(String(started.payment_url))![1]!;
    await api('POST', '/support/contact', null, {
      topic: 'technical',
      name: sender,
      email: 'axel@example.test',
      message: 'The vote button does nothing on my phone.',
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should find no serious or critical violation on the account pages a visitor sees', async () => {
    const { context, page } = await open(browser);
    // The page a registration leads to shows only with the address it was sent to.
    await page.goto('/register');
    await page.evaluate(([key, email]) => localStorage.setItem(key!, email!), [STORAGE_KEYS.registrationEmail, 'new@example.test']);
    const found = await checkPages(context, [
      '/',
      '/register',
      '/registration-success',
      '/login',
      '/forgot-password',
      '/reset-password?token=not-a-real-token',
      '/verify-email?token=not-a-real-token',
      '/support',
      '/contact-support',
      '/about-us',
      '/privacy-policy',
      '/terms-of-service',
      '/no-such-page',
      '/admin',
    ]);
    expect(found).toEqual([]);
    await context.close();
  });

  it('should find no serious or critical violation on the contest and vote pages a visitor sees', async () => {
    const { context } = await open(browser);
    const found = await checkPages(context, [
      `/vote/${profileId}`,
      `/vote/${profileId}?type=free`,
      `/vote/${profileId}?type=other`,
      `/test-checkout/${paymentId}`,
      '/leaderboard',
      `/leaderboard/group/${groupId}`,
      `/profile/${star.username}`,
      `/profile/2025/${star.username}`,
      '/profile/no_such_contestant',
      '/competitions',
      '/competitions/midnight-screams-2025',
      '/competitions/no-such-night',
      // The embed pages, as framed on organizers' sites: themed, compact, and for no one.
      `/embed/vote/${star.username}`,
      `/embed/vote/${star.username}?compact=1&accent=2563eb`,
      '/embed/vote/no_such_contestant',
      `/embed/groups/${groupId}/leaderboard`,
      `/embed/groups/${groupId}/leaderboard?compact=1`,
    ]);
    expect(found).toEqual([]);
    await context.close();
  });

  it('should find no serious or critical violation on forms showing errors, the phone menu and the package dialog', async () => {
    const { context, page } = await open(browser);
    const found: string[] = [];
    // Forms showing their errors: the registration sent empty, a refused sign-in.
    await page.goto('/register');
    await settle(page);
    await page.getByRole('button', { name: 'Register Now' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    found.push(...(await atBothWidths(page, '/register with errors')));
    await page.goto('/login');
    await settle(page);
    await page.getByLabel('Email or Username').fill('nobody_here');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid credentials').first().waitFor();
    found.push(...(await atBothWidths(page, '/login refused')));
    // A hovered button changes colour: the primary look's hover too.
    await page.getByRole('button', { name: 'Sign In' }).hover();
    await twoFrames(page);
    found.push(...(await seriousViolations(page, '/login, Sign In hovered')));

    // The phone menu open.
    await page.goto('/');
    await settle(page);
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
    found.push(...(await seriousViolations(page, '/ phone menu open')));
    await page.setViewportSize(DESKTOP);

    // The vote package dialog.
    await page.goto(`/profile/${star.username}`);
    await settle(page);
    await page.getByRole('listitem', { name: '12 Votes' }).getByRole('button', { name: 'Buy Now' }).click();
    await page.getByRole('dialog', { name: 'Buy 12 Votes' }).getByLabel('Receipt email').waitFor();
    found.push(...(await atBothWidths(page, `/profile/${star.username} Buy 12 Votes dialog`)));
    expect(found).toEqual([]);
    await context.close();
  });

  it('should find no serious or critical violation on the pages a visitor sees in Brazilian Portuguese', async () => {
    const { context, page } = await open(browser);
    await context.addCookies([{ name: 'locale', value: 'pt-BR', url: baseUrl() }]);
    const found = await checkPages(context, [
      '/',
      '/register',
      '/login',
      `/vote/${profileId}`,
      `/vote/${profileId}?type=other`,
      `/test-checkout/${paymentId}`,
      '/leaderboard',
      `/profile/${star.username}`,
      '/support',
      '/about-us',
      '/competitions',
      `/embed/vote/${star.username}`,
      `/embed/groups/${groupId}/leaderboard`,
    ]);
    // The pages were drawn and shown in Portuguese, not only asked for in it.
    await page.goto('/');
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    expect(found).toEqual([]);
    await context.close();
  });

  it('should find no serious or critical violation on any page a contestant sees', async () => {
    const { context, page } = await open(browser);
    await signIn(page, star.username, star.password);
    await page.waitForURL('**/dashboard');
    const found = await checkPages(context, [
      '/dashboard',
      '/active-contests',
      '/share-support',
      '/profile/basics',
      '/profile/photos',
      '/profile/social',
      '/contest-join-success',
      `/profile/${star.username}`,
      '/admin',
    ]);

    await page.goto('/dashboard');
    await settle(page);
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('link', { name: 'Your Profile', exact: true }).waitFor();
    found.push(...(await seriousViolations(page, '/dashboard user menu open')));
    await page.keyboard.press('Escape');

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
    found.push(...(await seriousViolations(page, '/dashboard phone menu open')));
    expect(found).toEqual([]);
    await context.close();
  });

  it('should find no serious or critical violation on the dashboard\'s "Your data" card, the open delete-account dialog and the pending-deletion notice', async () => {
    const { context, page } = await open(browser);
    await signIn(page, star.username, star.password);
    await page.waitForURL('**/dashboard');
    await settle(page);
    const card = page.getByRole('region', { name: 'Your data' });
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('button', { name: 'Download my data' }).waitFor();
    const found = await atBothWidths(page, '/dashboard "Your data"');

    await card.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await twoFrames(page);
    found.push(...(await atBothWidths(page, '/dashboard delete-account dialog open')));
    // With the field's error shown (a username that is not the account's: nothing is sent).
    await dialog.getByLabel(/Type your username/).fill('not-the-username');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Type your username exactly as it is to confirm.').waitFor();
    found.push(...(await seriousViolations(page, '/dashboard delete-account dialog with its error')));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The notice a pending deletion shows, with "Keep my account"; the deletion is cancelled again after.
    const token = await tokenOf(star.username, star.password);
    await api('POST', '/users/me/deletion', token, { confirm_username: star.username });
    try {
      await page.reload();
      await settle(page);
      await page.getByRole('button', { name: 'Keep my account' }).waitFor();
      found.push(...(await atBothWidths(page, '/dashboard pending-deletion notice')));
    } finally {
      await api('DELETE', '/users/me/deletion', token);
    }
    expect(found).toEqual([]);
    await context.close();
  });

  it('should find no serious or critical violation on any page an admin sees', async () => {
    const { context, page } = await open(browser);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL('**/admin');
    const found = await checkPages(context, [
      '/admin',
      '/admin/contests',
      '/admin/contests/create',
      `/admin/contests/${contestId}`,
      `/admin/contests/${contestId}/edit`,
      `/admin/contests/${contestId}/groups`,
      `/admin/contests/${contestId}/groups/new`,
      `/admin/contests/${contestId}/groups/${groupId}/contestants`,
      '/admin/all-contestants',
      '/admin/payments',
      '/admin/messages',
      '/admin/vote-review',
      '/admin/webhooks',
      '/admin/contests/999999',
      '/admin/no-such-page',
      '/dashboard',
    ]);
    expect(found).toEqual([]);
    await context.close();
  });

  it('should find no serious or critical violation on the dialogs, toast, phone menu and audit log an admin sees', async () => {
    const { context, page } = await open(browser);
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.waitForURL('**/admin');
    const found: string[] = [];
    // A confirm dialog (eliminating a contestant, cancelled).
    await page.goto(`/admin/contests/${contestId}/groups/${groupId}/contestants`);
    await settle(page);
    await page.getByRole('button', { name: `Eliminate ${star.username}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).waitFor();
    found.push(...(await atBothWidths(page, 'eliminate confirm dialog')));
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // The support message dialog.
    await page.goto('/admin/messages');
    await settle(page);
    await page.getByRole('button', { name: new RegExp(`^Open message from ${sender}`) }).click();
    await page.getByRole('dialog').getByText('The vote button does nothing on my phone.').waitFor();
    found.push(...(await atBothWidths(page, 'support message dialog')));
    // A toast over it.
    await page.getByRole('dialog').getByRole('button', { name: 'Mark as handled' }).click();
    await page.getByText('Message marked as handled').waitFor();
    found.push(...(await seriousViolations(page, 'support message dialog with a toast')));
    await page.keyboard.press('Escape');

    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
    found.push(...(await seriousViolations(page, '/admin/messages phone menu open')));

    // The audit log, holding the status change just made (its table, not only the empty state).
    await page.goto('/admin/audit');
    await settle(page);
    await page.getByRole('table', { name: 'Admin actions' }).getByText('Message status changed').first().waitFor();
    found.push(...(await atBothWidths(page, '/admin/audit')));
    expect(found).toEqual([]);
    await context.close();
  });

  it('should offer a skip link as the first stop that takes focus to the page content', async () => {
    const { context, page } = await open(browser);
    await page.goto('/leaderboard');
    await settle(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await isFocused(skip)).toBe(true);
    await page.keyboard.press('Enter');
    await waitForFocus(page, page.locator('main'));
    // The next Tab goes on from the content, not back to the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    await context.close();
  });

  it('should work the phone menu with the keyboard: Enter opens it, focus moves in, Escape closes it back onto the toggle', async () => {
    const { context, page } = await open(browser, PHONE);
    await page.goto('/');
    await settle(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.waitFor();
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(await focusedName(page)).toBe('Home');
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe('How It Works');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Leaderboard');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await waitForFocus(page, toggle);

    // Space opens it too; Enter on a link follows it and closes the menu.
    await page.keyboard.press('Space');
    await menu.waitFor();
    await page.keyboard.press('ArrowUp');
    expect(await focusedName(page)).toBe('Sign In');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login');
    await menu.waitFor({ state: 'hidden' });

    // Tabbing out of the last link closes it: an open menu never covers where focus went.
    await page.goto('/');
    await settle(page);
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    await menu.waitFor();
    // Five links (Home, How It Works, Leaderboard, Support, Sign In): the fifth Tab leaves the last.
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    await menu.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('should work the user menu with the keyboard', async () => {
    const { context, page } = await open(browser);
    await signIn(page, star.username, star.password);
    await page.waitForURL('**/dashboard');
    await settle(page);
    const toggle = page.getByRole('button', { name: 'Open user menu' });
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await focusedName(page)).toBe('Your Profile');
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe('Account Settings');
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await isFocused(toggle)).toBe(true);

    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/profile/basics');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('should keep focus inside a dialog opened from the keyboard and give it back on Escape', async () => {
    const { context, page } = await open(browser, PHONE);
    await page.goto(`/profile/${star.username}`);
    await settle(page);
    const buy = page.getByRole('listitem', { name: '12 Votes' }).getByRole('button', { name: 'Buy Now' });
    await tabTo(page, buy, 120);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Buy 12 Votes' });
    await dialog.waitFor();
    expect(await focusInside(dialog)).toBe(true);
    // Round the dialog both ways, further than it has controls: focus never leaves it.
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press(key);
        expect({ key, i, inside: await focusInside(dialog) }).toEqual({ key, i, inside: true });
      }
    }
    // The controls answer the keyboard: typing fills the e-mail, arrow keys move the payment method.
    const email = dialog.getByLabel('Receipt email');
    await tabTo(page, email, 20);
    await page.keyboard.type('fan@example.test');
    expect(await email.inputValue()).toBe('fan@example.test');
    const chosen = dialog.getByRole('radio', { checked: true });
    await tabTo(page, chosen, 20);
    const before = await chosen.getAttribute('value');
    await page.keyboard.press('ArrowDown');
    expect(await chosen.getAttribute('value')).not.toBe(before);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await waitForFocus(page, buy);

    // A confirm dialog: focus starts on Cancel, Escape cancels and focus returns to what opened it.
    const admin = await open(browser);
    await signIn(admin.page, ADMIN.username, ADMIN.password);
    await admin.page.waitForURL('**/admin');
    await admin.page.goto(`/admin/contests/${contestId}/groups/${groupId}/contestants`);
    await settle(admin.page);
    const eliminate = admin.page.getByRole('button', { name: `Eliminate ${star.username}` });
    await tabTo(admin.page, eliminate);
    await admin.page.keyboard.press('Enter');
    const confirm = admin.page.getByRole('dialog');
    await confirm.waitFor();
    expect(await isFocused(confirm.getByRole('button', { name: 'Cancel' }))).toBe(true);
    await admin.page.keyboard.press('Tab');
    await admin.page.keyboard.press('Tab');
    expect(await isFocused(confirm.getByRole('button', { name: 'Cancel' }))).toBe(true);
    await admin.page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    await waitForFocus(admin.page, eliminate);
    expect((await api('GET', `/contestants/${star.username}/`, null)).is_eliminated).not.toBe(true);
    await admin.context.close();
    await context.close();
  });
});
