// Vote packages and currencies an organizer sets: the admin API (staff with the `contests` permission,
// audited), and checkouts in yen and Kuwaiti dinars through TEST MODE and the Stripe and PayPal stand-ins,
// which refuse amounts the real APIs would (a decimal yen amount at PayPal, a non-integer one at Stripe).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuditLogPage } from '#contract/audit/answers.js';
import type { ContestVoteOffer, VoteOffer } from '#contract/payments/answers.js';
import { DONATION_MESSAGES, methodRefusesCurrency, PAYMENT_MESSAGES } from '#contract/payments/messages.js';
import type { VoteOfferInput } from '#contract/payments/requests.js';
import { waitForMails } from '../helpers/accounts.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { startPaypalStandIn, type PaypalStandIn } from '../helpers/paypal-stand-in.js';
import { eventually } from '../helpers/source-address.js';
import { standInProviders } from '../helpers/stand-in-checkout.js';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const SITE = 'http://localhost:5173';

const DEMO: VoteOffer = {
  currency: 'USD',
  donation_vote_price: 100,
  packages: [
    { id: 1, votes: 10, bonus: 2, price_minor: 1000 },
    { id: 2, votes: 50, bonus: 20, price_minor: 5000 },
    { id: 3, votes: 100, bonus: 50, price_minor: 10000 },
    { id: 4, votes: 200, bonus: 125, price_minor: 20000 },
  ],
};

/** Package 1 kept at ¥1,000 (10 + 2 votes), a new 30-vote one; one vote of a donation ¥100. */
const YEN: VoteOfferInput = {
  currency: 'JPY',
  donation_vote_price: 100,
  packages: [
    { id: 1, votes: 10, bonus: 2, price_minor: 1000 },
    { votes: 30, bonus: 10, price_minor: 2800 },
  ],
};

type Json = { status: number; body: Record<string, unknown> };
const json = async (res: Response): Promise<Json> => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });

/** The server `t` as one suite uses it. */
function helpers(get: () => TestServer) {
  const t = () => get();
  return {
    as: async (a: TestAccount | null, method: string, path: string, body?: unknown) => json(await call(t(), method, path, a?.token, body)),
    buy: (star: TestAccount, method: 'stripe' | 'paypal', numVotes: number, amountExpected: number) =>
      call(t(), 'POST', `/contestants/${star.username}/buy-votes`, undefined, {
        contestant_id: star.profileId,
        num_votes: numVotes,
        payer_email: 'fan@example.com',
        payment_method: method,
        frontend_success_url: `${SITE}/profile/${star.username}?payment=success`,
        frontend_cancel_url: `${SITE}/profile/${star.username}?payment=cancel`,
        amount_expected: amountExpected,
      }).then(json),
    donate: (star: TestAccount, method: 'stripe' | 'paypal', votes: number, amount: number) =>
      call(t(), 'POST', '/votes/initiate-payment', undefined, {
        profile_id: star.profileId,
        voter_name: 'Yuki Fan',
        voter_email: 'yuki@example.com',
        votes,
        amount_paid: amount,
        payment_method: method,
      }).then(json),
    payments: async (star: TestAccount) =>
      (
        await t().db.pool.query(
          'SELECT id::text, status, provider, method, provider_ref, amount_minor, currency, package_id, votes FROM payments WHERE profile_id = $1 ORDER BY created_at',
          [star.profileId],
        )
      ).rows as {
        id: string;
        status: string;
        provider: string;
        provider_ref: string;
        amount_minor: number;
        currency: string;
        package_id: number | null;
        votes: number;
      }[],
  };
}

describe('vote packages and currencies through Stripe and PayPal (stand-ins)', () => {
  let t: TestServer;
  let stripe: StripeStandIn;
  let paypal: PaypalStandIn;
  let contest: number;
  let owner: TestAccount;
  let organizer: TestAccount;
  let moderator: TestAccount;
  const h = helpers(() => t);

  const entrant = async (prefix: string) => {
    const [star] = await createAccounts(t, prefix, 1);
    expect((await join(t, star, contest)).status).toBe(201);
    return star;
  };
  const credited = (star: TestAccount, n: number) =>
    eventually(
      `${n} credited payment(s)`,
      () => h.payments(star),
      (rows) => rows.filter((r) => r.status === 'credited').length === n,
      20_000,
    );
  const stripeParams = () =>
    stripe
      .requests()
      .filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')
      .at(-1)?.params ?? {};

  beforeAll(async () => {
    [stripe, paypal] = await Promise.all([startStripeStandIn(), startPaypalStandIn()]);
    t = await startTestServer(standInProviders({ stripe, paypal }));
    contest = await insertContest(t, { name: 'Yen Cup', isCurrent: true, groupSizeCap: 50 });
    [owner] = await createAccounts(t, 'cur_owner', 1, 'admin');
    [organizer] = await createAccounts(t, 'cur_organizer', 1, 'organizer');
    [moderator] = await createAccounts(t, 'cur_moderator', 1, 'moderator');
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await stripe?.close();
    await paypal?.stop();
  });

  it("should let an organizer, not a moderator, set the site's offer, effective at once and audited under the organizer", async () => {
    expect((await h.as(null, 'GET', '/site')).body.vote_offer).toEqual(DEMO);
    expect((await h.as(moderator, 'GET', '/admin/vote-packages')).status).toBe(403);
    expect((await h.as(moderator, 'PUT', '/admin/vote-packages', YEN)).status).toBe(403);
    expect((await h.as(null, 'PUT', '/admin/vote-packages', YEN)).status).toBe(401);
    expect(await h.as(organizer, 'GET', '/admin/vote-packages')).toEqual({ status: 200, body: DEMO });

    // Refused, changing nothing: a price off KWD's step, two packages of the same votes, nine packages, an id of no list.
    const kwd = await h.as(organizer, 'PUT', '/admin/vote-packages', { ...YEN, currency: 'KWD', packages: [{ votes: 10, bonus: 0, price_minor: 5125 }] });
    expect(kwd.status).toBe(422);
    const twins = await h.as(organizer, 'PUT', '/admin/vote-packages', { ...YEN, packages: [YEN.packages[1], YEN.packages[1]] });
    expect(twins.status).toBe(422);
    const nine = Array.from({ length: 9 }, (_, i) => ({ votes: i + 1, bonus: 0, price_minor: 100 * (i + 1) }));
    expect((await h.as(organizer, 'PUT', '/admin/vote-packages', { ...YEN, packages: nine })).status).toBe(422);
    expect((await h.as(organizer, 'PUT', '/admin/vote-packages', { ...YEN, currency: 'XYZ' })).status).toBe(422);
    const foreignId = await h.as(organizer, 'PUT', '/admin/vote-packages', { ...YEN, packages: [{ id: 999, votes: 5, bonus: 0, price_minor: 500 }] });
    expect(foreignId.status).toBe(400);
    expect((await h.as(null, 'GET', '/site')).body.vote_offer).toEqual(DEMO);

    const saved = await h.as(organizer, 'PUT', '/admin/vote-packages', YEN);
    expect(saved.status).toBe(200);
    const offer = saved.body as unknown as VoteOffer;
    expect(offer).toEqual({
      currency: 'JPY',
      donation_vote_price: 100,
      packages: [
        { id: 1, votes: 10, bonus: 2, price_minor: 1000 },
        { id: expect.any(Number), votes: 30, bonus: 10, price_minor: 2800 },
      ],
    });
    expect((await h.as(null, 'GET', '/site')).body.vote_offer).toEqual(offer);

    const audit = (await h.as(owner, 'GET', '/admin/audit-log?page=1')).body as unknown as AuditLogPage;
    const entry = audit.items.find((e) => e.action === 'site.vote_packages');
    expect(entry).toMatchObject({
      actor: { username: organizer.username },
      target_type: 'site',
      before: { currency: 'USD', donation_vote_price: 100, packages: '10+2 for 1000, 50+20 for 5000, 100+50 for 10000, 200+125 for 20000' },
      after: { currency: 'JPY', donation_vote_price: 100, packages: '10+2 for 1000, 30+10 for 2800' },
    });
    expect(audit.items.filter((e) => e.action === 'site.vote_packages')).toHaveLength(1);
  });

  it('should sell a yen package through Stripe as integer yen, and credit it once paid', async () => {
    const star = await entrant('cur_stripe');
    const profile = await h.as(null, 'GET', `/contestants/${star.username}`);
    expect((profile.body.vote_offer as VoteOffer).currency).toBe('JPY');
    // The page showed ¥1,000: 1000 in yen's major units, which are its minor units too.
    const res = await h.buy(star, 'stripe', 10, 1000);
    expect(res.status).toBe(200);
    expect(stripeParams()).toMatchObject({ 'line_items[0][price_data][currency]': 'jpy', 'line_items[0][price_data][unit_amount]': '1000' });
    const [row] = await h.payments(star);
    expect(row).toMatchObject({ amount_minor: 1000, currency: 'JPY', package_id: 1, votes: 12, provider: 'stripe' });
    stripe.markPaid(row.provider_ref);
    expect((await json(await call(t, 'POST', '/payments/stripe/capture', undefined, { session_id: row.provider_ref }))).status).toBe(200);
    await credited(star, 1);

    // A stale page that showed the old dollar price is told to reload.
    const stale = await h.buy(star, 'stripe', 10, 10);
    expect(stale).toEqual({ status: 400, body: { detail: PAYMENT_MESSAGES.amountMismatch } });
    // The demo's 50-vote package is gone from this offer.
    expect((await h.buy(star, 'stripe', 50, 5000)).body.detail).toBe(PAYMENT_MESSAGES.unknownPackage);
  });

  it('should sell yen through PayPal without decimals, and a donation in whole votes of the donation price', async () => {
    const star = await entrant('cur_paypal');
    const res = await h.buy(star, 'paypal', 30, 2800);
    expect(res.status).toBe(200);
    const [row] = await h.payments(star);
    expect(paypal.orders.get(row.provider_ref)?.body.purchase_units[0].amount).toEqual({ currency_code: 'JPY', value: '2800' });
    paypal.approve(row.provider_ref);
    expect((await json(await call(t, 'POST', '/webhooks/paypal/capture', undefined, { order_id: row.provider_ref }))).status).toBe(200);
    await credited(star, 1);
    expect((await h.payments(star))[0]).toMatchObject({ amount_minor: 2800, currency: 'JPY', votes: 40, status: 'credited' });

    const donation = await h.donate(star, 'paypal', 3, 300);
    expect(donation.status).toBe(200);
    const [, gift] = await h.payments(star);
    expect(gift).toMatchObject({ amount_minor: 300, currency: 'JPY', votes: 3, package_id: null });
    expect(paypal.orders.get(gift.provider_ref)?.body.purchase_units[0].amount).toEqual({ currency_code: 'JPY', value: '300' });

    expect(await h.donate(star, 'paypal', 1, 150)).toEqual({ status: 400, body: { detail: DONATION_MESSAGES.amountStep('¥100') } });
    expect(await h.donate(star, 'paypal', 1, 50)).toEqual({ status: 400, body: { detail: DONATION_MESSAGES.amountMin('¥100') } });
    expect(await h.donate(star, 'paypal', 1, 100.5)).toEqual({ status: 400, body: { detail: DONATION_MESSAGES.amountStep('¥100') } });
  });

  it("should sell a contest's own packages to its entries, in Kuwaiti dinars through Stripe only, and follow the site again when cleared", async () => {
    const kuwait: VoteOfferInput = { currency: 'KWD', donation_vote_price: 250, packages: [{ votes: 10, bonus: 1, price_minor: 5120 }] };
    expect((await h.as(moderator, 'PUT', `/admin/contests/${contest}/vote-packages`, { offer: kuwait })).status).toBe(403);
    expect((await h.as(organizer, 'GET', '/admin/contests/999999/vote-packages')).status).toBe(404);
    expect((await h.as(organizer, 'PUT', '/admin/contests/999999/vote-packages', { offer: kuwait })).status).toBe(404);
    const before = (await h.as(organizer, 'GET', `/admin/contests/${contest}/vote-packages`)).body as unknown as ContestVoteOffer;
    expect(before).toMatchObject({ contest_id: contest, own: null, site: { currency: 'JPY' } });

    const saved = await h.as(organizer, 'PUT', `/admin/contests/${contest}/vote-packages`, { offer: kuwait });
    expect(saved.status).toBe(200);
    const own = (saved.body as unknown as ContestVoteOffer).own!;
    expect(own).toEqual({ currency: 'KWD', donation_vote_price: 250, packages: [{ id: expect.any(Number), votes: 10, bonus: 1, price_minor: 5120 }] });

    const star = await entrant('cur_kwd');
    expect((await h.as(null, 'GET', `/contestants/${star.username}`)).body.vote_offer).toEqual(own);
    expect((await h.as(null, 'GET', `/profiles/id/${star.profileId}`)).body.vote_offer).toEqual(own);
    // The site's offer is unchanged.
    expect((await h.as(null, 'GET', '/site')).body.vote_offer).toMatchObject({ currency: 'JPY' });

    const ordersBefore = paypal.orders.size;
    const byPaypal = await h.buy(star, 'paypal', 10, 5.12);
    expect(byPaypal).toEqual({ status: 400, body: { detail: methodRefusesCurrency('paypal', 'KWD') } });
    expect(paypal.orders.size).toBe(ordersBefore);

    expect((await h.buy(star, 'stripe', 10, 5.12)).status).toBe(200);
    expect(stripeParams()).toMatchObject({ 'line_items[0][price_data][currency]': 'kwd', 'line_items[0][price_data][unit_amount]': '5120' });
    const [row] = await h.payments(star);
    expect(row).toMatchObject({ amount_minor: 5120, currency: 'KWD', package_id: own.packages[0].id, votes: 11 });
    // The site's yen package 1 is not this contest's: a link naming it says it is no longer offered.
    const siteLink = await call(t, 'POST', '/votes/initiate-payment', undefined, {
      profile_id: star.profileId,
      voter_name: 'A',
      voter_email: 'a@example.com',
      votes: 10,
      amount_paid: 1000,
      package_id: 1,
      payment_method: 'stripe',
    });
    expect(await json(siteLink)).toEqual({ status: 400, body: { detail: PAYMENT_MESSAGES.retiredPackage } });

    const audit = (await h.as(owner, 'GET', '/admin/audit-log?page=1')).body as unknown as AuditLogPage;
    expect(audit.items.find((e) => e.action === 'contest.vote_packages')).toMatchObject({
      actor: { username: organizer.username },
      target_type: 'contest',
      target_id: contest,
      before: { currency: null, packages: null },
      after: { currency: 'KWD', donation_vote_price: 250, packages: '10+1 for 5120' },
    });

    // Back to the site's offer: the paid-for KWD package is retired, and its link is told so.
    const cleared = await h.as(organizer, 'PUT', `/admin/contests/${contest}/vote-packages`, { offer: null });
    expect(cleared.body).toMatchObject({ own: null, site: { currency: 'JPY' } });
    expect((await h.as(null, 'GET', `/contestants/${star.username}`)).body.vote_offer).toMatchObject({ currency: 'JPY' });
    const retired = await json(
      await call(t, 'POST', '/votes/initiate-payment', undefined, {
        profile_id: star.profileId,
        voter_name: 'A',
        voter_email: 'a@example.com',
        votes: 10,
        amount_paid: 5.12,
        package_id: own.packages[0].id,
        payment_method: 'stripe',
      }),
    );
    expect(retired).toEqual({ status: 400, body: { detail: PAYMENT_MESSAGES.retiredPackage } });
  });
});

describe('vote packages and currencies in TEST MODE', () => {
  let t: TestServer;
  let contest: number;
  let owner: TestAccount;
  const h = helpers(() => t);

  beforeAll(async () => {
    t = await startTestServer();
    contest = await insertContest(t, { name: 'Test Mode Yen Cup', isCurrent: true, groupSizeCap: 50 });
    [owner] = await createAccounts(t, 'tm_owner', 1, 'admin');
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  });

  const checkoutUrl = (res: Json) => new URL(res.body.payment_url as string);

  it("should keep the demo in US dollars: '$10' a package's checkout, its receipt in dollars", async () => {
    const [star] = await createAccounts(t, 'tm_usd', 1);
    expect((await join(t, star, contest)).status).toBe(201);
    expect((await h.as(null, 'GET', `/contestants/${star.username}`)).body.vote_offer).toEqual(DEMO);
    const url = checkoutUrl(await h.buy(star, 'stripe', 10, 10));
    expect([url.searchParams.get('amount_minor'), url.searchParams.get('currency'), url.searchParams.get('votes')]).toEqual(['1000', 'USD', '12']);
  });

  it('should take a yen package through TEST MODE, credit it and write the receipt in yen', async () => {
    expect((await h.as(owner, 'PUT', '/admin/vote-packages', YEN)).status).toBe(200);
    const [star] = await createAccounts(t, 'tm_yen', 1);
    expect((await join(t, star, contest)).status).toBe(201);
    const res = await h.buy(star, 'paypal', 10, 1000);
    expect(res.status).toBe(200);
    const url = checkoutUrl(res);
    expect([url.searchParams.get('amount_minor'), url.searchParams.get('currency')]).toEqual(['1000', 'JPY']);
    const [row] = await h.payments(star);
    expect(row).toMatchObject({ amount_minor: 1000, currency: 'JPY', provider: 'test', package_id: 1 });
    expect((await json(await call(t, 'POST', `/payments/test/${row.id}/pay`))).status).toBe(200);
    await eventually(
      'the yen payment to be credited',
      () => h.payments(star),
      (rows) => rows[0]?.status === 'credited',
      20_000,
    );
    const [mail] = await waitForMails(t.dataDir, 'fan@example.com');
    expect(mail).toContain('Amount: ¥1,000 JPY (TEST MODE: no money was taken)');

    // TEST MODE standing in for PayPal refuses what PayPal would: a KWD offer is Stripe's alone.
    const kwd: VoteOfferInput = { currency: 'KWD', donation_vote_price: 500, packages: [{ votes: 10, bonus: 0, price_minor: 5000 }] };
    expect((await h.as(owner, 'PUT', `/admin/contests/${contest}/vote-packages`, { offer: kwd })).status).toBe(200);
    expect(await h.buy(star, 'paypal', 10, 5)).toEqual({ status: 400, body: { detail: methodRefusesCurrency('paypal', 'KWD') } });
    expect((await h.buy(star, 'stripe', 10, 5)).status).toBe(200);
  });
});
