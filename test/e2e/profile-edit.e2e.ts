// A contestant edits their profile in the browser: the Profile Basics form
// refuses what the contract refuses, saves, and the public profile's About section shows the answers.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { signIn, verifiedContestant, type Contestant } from './support/accounts.js';
import { api, tokenOf } from './support/api.js';
import { launchBrowser, newPage } from './support/browser.js';

describe('Profile basics', () => {
  let browser: Browser;
  let ivy: Contestant;

  const answers = {
    horror_passion: 'The hush of a dark cinema right before the first scream.',
    character_qualities: 'Stillness, nerve, and a scream that carries.',
    dreams_and_goals: 'To lead a creature feature that premieres on the big screen.',
    ideal_horror_role: 'The survivor who turns the hunt around.',
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    ivy = await verifiedContestant('basics');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('should let a contestant edit the category and answers and show them on their public profile', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ivy.username, ivy.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: /Edit Profile Basics/ }).click();
    await page.waitForURL('**/profile/basics');
    await page.getByRole('heading', { level: 1, name: 'Profile Basics' }).waitFor();

    // The category chosen at registration; no answers yet.
    const category = page.getByLabel('Category');
    expect(await category.inputValue()).toBe('Scream Queens');
    const passion = page.getByLabel('What drives your passion for horror?');
    expect(await passion.inputValue()).toBe('');

    // An answer past its question's limit is refused in the form, naming the question (the demo's questions are optional).
    await page.getByLabel('What is your ideal horror role?').fill('x'.repeat(501));
    await page.getByText('501/500').waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('"What is your ideal horror role?" must be 500 characters or less').waitFor();

    await category.selectOption('Creature Killer');
    await passion.fill(answers.horror_passion);
    await page.getByText(`${answers.horror_passion.length}/500`).waitFor();
    await page.getByLabel('What qualities do you bring to a character?').fill(answers.character_qualities);
    await page.getByLabel('What are your dreams and goals?').fill(answers.dreams_and_goals);
    await page.getByLabel('What is your ideal horror role?').fill(answers.ideal_horror_role);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    expect(await page.getByText('must be 500 characters or less').count()).toBe(0);

    // Stored: a reload shows them.
    await page.reload();
    await page.getByLabel('What drives your passion for horror?').waitFor();
    expect(await page.getByLabel('What drives your passion for horror?').inputValue()).toBe(answers.horror_passion);
    expect(await page.getByLabel('Category').inputValue()).toBe('Creature Killer');

    // The public profile's About section shows the new answers.
    await page.getByRole('link', { name: 'View your public profile' }).click();
    await page.waitForURL(`**/profile/${ivy.username}`);
    const about = page.getByRole('region', { name: /^About / });
    for (const text of Object.values(answers)) await about.getByText(text).waitFor();
    await about.getByRole('link', { name: 'Edit Profile Information' }).waitFor();

    // What a visitor sees too, from the API.
    const token = await tokenOf(ivy.username, ivy.password);
    expect(await api('GET', '/contestants/profile/basics', token)).toMatchObject({ category: 'Creature Killer', ...answers });
    const profile = await api('GET', `/contestants/${ivy.username}/`, null);
    expect(profile).toMatchObject({ category: 'Creature Killer', ...answers });
    await context.close();
  });
});
