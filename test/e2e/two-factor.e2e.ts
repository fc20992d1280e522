// Two-factor sign-in in Chromium, on an app started as `npm start` starts it: a staff account signs in
// with its password, sets up two-factor sign-in on the admin page (the code computed from the key the
// page shows, as an authenticator app would), keeps its recovery codes, signs out, and signs in again
// with its password and a code. axe checks the setup page and the sign-in's second step at both widths.
// Then staff roles: the owner makes an account a moderator on the Staff page; the moderator's menu holds
// only what the role may open, and a page it may not open says so.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { TWO_FACTOR_MESSAGES as M } from '#contract/twofactor/messages.js';
import { npmStart, type NpmStartedApp } from '../helpers/npm-start.js';
import { STAFF_MESSAGES } from '#contract/staff/messages.js';
import { hashPassword } from '#server/modules/auth/password.js';
import { aUser } from '../helpers/factories.js';
import { codeAt, STAFF_PASSWORD, staffAccount } from '../helpers/two-factor.js';
import { signIn } from './support/accounts.js';
import { atBothWidths, withAxe } from './support/axe.js';
import { actOnceHydrated, launchBrowser } from './support/browser.js';

describe('Two-factor sign-in in the browser', () => {
  let app: NpmStartedApp | undefined;
  let browser: Browser;

  beforeAll(async () => {
    app = await npmStart({ SERVE_CLIENT: 'true' });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (app) await rm(app.dataDir, { recursive: true, force: true });
  }, 60_000);

  it('should set up two-factor sign-in on the admin page, then sign in with the password and a code', async () => {
    const owner = await staffAccount(app!, 'tf_e2e_owner');
    const context = await browser.newContext({ baseURL: app!.baseUrl, viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    await withAxe(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    actOnceHydrated(page);

    await signIn(page, owner.username, STAFF_PASSWORD);
    await page.waitForURL('**/admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Two-Factor' }).first().click();
    await page.getByRole('heading', { name: 'Two-Factor Sign-In', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();

    // The QR code is drawn; the key beside it is what an authenticator app is given by hand.
    const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    await qr.waitFor();
    await expect(qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);
    const secret = (await page.getByLabel('Setup key').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await atBothWidths(page, '/admin/two-factor setup')).toEqual([]);

    const confirm = page.getByRole('form', { name: 'Confirm two-factor sign-in' });
    await confirm.getByLabel('Code from your authenticator app').fill(codeAt(secret, -1));
    await confirm.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    await expect(codes.getByRole('listitem').count()).resolves.toBe(10);
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await page.getByText('10 recovery codes left.').waitFor();

    // Signed out, the password alone is not enough: the code is asked for, in a focused field.
    await page.getByRole('navigation').getByRole('button', { name: 'Sign Out' }).first().click();
    await signIn(page, owner.username, STAFF_PASSWORD);
    const step = page.getByRole('form', { name: 'Two-factor sign-in' });
    await step.waitFor();
    const field = step.getByLabel('Authentication code');
    await expect(field.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(field.getAttribute('autocomplete')).resolves.toBe('one-time-code');
    expect(await atBothWidths(page, '/login two-factor step')).toEqual([]);

    await field.fill('000000' === codeAt(secret, 0) ? '111111' : '000000');
    await step.getByRole('button', { name: 'Verify' }).click();
    await step.getByRole('alert').getByText(M.wrongCode).waitFor();
    await field.fill(codeAt(secret, 0));
    await step.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Two-Factor' }).first().click();
    await page.getByText('Status:').waitFor();
    await page.getByText('On', { exact: true }).waitFor();
    await context.close();
  }, 120_000);

  it("should let an owner make an account a moderator on the Staff page, whose menu then holds only the moderator's pages", async () => {
    const owner = await staffAccount(app!, 'roles_e2e_owner');
    const volunteer = await aUser(app!.db, { username: 'roles_e2e_volunteer', is_verified: true, password_hash: await hashPassword(STAFF_PASSWORD) });
    const context = await browser.newContext({ baseURL: app!.baseUrl, viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    await withAxe(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    actOnceHydrated(page);

    await signIn(page, owner.username, STAFF_PASSWORD);
    await page.waitForURL('**/admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Staff' }).first().click();
    await page.getByRole('table', { name: 'Staff members' }).waitFor();
    expect(await atBothWidths(page, '/admin/staff')).toEqual([]);
    const form = page.getByRole('region', { name: 'Grant a role' });
    await form.getByRole('textbox', { name: 'Username' }).fill(volunteer.username);
    await form.getByRole('combobox', { name: 'Role' }).selectOption('moderator');
    await form.getByRole('button', { name: 'Grant role' }).click();
    await expect(page.getByRole('combobox', { name: `Role of ${volunteer.username}` }).inputValue()).resolves.toBe('moderator');
    await page.getByRole('navigation').getByRole('button', { name: 'Sign Out' }).first().click();

    await signIn(page, volunteer.username, STAFF_PASSWORD);
    await page.waitForURL('**/admin');
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: 'Vote Review' }).waitFor();
    await expect(menu.getByRole('link').allInnerTexts()).resolves.toEqual(['Contests', 'All Contestants', 'Messages', 'Vote Review', 'Two-Factor']);
    await menu.getByRole('link', { name: 'Vote Review' }).click();
    await page.getByRole('heading', { name: 'Vote Review', level: 1 }).waitFor();
    // A page outside the role, opened by its address: the reason, not the page.
    await page.goto('/admin/payments');
    await page.getByRole('heading', { name: STAFF_MESSAGES.permissionRequired }).waitFor();
    await page.getByText('The Payments page is not part of the Moderator role.').waitFor();
    await context.close();
  }, 120_000);
});
