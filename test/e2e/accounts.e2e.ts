// A new contestant's first visit, in a real browser: register with two pictures, verify the
// e-mail from the outbox, sign in, reach the dashboard, sign out; then the password flows.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { signIn } from './support/accounts.js';
import { launchBrowser, newPage } from './support/browser.js';
import { waitForLink } from './support/mailbox.js';

const stamp = Date.now().toString(36);
const user = {
  username: `mara_${stamp}`,
  email: `mara.${stamp}@example.test`,
  password: 'scream-queen-1',
  newPassword: 'final-girl-22',
};

async function picture(color: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 320, height: 400, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return { name: `${color.slice(1)}.jpg`, mimeType: 'image/jpeg', buffer };
}

describe('Accounts in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should register with two pictures, verify by e-mail, sign in, reach the dashboard and sign out', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Become an Actor of the Year' }).waitFor();
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Email Address').fill(user.email);
    await page.getByLabel('First Name').fill('Mara');
    await page.getByLabel('Last Name').fill('Voss');
    await page.getByLabel('Phone Number').fill('5551234567');
    await page.getByLabel('Category').selectOption('Scream Queens');
    await page.getByLabel('Biography').fill('Twelve years of community theatre screams.');
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm Password').fill(user.password);
    // A text file named .jpg is refused by its content, with its name; no broken preview is kept.
    await page.getByLabel('Pictures').setInputFiles([{ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Dear diary, I screamed.') }]);
    await page.getByText('notes.jpg is not a picture: Pictures must be JPG, JPEG, PNG or GIF images').waitFor();
    expect(await page.getByRole('button', { name: /Remove picture/ }).count()).toBe(0);
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/register-renamed-1280.png`, fullPage: true });
    await page.getByLabel('Pictures').setInputFiles([await picture('#aa2222'), await picture('#2222aa')]);
    await page.getByRole('button', { name: 'Remove picture 2' }).waitFor();
    await page.getByRole('button', { name: 'Register Now' }).click();
    await page.waitForURL('**/registration-success');
    expect(await page.evaluate(() => localStorage.getItem('registrationEmail'))).toBe(user.email);

    // Not verified yet: sign-in is refused with the exact text.
    await signIn(page, user.username, user.password);
    await page.getByText('Please verify your email before logging in').waitFor();
    // The e-mail can be sent again from here (signed in by username: the address is asked for).
    const resend = page.getByRole('form', { name: "Didn't get the verification e-mail?" });
    await resend.getByLabel('Your e-mail address').fill(user.email);
    await resend.getByRole('button', { name: 'Resend verification email' }).click();
    await resend.getByRole('status').getByText('If an account with that email exists and is not yet verified, a verification email has been sent.').waitFor();
    if (process.env.E2E_SHOTS) await page.screenshot({ path: `${process.env.E2E_SHOTS}/login-resend.png`, fullPage: true });

    const link = await waitForLink(user.email, '/verify-email');
    await page.goto(link);
    await page.getByText('Email verified successfully!').waitFor();

    await signIn(page, user.email, user.password);
    await page.waitForURL('**/dashboard');
    await page.getByText(`Welcome, ${user.username}`).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);

    await page.getByRole('button', { name: 'Sign out' }).first().click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it("should show the spec's message for a wrong password", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, user.username, 'not-the-password');
    await page.getByText('Invalid credentials').first().waitFor();
    expect(page.url()).toMatch(/\/login$/);
    await context.close();
  });

  it('should change the password through the forgot and reset pages', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/forgot-password');
    await page.getByLabel('Email Address').fill(user.email);
    await page.getByRole('button', { name: /send|reset/i }).click();
    await page.getByText('If an account with that email exists, a password reset link has been sent.').waitFor();

    const link = await waitForLink(user.email, '/reset-password');
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill(user.newPassword);
    await page.getByLabel('Confirm New Password').fill(user.newPassword);
    await page.getByRole('button', { name: /reset/i }).click();
    await page
      .getByRole('link', { name: /sign in|log ?in/i })
      .first()
      .waitFor();

    await signIn(page, user.username, user.password);
    await page.getByText('Invalid credentials').first().waitFor();
    await signIn(page, user.username, user.newPassword);
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('should show the 404 page for an unknown path', async () => {
    const { context, page } = await newPage(browser);
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await page.getByText('The page you are looking for does not exist.').waitFor();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page.getByRole('heading', { name: "This Isn't a Dream. It's Your Horror Debut." }).waitFor();
    await context.close();
  });
});
