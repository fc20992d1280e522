// A contestant saves social links and the public profile shows them; the share page's Copy Link puts
// the profile link on the clipboard.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { signIn, verifiedContestant, type Contestant } from './support/accounts.js';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';

describe('Social links and the share page in the browser', () => {
  let browser: Browser;
  let ivy: Contestant;

  beforeAll(async () => {
    browser = await launchBrowser();
    ivy = await verifiedContestant('social');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should save the links, refuse a wrong one, and show the icons on the public profile', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ivy.username, ivy.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/profile/social');
    await page.getByText('No social links connected yet', { exact: false }).waitFor();

    await page.getByRole('textbox', { name: 'Instagram' }).fill('https://facebook.com/ivy');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Must be a valid Instagram URL').waitFor();

    // As most people type them: a handle, and an address.
    await page.getByRole('textbox', { name: 'Instagram' }).fill('@ivy.graves');
    await page.getByRole('textbox', { name: 'TikTok' }).fill('https://www.tiktok.com/@ivy_screams');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Social links updated successfully!').waitFor();
    await page.getByRole('region', { name: 'Connected links' }).getByText('https://www.instagram.com/ivy.graves').waitFor();
    expect(await page.getByRole('textbox', { name: 'Instagram' }).inputValue()).toBe('https://www.instagram.com/ivy.graves');

    await page.goto(`/profile/${ivy.username}`);
    const instagram = page.getByRole('link', { name: `${ivy.username} on Instagram` });
    await instagram.waitFor();
    expect(await instagram.getAttribute('href')).toBe('https://www.instagram.com/ivy.graves');
    expect(await page.getByRole('link', { name: `${ivy.username} on TikTok` }).getAttribute('href')).toBe('https://www.tiktok.com/@ivy_screams');

    // Emptied fields clear the links: the icons leave the profile.
    await page.goto('/profile/social');
    await page.getByRole('textbox', { name: 'Instagram' }).fill('');
    await page.getByRole('textbox', { name: 'TikTok' }).fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('No social links connected yet', { exact: false }).waitFor();
    await page.goto(`/profile/${ivy.username}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: `${ivy.username} on Instagram` }).count()).toBe(0);
    await context.close();
  });

  it('should copy the profile link with Copy Link on the share page', async () => {
    const { context, page } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await signIn(page, ivy.username, ivy.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/share-support');
    const link = `${new URL(baseUrl()).origin}/profile/${ivy.username}`;
    expect(await page.getByLabel('Your profile link').inputValue()).toBe(link);
    await page.getByText('Post at peak hours: 8-10AM and 6-9PM.').waitFor();

    await page.getByRole('button', { name: 'Copy Link', exact: true }).click();
    await page.getByText('Profile link copied to clipboard!').waitFor();
    await page.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // The copied mark goes after 3 s.
    await page.getByRole('button', { name: 'Copy Link', exact: true }).waitFor({ timeout: 6_000 });
    await context.close();
  });
});
