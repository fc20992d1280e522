// Stripe Checkout end to end: the compiled server's StripeProvider runs the real `stripe` SDK against a
// loopback stand-in (STRIPE_API_BASE); webhooks are signed with the SDK's own test signer.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PaymentReconciliation } from '#contract/payments/answers.js';
import { CLOSED_REFUNDED, PAYMENT_MESSAGES } from '#contract/payments/messages.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { eventually } from '../helpers/source-address.js';
import { startStripeStandIn, type StripeStandIn } from '../helpers/stripe-stand-in.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const SITE = 'http://localhost:5173';
const WEBHOOK_SECRET = 'whsec_x';

interface Counts {
  total_votes: number;
  profile_paid_votes: number;
  current_contest_votes: number;
  entry_paid_votes: number;
  ledger_votes: number;
}

describe('paid votes with Stripe (the SDK against a stand-in)', () => {
  let t: TestServer;
  let stripe: StripeStandIn;
  let contest: number;

  const request = (a: TestAccount) => ({
    contestant_id: a.profileId,
    num_votes: 10,
    payer_email: 'fan@example.com',
    payment_method: 'stripe',
    frontend_success_url: `${SITE}/payment/success?contestant=${a.username}`,
    frontend_cancel_url: `${SITE}/contestants/${a.username}`,
    amount_expected: 10,
  });
  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });
  const capture = async (sessionId: string) => json(await call(t, 'POST', '/payments/stripe/capture', undefined, { session_id: sessionId }));
  const webhook = async (payload: string, signature?: string) =>
    json(
      await fetch(`${t.api}/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
        body: payload,
      }),
    );
  const signedWebhook = (type: string, object: object) => {
    const { payload, signature } = stripe.signedEvent(type, object, WEBHOOK_SECRET);
    return webhook(payload, signature);
  };
  const payment = async (a: TestAccount) =>
    (await t.db.pool.query('SELECT id::text, status, provider, method, provider_ref, amount_minor, votes FROM payments WHERE profile_id = $1', [a.profileId]))
      .rows[0] as { id: string; status: string; provider: string; method: string; provider_ref: string; amount_minor: number; votes: number };
  const counts = async (a: TestAccount): Promise<Counts> =>
    (
      await t.db.pool.query(
        `SELECT p.total_votes, p.paid_votes AS profile_paid_votes, e.current_contest_votes, e.paid_votes AS entry_paid_votes,
                (SELECT coalesce(sum(weight), 0)::int FROM votes v WHERE v.profile_id = p.id) AS ledger_votes
         FROM contestant_profiles p JOIN contest_entries e ON e.profile_id = p.id AND e.contest_id = $2 WHERE p.id = $1`,
        [a.profileId, contest],
      )
    ).rows[0] as Counts;
  const nothing: Counts = { total_votes: 0, profile_paid_votes: 0, current_contest_votes: 0, entry_paid_votes: 0, ledger_votes: 0 };
  const credited: Counts = { total_votes: 12, profile_paid_votes: 12, current_contest_votes: 12, entry_paid_votes: 12, ledger_votes: 12 };

  /** A contestant in the running contest with a Stripe checkout started for the 10-vote package. */
  const checkout = async (prefix: string) => {
    const [star] = await createAccounts(t, prefix, 1);
    expect((await join(t, star, contest)).status).toBe(201);
    const res = await json(await call(t, 'POST', `/contestants/${star.username}/buy-votes`, undefined, request(star)));
    expect(res.status).toBe(200);
    const row = await payment(star);
    return { star, row, sessionId: row.provider_ref, paymentUrl: res.body.payment_url as string };
  };
  const creditedOnce = async (star: TestAccount) => {
    await eventually(
      'the payment to be credited',
      () => payment(star),
      (p) => p.status === 'credited',
      20_000,
    );
    // Late duplicates would land after the first credit: give them a moment, then count.
    await new Promise((r) => setTimeout(r, 500));
    expect(await counts(star)).toEqual(credited);
  };

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await startTestServer({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      PAYMENTS_TEST_MODE: 'false',
    });
    contest = await insertContest(t, { name: 'Stripe Cup', isCurrent: true, groupSizeCap: 50 });
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await stripe?.close();
  });

  it('should offer Stripe on the site, without TEST MODE', async () => {
    const site = await json(await call(t, 'GET', '/site'));
    expect(site.body).toMatchObject({ payment_methods: ['stripe'], payments_test_mode: false });
  });

  it('should create one Checkout Session priced by the server, carrying our payment id, with an idempotency key', async () => {
    const { star, row, sessionId, paymentUrl } = await checkout('s_session');
    expect(row).toMatchObject({ provider: 'stripe', method: 'stripe', amount_minor: 1000, votes: 12, status: 'created' });
    expect(sessionId).toMatch(/^cs_test_/);
    expect(paymentUrl).toBe(`${stripe.url}/pay/${sessionId}`);

    const created = stripe.requests().filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions' && r.params.client_reference_id === row.id);
    expect(created).toHaveLength(1);
    const [{ params, idempotencyKey, authorization }] = created;
    expect(idempotencyKey).toBe(row.id);
    expect(authorization).toBe('Bearer sk_test_x');
    expect(params).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1000',
      'line_items[0][price_data][product_data][name]': '12 votes',
      // The literal placeholder, not URL-encoded, joined with & to the existing query.
      success_url: `${SITE}/payment/success?contestant=${star.username}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE}/contestants/${star.username}`,
      client_reference_id: row.id,
      'metadata[payment_id]': row.id,
      'payment_intent_data[metadata][payment_id]': row.id,
      customer_email: 'fan@example.com',
      locale: 'en',
    });
    expect(stripe.session(sessionId)).toMatchObject({ amount_total: 1000, currency: 'usd', metadata: { payment_id: row.id } });
  });

  it('should refuse a capture before Stripe has the payment, and an unknown session, crediting nothing', async () => {
    const { star, sessionId } = await checkout('s_unpaid');
    const early = await capture(sessionId);
    expect(early.status).toBe(400);
    expect(early.body.detail).toBe('This Stripe checkout has not been paid yet');
    expect((await capture('cs_test_nobody')).status).toBe(404);
    // A session Stripe does not know (answered 404 resource_missing) is the buyer's 400, not a 500.
    const [other] = await createAccounts(t, 's_gone', 1);
    expect((await join(t, other, contest)).status).toBe(201);
    expect((await call(t, 'POST', `/contestants/${other.username}/buy-votes`, undefined, request(other))).status).toBe(200);
    await t.db.pool.query(`UPDATE payments SET provider_ref = 'cs_test_gone' WHERE profile_id = $1`, [other.profileId]);
    const gone = await capture('cs_test_gone');
    expect(gone.status).toBe(400);
    expect(gone.body.detail).toBe('Stripe has no such checkout session');
    expect((await payment(star)).status).toBe('created');
    expect(await counts(star)).toEqual(nothing);
  });

  it('should credit a paid session once on capture, and answer later captures alike', async () => {
    const { star, row, sessionId } = await checkout('s_paid');
    stripe.markPaid(sessionId);
    const first = await capture(sessionId);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ payment_id: row.id, votes: 12, username: star.username, message: PAYMENT_MESSAGES.votesAdded });
    await creditedOnce(star);
    const again = await capture(sessionId);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ payment_id: row.id, status: 'credited' });
    await new Promise((r) => setTimeout(r, 300));
    expect(await counts(star)).toEqual(credited);
  });

  it('should refuse a session whose amount or currency does not match the payment', async () => {
    const { star: short, sessionId: shortSession } = await checkout('s_short');
    stripe.markPaid(shortSession, { amountTotal: 100 });
    const shortAnswer = await capture(shortSession);
    expect(shortAnswer.status).toBe(400);
    expect(shortAnswer.body.detail).toBe(PAYMENT_MESSAGES.amountNotMatching);

    const { star: euro, sessionId: euroSession } = await checkout('s_euro');
    stripe.markPaid(euroSession, { currency: 'eur' });
    expect((await capture(euroSession)).status).toBe(400);

    // The same short session reported by a signed webhook: acknowledged (so Stripe stops sending it), not credited.
    expect(await signedWebhook('checkout.session.completed', stripe.session(shortSession))).toEqual({ status: 200, body: { received: true } });

    await new Promise((r) => setTimeout(r, 300));
    for (const star of [short, euro]) {
      expect((await payment(star)).status).toBe('created');
      expect(await counts(star)).toEqual(nothing);
    }
  });

  it('should credit on a signed checkout.session.completed webhook without any capture, and ignore a completed but unpaid one', async () => {
    const { star: pending, sessionId: pendingSession } = await checkout('s_wh_pending');
    const unpaid = await signedWebhook('checkout.session.completed', stripe.session(pendingSession));
    expect(unpaid).toEqual({ status: 200, body: { received: true } });

    const { star, sessionId } = await checkout('s_wh_paid');
    const paid = await signedWebhook('checkout.session.completed', stripe.markPaid(sessionId));
    expect(paid).toEqual({ status: 200, body: { received: true } });
    await creditedOnce(star);
    expect((await payment(pending)).status).toBe('created');
    expect(await counts(pending)).toEqual(nothing);
  });

  it('should credit on checkout.session.async_payment_succeeded (a delayed method paid later)', async () => {
    const { star, sessionId } = await checkout('s_wh_async');
    expect((await signedWebhook('checkout.session.async_payment_succeeded', stripe.markPaid(sessionId))).status).toBe(200);
    await creditedOnce(star);
  });

  it('should answer 400 to a webhook with a bad, foreign or missing signature, and act on none', async () => {
    const { star, sessionId } = await checkout('s_wh_forged');
    const { payload, signature } = stripe.signedEvent('checkout.session.completed', stripe.markPaid(sessionId), WEBHOOK_SECRET);
    const tampered = await webhook(payload.replace('"livemode":false', '"livemode":true'), signature);
    expect(tampered.status).toBe(400);
    expect(tampered.body.detail).toBe('Stripe webhook signature does not verify');
    const foreign = stripe.signedEvent('checkout.session.completed', stripe.session(sessionId), 'whsec_someone_else');
    expect((await webhook(foreign.payload, foreign.signature)).status).toBe(400);
    expect((await webhook(payload, 't=1,v1=deadbeef')).status).toBe(400);
    expect((await webhook(payload)).status).toBe(400);
    await new Promise((r) => setTimeout(r, 300));
    expect((await payment(star)).status).toBe('created');
    expect(await counts(star)).toEqual(nothing);
  });

  it('should credit exactly once when a capture, the webhook and 5 capture retries arrive at once', async () => {
    const { star, sessionId } = await checkout('s_race');
    const session = stripe.markPaid(sessionId);
    const answers = await Promise.all([
      capture(sessionId),
      signedWebhook('checkout.session.completed', session),
      ...Array.from({ length: 5 }, () => capture(sessionId)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    await creditedOnce(star);
    const ledger = await t.db.pool.query('SELECT kind, weight FROM votes WHERE profile_id = $1', [star.profileId]);
    expect(ledger.rows).toEqual([{ kind: 'paid', weight: 12 }]);
  });

  it('should take the votes back on a full refund once, leaving them on a partial one', async () => {
    const { star, row, sessionId } = await checkout('s_refund');
    const session = stripe.markPaid(sessionId);
    expect((await capture(sessionId)).status).toBe(200);
    await creditedOnce(star);

    const charge = {
      id: 'ch_refund',
      object: 'charge',
      amount: 1000,
      currency: 'usd',
      payment_intent: session.payment_intent,
      metadata: { payment_id: row.id },
    };
    const partial = await signedWebhook('charge.refunded', { ...charge, refunded: false, amount_refunded: 300 });
    expect(partial.status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect((await payment(star)).status).toBe('credited');
    expect(await counts(star)).toEqual(credited);

    expect((await signedWebhook('charge.refunded', { ...charge, refunded: true, amount_refunded: 1000 })).status).toBe(200);
    await eventually(
      'the payment to be refunded',
      () => payment(star),
      (p) => p.status === 'refunded',
      20_000,
    );
    await eventually(
      'the votes to be taken back',
      () => counts(star),
      (c) => c.total_votes === 0,
      20_000,
    );
    expect(await counts(star)).toEqual(nothing);

    expect((await signedWebhook('charge.refunded', { ...charge, refunded: true, amount_refunded: 1000 })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect((await payment(star)).status).toBe('refunded');
    expect(await counts(star)).toEqual(nothing);
    // A refunded checkout cannot be captured back in.
    expect((await capture(sessionId)).status).toBe(409);
  });

  it('should take the votes back on a lost dispute, finding the payment through its PaymentIntent, and ignore a won one', async () => {
    const { star, sessionId } = await checkout('s_dispute');
    const session = stripe.markPaid(sessionId);
    expect((await capture(sessionId)).status).toBe(200);
    await creditedOnce(star);

    // A dispute carries no metadata of ours: the provider reads the PaymentIntent at Stripe.
    const dispute = {
      id: 'dp_1',
      object: 'dispute',
      amount: 1000,
      currency: 'usd',
      charge: 'ch_disputed',
      payment_intent: session.payment_intent,
      metadata: {},
    };
    expect((await signedWebhook('charge.dispute.closed', { ...dispute, status: 'won' })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(await counts(star)).toEqual(credited);

    expect((await signedWebhook('charge.dispute.closed', { ...dispute, status: 'lost' })).status).toBe(200);
    await eventually(
      'the disputed payment to be reversed',
      () => payment(star),
      (p) => p.status === 'refunded',
      20_000,
    );
    await eventually(
      'the votes to be taken back',
      () => counts(star),
      (c) => c.total_votes === 0,
      20_000,
    );
    expect(await counts(star)).toEqual(nothing);
    expect(stripe.requests().some((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${session.payment_intent}`)).toBe(true);
  });

  it('should answer 502 while Stripe fails, writing no votes, and work again once it is back', async () => {
    const [star] = await createAccounts(t, 's_down', 1);
    expect((await join(t, star, contest)).status).toBe(201);
    stripe.setDown(true);
    try {
      const refused = await json(await call(t, 'POST', `/contestants/${star.username}/buy-votes`, undefined, request(star)));
      expect(refused).toEqual({ status: 502, body: { detail: PAYMENT_MESSAGES.providerUnreachable } });
    } finally {
      stripe.setDown(false);
    }
    const { star: paidStar, sessionId } = await checkout('s_down_paid');
    stripe.markPaid(sessionId);
    stripe.setDown(true);
    try {
      expect(await capture(sessionId)).toEqual({ status: 502, body: { detail: PAYMENT_MESSAGES.providerUnreachable } });
      await new Promise((r) => setTimeout(r, 300));
      expect((await payment(paidStar)).status).toBe('created');
      expect(await counts(paidStar)).toEqual(nothing);
    } finally {
      stripe.setDown(false);
    }
    expect((await capture(sessionId)).status).toBe(200);
    await creditedOnce(paidStar);
  });

  it('should answer other verified events with 200 and do nothing', async () => {
    expect(await signedWebhook('customer.created', { id: 'cus_1', object: 'customer' })).toEqual({ status: 200, body: { received: true } });
  });

  it('should still credit a checkout that expired before Stripe took the money, by capture and by webhook (money moved means votes)', async () => {
    for (const via of ['capture', 'webhook'] as const) {
      const { star, row, sessionId } = await checkout(`s_late_${via}`);
      // Left unpaid past PAYMENT_EXPIRY, it was expired (as the admin list's sweep leaves it).
      await t.db.pool.query(`UPDATE payments SET created_at = now() - interval '25 hours', status = 'expired' WHERE id = $1`, [row.id]);
      const session = stripe.markPaid(sessionId);
      if (via === 'capture') expect((await capture(sessionId)).status).toBe(200);
      else expect((await signedWebhook('checkout.session.completed', session)).status).toBe(200);
      await creditedOnce(star);
      expect(await counts(star)).toEqual(credited);
    }
  });

  it('should refund at Stripe, not credit, money taken after the contestant was eliminated, and tell the buyer on return', async () => {
    const { star, row, sessionId } = await checkout('s_eliminated');
    await t.db.pool.query('UPDATE contest_entries SET is_eliminated = true WHERE profile_id = $1', [star.profileId]);
    const session = stripe.markPaid(sessionId);

    const back = await capture(sessionId);
    expect(back).toEqual({ status: 409, body: { detail: CLOSED_REFUNDED.eliminated } });
    await eventually(
      'the payment to be refunded at Stripe',
      () => payment(star),
      (p) => p.status === 'refunded',
      20_000,
    );
    expect(stripe.refunds()).toContainEqual(
      expect.objectContaining({ payment_intent: session.payment_intent, amount: 1000, metadata: { payment_id: row.id } }),
    );
    expect(stripe.requests().filter((r) => r.path === '/v1/refunds' && r.params.payment_intent === session.payment_intent)).toEqual([
      expect.objectContaining({ method: 'POST', idempotencyKey: `refund-${row.id}` }),
    ]);
    expect(await counts(star)).toEqual(nothing);

    // Reloading the return, and Stripe's own report of the refund, change nothing.
    expect(await capture(sessionId)).toEqual({ status: 409, body: { detail: CLOSED_REFUNDED.eliminated } });
    const refundedCharge = {
      id: 'ch_elim',
      object: 'charge',
      amount: 1000,
      currency: 'usd',
      payment_intent: session.payment_intent,
      metadata: { payment_id: row.id },
    };
    expect((await signedWebhook('charge.refunded', { ...refundedCharge, refunded: true, amount_refunded: 1000 })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect((await payment(star)).status).toBe('refunded');
    expect(await counts(star)).toEqual(nothing);
  });

  it('should refund at Stripe a checkout its webhook reports paid after the contest ended', async () => {
    const own = await insertContest(t, { name: 'Stripe Last Night', isCurrent: false, groupSizeCap: 50 });
    await t.db.pool.query('UPDATE contests SET is_current = false WHERE id = $1', [contest]);
    await t.db.pool.query('UPDATE contests SET is_current = true WHERE id = $1', [own]);
    try {
      const [star] = await createAccounts(t, 's_ended', 1);
      expect((await join(t, star, own)).status).toBe(201);
      expect((await call(t, 'POST', `/contestants/${star.username}/buy-votes`, undefined, request(star))).status).toBe(200);
      const row = await payment(star);
      await t.db.pool.query(`UPDATE contests SET end_date = now() - interval '1 minute' WHERE id = $1`, [own]);
      // The buyer never comes back: only the webhook reports the money.
      expect((await signedWebhook('checkout.session.completed', stripe.markPaid(row.provider_ref))).status).toBe(200);
      await eventually(
        'the payment to be refunded at Stripe',
        () => payment(star),
        (p) => p.status === 'refunded',
        20_000,
      );
      expect(stripe.refunds().filter((r) => r.metadata.payment_id === row.id)).toHaveLength(1);
      const ledger = await t.db.pool.query('SELECT count(*)::int AS n FROM votes WHERE profile_id = $1', [star.profileId]);
      expect(ledger.rows[0].n).toBe(0);
      expect(await capture(row.provider_ref)).toEqual({ status: 409, body: { detail: CLOSED_REFUNDED.ended } });
    } finally {
      await t.db.pool.query('UPDATE contests SET is_current = false WHERE id = $1', [own]);
      await t.db.pool.query('UPDATE contests SET is_current = true WHERE id = $1', [contest]);
    }
  });

  it('should keep a refund Stripe could not make as Refunding, listed by the reconciliation, until a retry makes it', async () => {
    const [admin] = await createAccounts(t, 's_admin', 1, 'admin');
    const reconciliation = async () => (await call(t, 'GET', '/admin/payments/reconciliation', admin.token)).json() as Promise<PaymentReconciliation>;
    const { star, row, sessionId } = await checkout('s_refund_down');
    await t.db.pool.query('UPDATE contest_entries SET is_eliminated = true WHERE profile_id = $1', [star.profileId]);
    const session = stripe.markPaid(sessionId);
    stripe.setDown(true);
    try {
      expect((await signedWebhook('checkout.session.completed', session)).status).toBe(200);
      await eventually(
        'the payment to wait for its refund',
        () => payment(star),
        (p) => p.status === 'refunding',
        20_000,
      );
      // Still waiting some minutes later: the reconciliation names it for an admin.
      await t.db.pool.query(`UPDATE payments SET updated_at = now() - interval '6 minutes' WHERE id = $1`, [row.id]);
      const r = await reconciliation();
      expect(r.ok).toBe(false);
      expect(r.problems).toEqual([expect.stringContaining(row.id)]);
      expect(r.problems[0]).toMatch(/^1 payment for a contestant eliminated or a contest ended since is still not refunded at the provider after 5 minutes/);
    } finally {
      stripe.setDown(false);
    }
    // The credit job is tried again (with back-off) and refunds once Stripe answers.
    await eventually(
      'the payment to be refunded once Stripe is back',
      () => payment(star),
      (p) => p.status === 'refunded',
      30_000,
    );
    expect(stripe.refunds().filter((x) => x.payment_intent === session.payment_intent)).toHaveLength(1);
    expect(await counts(star)).toEqual(nothing);
    expect(await reconciliation()).toMatchObject({ ok: true, problems: [] });
  }, 60_000);
});
