// The photos page in a real browser: a contestant adds two photos, removes the
// registration one, saves, and the public profile shows the two new ones, loaded from their variants.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { signIn, verifiedContestant } from './support/accounts.js';
import { tokenOf } from './support/api.js';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';

async function picture(color: string, type: 'png' | 'jpeg'): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const image = sharp({ create: { width: 900, height: 1100, channels: 3, background: color } });
  const buffer = await (type === 'png' ? image.png() : image.jpeg()).toBuffer();
  return { name: `${color.slice(1)}.${type === 'png' ? 'png' : 'jpg'}`, mimeType: `image/${type}`, buffer };
}

describe('Profile photos in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should add two photos, remove one, save, and show them on the public profile', async () => {
    const c = await verifiedContestant('photos');
    const { context, page } = await newPage(browser, { width: 375, height: 800 });
    await signIn(page, c.username, c.password);
    await page.waitForURL('**/dashboard');

    await page.goto('/profile/photos');
    await page.getByRole('heading', { name: 'Your Profile Photos' }).waitFor();
    const tiles = page.getByTestId('photo-tile');
    // The heading shows while the photos load: wait for the loaded list before counting it.
    await page.getByText('1 / 5 photos').waitFor();
    await expect(tiles.count()).resolves.toBe(1);
    const registered = await tiles.first().getByRole('img').getAttribute('src');
    const save = page.getByRole('button', { name: 'Save Changes' });
    expect(await save.isDisabled()).toBe(true);

    await page.getByLabel('Add Photos').setInputFiles([await picture('#22aa44', 'png'), await picture('#aa8822', 'jpeg')]);
    await page.getByRole('img', { name: 'Photo 3 (not saved yet)' }).waitFor();
    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    await page.getByText('Photo removed! Click "Save Changes" to confirm.').waitFor();
    await expect(tiles.count()).resolves.toBe(2);

    await save.click();
    // One toast for the save: photos were removed as well as added, so it says they were updated.
    await page.getByText('Photos updated successfully!').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="photo-tile"] img[srcset]').length === 2);
    // Nothing left to save: the button turns disabled once the saved list is the page's (it may take a render).
    await page.getByRole('button', { name: 'Save Changes', disabled: true }).waitFor({ timeout: 5_000 });
    // The page is usable at 375px: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.goto(`/profile/${c.username}`);
    const grid = page.getByRole('region', { name: 'Photos' });
    await grid.getByRole('img').first().waitFor();
    const photos = grid.getByRole('img');
    await expect(photos.count()).resolves.toBe(2);
    const srcs = await photos.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute('src')));
    expect(srcs).not.toContain(registered);
    expect(srcs.every((s) => /^\/uploads\/profiles\/[0-9a-f-]+\.(png|jpg)$/.test(s ?? ''))).toBe(true);
    // Loaded from a small variant (WebP), not the full picture.
    await page.waitForFunction(() => [...document.querySelectorAll('#photos-heading ~ ul img')].every((i) => (i as HTMLImageElement).complete));
    const current = await photos.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).currentSrc));
    for (const url of current) expect(url).toMatch(/\/uploads\/variants\/profiles\/[0-9a-f-]+-(64|160|320|640|1280)w\.webp$/);
    await context.close();
  });

  it('should replace all five photos with two new ones in one save, and say why the last photo cannot go', async () => {
    const c = await verifiedContestant('swap');
    // Four more photos through the API: five saved in all.
    const form = new FormData();
    for (const color of ['#113355', '#335511', '#551133', '#555511']) {
      const p = await picture(color, 'jpeg');
      form.append('files', new Blob([new Uint8Array(p.buffer)], { type: p.mimeType }), p.name);
    }
    const added = await fetch(`${baseUrl()}/api/v1/contestants/my-profile/pictures`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokenOf(c.username, c.password)}` },
      body: form,
    });
    expect(added.status).toBe(200);

    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await signIn(page, c.username, c.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/profile/photos');
    await page.getByText('5 / 5 photos').waitFor();
    const tiles = page.getByTestId('photo-tile');
    for (let left = 4; left >= 1; left--) {
      await page.getByRole('button', { name: 'Remove photo 1' }).click();
      await page.getByText(`${left} / 5 photos`).waitFor();
    }
    // The last photo: its button says why it stays, before anything is sent.
    const lastRemove = page.getByRole('button', { name: 'Remove photo 1' });
    expect(await lastRemove.getAttribute('aria-disabled')).toBe('true');
    await page.getByText('Your profile needs at least one photo. Add another photo before removing this one.').waitFor();
    // aria-disabled keeps it focusable and clickable (Playwright waits for such a button to be enabled: forced).
    await lastRemove.click({ force: true });
    await page.getByText('Failed to remove photo: Your profile needs at least one photo.', { exact: false }).waitFor();
    await expect(tiles.count()).resolves.toBe(1);

    await page.getByLabel('Add Photos').setInputFiles([await picture('#e0e0e0', 'png'), await picture('#a0a0e0', 'jpeg')]);
    await page.getByText('3 / 5 photos').waitFor();
    await page.getByRole('button', { name: 'Remove photo 1' }).click();
    await page.getByText('2 / 5 photos').waitFor();
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/contestants/my-profile')) uploads.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Photos updated successfully!').waitFor();
    await page.getByRole('button', { name: 'Save Changes', disabled: true }).waitFor({ timeout: 5_000 });
    expect(uploads).toEqual(['POST /api/v1/contestants/my-profile/pictures']);
    expect(await page.getByText('Failed to save changes').count()).toBe(0);

    const profile = (await (await fetch(`${baseUrl()}/api/v1/contestants/${c.username}/`)).json()) as { pictures_urls: string[] };
    expect(profile.pictures_urls).toHaveLength(2);
    expect(profile.pictures_urls.map((u) => u.slice(-4)).sort()).toEqual(['.jpg', '.png']);
    await context.close();
  });
});
