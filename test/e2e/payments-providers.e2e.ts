// A fan reading the site in Brazilian Portuguese buys a vote package priced in reais through Stripe and
// through PayPal, not TEST MODE: the app (as `npm start` runs it, its embedded PostgreSQL included) talks
// to the loopback stand-ins of both providers, whose checkout pages the browser visits and pays at. The
// owner sets the packages in reais through the admin API; each purchase goes from the package on the
// profile, through the provider's page showing the price in reais, back to the profile, where the paid
// votes show, and is recorded in BRL at the package's price in centavos.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { AdminPaymentsPage, VoteOffer } from '#contract/payments/answers.js';
import type { VoteOfferInput } from '#contract/payments/requests.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { npmStart, type NpmStartedApp } from '../helpers/npm-start.js';
import { startPaypalStandIn, type PaypalStandIn } from '../helpers/paypal-stand-in.js';
import { standInProviders } from '../helpers/stand-in-checkout.js';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in.js';
import { actOnceHydrated, launchBrowser } from './support/browser.js';
import { ptBR } from './support/i18n.js';

/** Package 1 (10 + 2 votes) at R$ 12,50 and package 2 (50 + 20) at R$ 54,90; a donated vote R$ 0,50. */
const REAIS: VoteOfferInput = {
  currency: 'BRL',
  donation_vote_price: 50,
  packages: [
    { id: 1, votes: 10, bonus: 2, price_minor: 1250 },
    { id: 2, votes: 50, bonus: 20, price_minor: 5490 },
  ],
};
/** Prices as Portuguese writes reais (a comma before the centavos), on the site and at the providers. */
const PRICE_12_50 = /R\$\s?12,50/;
const PRICE_54_90 = /R\$\s?54,90/;

/** Until `check` holds (polled: the server credits a payment in a background job). */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('Buying votes in reais through the Stripe and PayPal stand-ins, in Portuguese', () => {
  let app: NpmStartedApp | undefined;
  let stripe: StripeStandIn | undefined;
  let paypal: PaypalStandIn | undefined;
  let browser: Browser;
  let owner: TestAccount;
  let contest: number;

  const json = async (res: Response) => {
    if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const entrant = async (prefix: string) => {
    const [star] = await createAccounts(app!, prefix, 1);
    expect((await join(app!, star, contest)).status).toBe(201);
    return star;
  };
  /** The contestant's payments as the owner's payments list has them (every status, expired included). */
  const paymentsOf = async (star: TestAccount) => {
    const page = (await json(await call(app!, 'GET', '/admin/payments?status=all&limit=100', owner.token))) as unknown as AdminPaymentsPage;
    return page.items
      .filter((p) => p.username === star.username)
      .map(({ provider, method, provider_ref, status, amount_minor, currency, package_id, votes }) => ({
        provider,
        method,
        provider_ref,
        status,
        amount_minor,
        currency,
        package_id,
        votes,
      }));
  };
  const paidVotes = async (star: TestAccount) => Number((await json(await call(app!, 'GET', `/contestants/${star.username}/`))).paid_votes);

  /** A fan's page in Portuguese (the language cookie and the browser's own language), at the app. */
  const portuguesePage = async (): Promise<Page> => {
    const context = await browser.newContext({ baseURL: app!.baseUrl, locale: 'pt-BR', viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: 'locale', value: 'pt-BR', url: app!.baseUrl }]);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    actOnceHydrated(page);
    return page;
  };

  /** On the profile in Portuguese: the package at `price`, the receipt e-mail, `method`, and Pay. */
  const choosePackage = async (page: Page, star: TestAccount, price: RegExp, method: 'Stripe' | 'PayPal') => {
    await page.goto(`/profile/${star.username}`);
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    await page
      .getByRole('listitem')
      .filter({ hasText: price })
      .getByRole('button', { name: ptBR('Buy Now') })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(ptBR('Receipt email')).fill(`fa.${star.username}@example.test`);
    await dialog.getByRole('radio', { name: method === 'Stripe' ? ptBR('Card (Stripe)') : 'PayPal' }).check();
    // Not TEST MODE: the notice is not shown.
    await expect(dialog.getByText(ptBR('Test mode')).count()).resolves.toBe(0);
    await dialog.getByRole('button', { name: new RegExp(`^${ptBR('Pay {price}').replace('{price}', '')}${price.source}$`) }).click();
  };

  /**
   * Back on the profile: the capture's toast in Portuguese, the query cleared, and the votes shown as
   * paid without a reload (whether the profile was read before or after the worker credited them),
   * as the server counts them.
   */
  const backWithVotes = async (page: Page, star: TestAccount, paid: number) => {
    await page.getByText(ptBR('Payment completed successfully!')).waitFor();
    await page.waitForURL((url) => url.pathname === `/profile/${star.username}` && url.search === '');
    const split = ptBR('{free} free · {paidCount} paid').replace('{free}', '0').replace('{paidCount}', String(paid));
    await page.getByText(split).first().waitFor({ timeout: 20_000 });
    await until(`the ${paid} paid votes are counted`, async () => (await paidVotes(star)) === paid);
  };

  beforeAll(async () => {
    [stripe, paypal] = await Promise.all([startStripeStandIn(), startPaypalStandIn()]);
    app = await npmStart({
      // The address the browser uses (the printed one), and the built client served.
      PUBLIC_URL: '',
      SERVE_CLIENT: 'true',
      LOG_LEVEL: 'warn',
      ...standInProviders({ stripe, paypal }),
    });
    contest = await insertContest(app, { name: 'Noite dos Gritos', isCurrent: true, groupSizeCap: 50 });
    [owner] = await createAccounts(app, 'brl_owner', 1, 'admin');
    const saved = (await json(await call(app, 'PUT', '/admin/vote-packages', owner.token, REAIS))) as unknown as VoteOffer;
    expect(saved).toEqual(REAIS);
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (app) await rm(app.dataDir, { recursive: true, force: true });
    await stripe?.close();
    await paypal?.stop();
  }, 60_000);

  it('should offer Stripe and PayPal in reais, not TEST MODE', async () => {
    const site = await json(await call(app!, 'GET', '/site'));
    expect(site).toMatchObject({ payment_methods: ['stripe', 'paypal'], payments_test_mode: false, vote_offer: { currency: 'BRL' } });
  });

  it('should take a fan from a package in reais through the Stripe checkout back to the profile, the votes credited and the payment in BRL', async () => {
    const star = await entrant('brl_stripe');
    const page = await portuguesePage();
    await choosePackage(page, star, PRICE_12_50, 'Stripe');

    // At Stripe's hosted checkout: the session Stripe made is for R$ 12,50, in centavos.
    await page.waitForURL((url) => url.href.startsWith(`${stripe!.url}/pay/cs_test_`));
    const sessionId = new URL(page.url()).pathname.split('/').at(-1)!;
    expect(stripe!.session(sessionId)).toMatchObject({ amount_total: 1250, currency: 'brl', payment_status: 'unpaid', locale: 'pt-BR' });
    await expect(page.getByTestId('amount').textContent()).resolves.toMatch(new RegExp(`^${PRICE_12_50.source}$`));
    // What is bought, named in the language the fan used on the site.
    await page.getByText('12 votos').waitFor();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await backWithVotes(page, star, 12);
    expect(stripe!.session(sessionId).payment_status).toBe('paid');
    expect(await paymentsOf(star)).toEqual([
      { provider: 'stripe', method: 'stripe', provider_ref: sessionId, status: 'credited', amount_minor: 1250, currency: 'BRL', package_id: 1, votes: 12 },
    ]);
    await page.context().close();
  }, 120_000);

  it('should take a fan from a package in reais through the PayPal checkout back to the profile, the votes credited and the payment in BRL', async () => {
    const star = await entrant('brl_paypal');
    const page = await portuguesePage();
    await choosePackage(page, star, PRICE_54_90, 'PayPal');

    // At PayPal's payer-action page: the order PayPal has is for R$ 54,90, written as PayPal takes reais.
    await page.waitForURL((url) => url.href.startsWith(`${paypal!.url}/checkoutnow?token=`));
    const orderId = new URL(page.url()).searchParams.get('token')!;
    expect(paypal!.orders.get(orderId)?.body.purchase_units[0].amount).toEqual({ currency_code: 'BRL', value: '54.90' });
    await expect(page.getByTestId('amount').textContent()).resolves.toMatch(new RegExp(`^${PRICE_54_90.source}$`));
    expect(paypal!.orders.get(orderId)?.body.payment_source?.paypal?.experience_context?.locale).toBe('pt-BR');
    await page.getByText('70 votos').waitFor();
    await page.getByRole('button', { name: 'Pay Now', exact: true }).click();

    await backWithVotes(page, star, 70);
    // The capture took what the buyer approved: R$ 54,90.
    expect(paypal!.orders.get(orderId)?.capture).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'BRL', value: '54.90' } });
    expect(await paymentsOf(star)).toEqual([
      { provider: 'paypal', method: 'paypal', provider_ref: orderId, status: 'credited', amount_minor: 5490, currency: 'BRL', package_id: 2, votes: 70 },
    ]);
    await page.context().close();
  }, 120_000);
});
