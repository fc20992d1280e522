// An owner turns the running site, in the browser and without a restart, into a Brazilian cooking site:
// Portuguese chosen in the footer, a new name and colours, categories of its own, a required profile
// question, vote packages in reais. A new contestant then has to answer that question to register, a fan
// buys a package in reais through TEST MODE, and a page read without JavaScript shows the new name in
// Portuguese. Controls of pages still being translated are found by their English name or, once the
// catalog translates it, its Portuguese one (support/i18n.ts); Portuguese is asserted only where the
// catalog already has it. Every setting changed is put back afterwards: the other browser tests share
// this server and expect the demo's site.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { SERVER_RENDER_DATA_ID } from '#contract/site/constants.js';
import { ADMIN, type Contestant } from './support/accounts.js';
import { api, runningContest, tokenOf } from './support/api.js';
import { baseUrl, launchBrowser, newPage } from './support/browser.js';
import { inEither, ptBR } from './support/i18n.js';
import { waitForLink } from './support/mailbox.js';

const stamp = Date.now().toString(36);
const SITE_NAME = 'Sabores do Brasil';
const ACCENT = '#d9480f';
const BACKGROUND = '#140d08';
const CATEGORIES = ['Doces', 'Salgados', 'Comida de Rua'];
const QUESTION = { key: `prato_${stamp}`, label: 'Qual é o prato da sua família?', publicLabel: 'Prato de família' };
/** The first package (10 + 2 votes) at R$ 12,50, as the dialog and the checkout write it in either language. */
const PACKAGE_PRICE = /R\$\s?12[.,]50/;

/** Until `check` holds (polled: the server credits a payment in a background job). */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The answer to the page's next request of this method to a path ending so. */
const answerTo = (page: Page, method: string, pathEnd: string): Promise<Response> =>
  page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname.endsWith(pathEnd));

describe('A cooking site in Brazilian Portuguese, set up in the browser', () => {
  let browser: Browser;
  let adminToken: string;
  let original: { site: Record<string, unknown>; categories: unknown; offer: Record<string, unknown> };
  let contestId: number;
  let questionId: number | undefined;
  const cook: Contestant = { username: `cozinha_${stamp}`, email: `cozinha.${stamp}@example.test`, password: 'pudim-de-leite-1' };

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = await tokenOf(ADMIN.username, ADMIN.password);
    const site = await api('GET', '/admin/site', adminToken);
    original = {
      site,
      categories: (await api('GET', '/admin/site/categories', adminToken)).categories,
      offer: await api('GET', '/admin/vote-packages', adminToken),
    };
    contestId = await runningContest(adminToken, 'Festival de Cozinha Caseira');
  });

  afterAll(async () => {
    await browser?.close();
    const s = original.site;
    await api('PUT', '/admin/site', adminToken, {
      site_name: s.site_name,
      accent_color: s.accent_color,
      background_color: s.background_color,
      charity_name: s.charity_name,
      charity_beneficiary: s.charity_beneficiary,
      charity_share: s.charity_share,
      charity_url: s.charity_url,
      mail_sender_name: s.mail_sender_name,
    });
    await api('PUT', '/admin/site/categories', adminToken, { categories: original.categories });
    await api('PUT', '/admin/vote-packages', adminToken, original.offer);
    if (questionId !== undefined) await api('PUT', `/admin/profile-questions/${questionId}`, adminToken, { retired: true });
  });

  it('should let an owner switch to Portuguese in the footer and make the site a cooking site in reais, effective at once', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByLabel('Language', { exact: true }).selectOption('pt-BR');
    await page.waitForFunction(() => document.documentElement.lang === 'pt-BR');
    // The footer and the header are translated at once, without a reload, and the choice is remembered.
    await page.getByLabel(ptBR('Language'), { exact: true }).waitFor();
    await page
      .getByRole('link', { name: ptBR('LEADERBOARD'), exact: true })
      .first()
      .waitFor();
    expect((await context.cookies()).find((c) => c.name === 'locale')?.value).toBe('pt-BR');

    // The sign-in page is drawn in Portuguese from the cookie.
    await page.goto('/login');
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    await page.getByRole('heading', { name: ptBR('Welcome back') }).waitFor();
    await page.getByText(ptBR('Sign in to your account'), { exact: true }).waitFor();
    await page.getByLabel(ptBR('Email or Username')).fill(ADMIN.username);
    await page.getByLabel(ptBR('Password'), { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: ptBR('Sign In'), exact: true }).click();
    await page.waitForURL('**/admin');

    // Name and colours: the header and the palette change on the page at once.
    await page.goto('/admin/site');
    await page.getByLabel(inEither('Site name')).fill(SITE_NAME);
    await page.getByLabel(inEither('Accent colour')).fill(ACCENT);
    await page.getByLabel(inEither('Background colour')).fill(BACKGROUND);
    const siteSaved = answerTo(page, 'PUT', '/admin/site');
    await page.getByRole('button', { name: inEither('Save Settings') }).click();
    expect((await siteSaved).status()).toBe(200);
    await page
      .getByRole('link', { name: new RegExp(SITE_NAME) })
      .first()
      .waitFor();
    await page.waitForFunction(
      ([accent, background]) => {
        const style = getComputedStyle(document.documentElement);
        return style.getPropertyValue('--color-blood-500').trim() === accent && style.getPropertyValue('--color-night-950').trim() === background;
      },
      [ACCENT, BACKGROUND],
    );

    // The site's categories.
    await page.goto('/admin/categories');
    const categories = page.getByLabel(inEither('Categories, one per line'));
    await until('the categories are shown', async () => (await categories.inputValue()).includes('Scream Queens'), 15_000);
    await categories.fill(CATEGORIES.join('\n'));
    const categoriesSaved = answerTo(page, 'PUT', '/admin/site/categories');
    await page.getByRole('button', { name: inEither('Save Categories') }).click();
    expect((await categoriesSaved).status()).toBe(200);

    // A required profile question, added last.
    await page.goto('/admin/profile-questions');
    const add = page.getByRole('region', { name: inEither('Add a question') });
    await add.getByLabel(inEither('Key')).fill(QUESTION.key);
    await add.getByLabel(inEither('Question')).fill(QUESTION.label);
    await add.getByLabel(inEither('Public title')).fill(QUESTION.publicLabel);
    await add.getByLabel(inEither('Required (asked at registration)')).check();
    const questionAdded = answerTo(page, 'POST', '/admin/profile-questions');
    await add.getByRole('button', { name: inEither('Add Question') }).click();
    const added = await questionAdded;
    expect(added.ok()).toBe(true);
    questionId = ((await added.json()) as { id: number; key: string }[]).find((q) => q.key === QUESTION.key)?.id;
    expect(questionId).toEqual(expect.any(Number));
    await page.getByText(QUESTION.label, { exact: true }).first().waitFor();

    // The vote packages in reais: the currency, a donated vote's price and the first package's price (its id kept).
    await page.goto('/admin/vote-packages');
    const prices = page.locator('form').filter({ has: page.getByLabel(inEither('Currency')) });
    await prices.getByLabel(inEither('Currency')).selectOption('BRL');
    await prices.getByLabel(inEither('Price of one donated vote')).fill('0.5');
    await prices.getByRole('listitem').first().getByRole('spinbutton').nth(2).fill('12.50');
    // The preview writes the price in reais before anything is saved.
    await page.getByText(PACKAGE_PRICE).first().waitFor();
    const offerSaved = answerTo(page, 'PUT', '/admin/vote-packages');
    await prices.getByRole('button', { name: inEither('Save vote packages') }).click();
    expect((await offerSaved).status()).toBe(200);

    // All of it is what the site answers now, on every process, with no restart.
    const site = await api('GET', '/site', null);
    expect(site).toMatchObject({ categories: CATEGORIES, vote_offer: { currency: 'BRL', donation_vote_price: 50 } });
    expect((site.vote_offer as { packages: { votes: number; bonus: number; price_minor: number }[] }).packages[0]).toMatchObject({
      votes: 10,
      bonus: 2,
      price_minor: 1250,
    });
    await context.close();
  }, 240_000);

  it('should make a new contestant answer the new required question to register, in a category of the new list', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/register');
    await page.getByLabel('Username').fill(cook.username);
    await page.getByLabel('Email Address').fill(cook.email);
    await page.getByLabel('First Name').fill('Dona');
    await page.getByLabel('Last Name').fill('Benta');
    await page.getByLabel('Phone Number').fill('5551234567');
    // The category list is the site's new one.
    const category = page.getByLabel('Category');
    await category.locator('option', { hasText: 'Comida de Rua' }).waitFor({ state: 'attached' });
    expect(await category.locator('option', { hasText: 'Scream Queens' }).count()).toBe(0);
    await category.selectOption('Doces');
    await page.getByLabel('Biography').fill('Bolos de fubá e pudins desde criança, na cozinha da avó.');
    await page.getByLabel('Password', { exact: true }).fill(cook.password);
    await page.getByLabel('Confirm Password').fill(cook.password);
    const jpeg = await sharp({ create: { width: 320, height: 400, channels: 3, background: '#c2410c' } })
      .jpeg()
      .toBuffer();
    await page.getByLabel('Pictures').setInputFiles([{ name: 'bolo.jpg', mimeType: 'image/jpeg', buffer: jpeg }]);
    await page.getByRole('button', { name: 'Remove picture 1' }).waitFor();

    // The new question is asked, and registering without its answer is refused at it.
    const answer = page.getByLabel(QUESTION.label);
    await page.getByRole('button', { name: 'Register Now' }).click();
    await answer.and(page.locator('[aria-invalid="true"]')).waitFor();
    expect(page.url()).toMatch(/\/register$/);
    await answer.fill('Feijoada de sábado, com couve e farofa.');
    await page.getByRole('button', { name: 'Register Now' }).click();
    await page.waitForURL('**/registration-success');

    await page.goto(await waitForLink(cook.email, '/verify-email'));
    await page.getByText('Email verified successfully!').waitFor();
    const profile = await api('GET', `/contestants/${cook.username}/`, null);
    expect(profile.category).toBe('Doces');
    expect((profile.answers as { key: string; answer: string | null }[]).find((a) => a.key === QUESTION.key)?.answer).toBe(
      'Feijoada de sábado, com couve e farofa.',
    );
    // In a contest that follows the site's list and offer, so fans can buy votes for them.
    await api('POST', '/contestants/join-contest', await tokenOf(cook.username, cook.password), { contest_id: contestId });
    await context.close();
  }, 120_000);

  it('should let a fan buy a package priced in reais through TEST MODE', async () => {
    const { context, page } = await newPage(browser);
    await context.addCookies([{ name: 'locale', value: 'pt-BR', url: baseUrl() }]);
    await page.goto(`/profile/${cook.username}`);
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    const pack = page.getByRole('listitem').filter({ hasText: PACKAGE_PRICE });
    await pack.getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type="email"]').fill('fa.de.feijoada@example.test');
    await dialog.getByRole('button', { name: PACKAGE_PRICE }).click();

    await page.waitForURL('**/test-checkout/**');
    await page.getByRole('button', { name: PACKAGE_PRICE }).click();
    await page.waitForURL((url) => url.pathname === `/profile/${cook.username}` && url.search === '');
    await until('the 12 paid votes are credited', async () => (await api('GET', `/contestants/${cook.username}/`, null)).paid_votes === 12);

    // Recorded in reais, at the package's price in centavos.
    const payments = await api('GET', '/admin/payments?status=credited&limit=100', adminToken);
    const paid = (payments.items as { username: string | null; amount_minor: number; currency: string; votes: number }[]).filter(
      (p) => p.username === cook.username,
    );
    expect(paid.map(({ amount_minor, currency, votes }) => ({ amount_minor, currency, votes }))).toEqual([{ amount_minor: 1250, currency: 'BRL', votes: 12 }]);
    await context.close();
  }, 120_000);

  it('should draw a page for a reader without JavaScript in Portuguese, with the new name and colours', async () => {
    const asked: Record<string, string>[] = [{ cookie: 'locale=pt-BR' }, { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5' }];
    for (const headers of asked) {
      const res = await fetch(new URL(`/profile/${cook.username}`, baseUrl()), { headers });
      const html = await res.text();
      expect(res.status).toBe(200);
      expect(html).toMatch(/<html[^>]* lang="pt-BR"/);
      expect(html).toContain(`id="${SERVER_RENDER_DATA_ID}"`);
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toContain(SITE_NAME);
      expect(html).toContain(`--color-blood-500:${ACCENT}`);
      // The drawn footer is in Portuguese, and the contestant is on the page.
      expect(html).toContain(ptBR('Language'));
      expect(html).toContain('Dona Benta');
    }
    // English stays the language of a reader who asks for nothing else.
    const english = await (await fetch(new URL(`/profile/${cook.username}`, baseUrl()))).text();
    expect(english).toMatch(/<html[^>]* lang="en"/);
  });
});
