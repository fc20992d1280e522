import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CLOSED_NOT_CHARGED, CLOSED_REFUNDED, PAYMENT_MESSAGES } from '#contract/payments/messages.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { startPaypalStandIn, VALID_SIG, type PaypalStandIn } from '../helpers/paypal-stand-in.js';
import { eventually } from '../helpers/source-address.js';
import { standInProviders } from '../helpers/stand-in-checkout.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const SITE = 'http://localhost:5173';

describe('paid votes through PayPal (Orders v2 against a loopback stand-in)', () => {
  let t: TestServer;
  let paypal: PaypalStandIn;
  let contest: number;
  let eventSeq = 0;

  const request = (a: TestAccount) => ({
    contestant_id: a.profileId,
    num_votes: 10,
    payer_email: 'fan@example.com',
    payment_method: 'paypal',
    frontend_success_url: `${SITE}/payment/success?contestant=${a.username}`,
    frontend_cancel_url: `${SITE}/contestants/${a.username}`,
    amount_expected: 10,
  });
  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });
  const buy = async (a: TestAccount) => json(await call(t, 'POST', `/contestants/${a.username}/buy-votes`, undefined, request(a)));
  const capture = async (orderId: string) => json(await call(t, 'POST', '/webhooks/paypal/capture', undefined, { order_id: orderId }));
  const payment = async (a: TestAccount) =>
    (await t.db.pool.query('SELECT id::text, status, provider, method, provider_ref, amount_minor FROM payments WHERE profile_id = $1', [a.profileId]))
      .rows[0] as { id: string; status: string; provider: string; method: string; provider_ref: string; amount_minor: number };
  const counts = async (a: TestAccount) =>
    (
      await t.db.pool.query(
        `SELECT p.total_votes, e.current_contest_votes, p.paid_votes, e.paid_votes AS entry_paid_votes,
                (SELECT count(*)::int FROM votes v WHERE v.profile_id = p.id AND v.kind = 'paid') AS paid_rows,
                (SELECT coalesce(sum(weight), 0)::int FROM votes v WHERE v.profile_id = p.id) AS ledger_votes
         FROM contestant_profiles p JOIN contest_entries e ON e.profile_id = p.id AND e.contest_id = $2 WHERE p.id = $1`,
        [a.profileId, contest],
      )
    ).rows[0] as Record<string, number>;
  const credited = { total_votes: 12, current_contest_votes: 12, paid_votes: 12, entry_paid_votes: 12, paid_rows: 1, ledger_votes: 12 };
  const nothing = { total_votes: 0, current_contest_votes: 0, paid_votes: 0, entry_paid_votes: 0, paid_rows: 0, ledger_votes: 0 };

  /** A star in the contest with one PayPal checkout of the 10-vote package (12 with its bonus). */
  const checkout = async (prefix: string) => {
    const [star] = await createAccounts(t, prefix, 1);
    expect((await join(t, star, contest)).status).toBe(201);
    const res = await buy(star);
    expect(res.status).toBe(200);
    const row = await payment(star);
    return { star, paymentId: row.id, orderId: row.provider_ref, paymentUrl: res.body.payment_url as string };
  };
  const untilCredited = (a: TestAccount) =>
    eventually(
      'the PayPal payment to be credited',
      () => payment(a),
      (p) => p.status === 'credited',
      20_000,
    );

  const event = (type: string, resource: Record<string, unknown>) => ({
    id: `WH-${++eventSeq}`,
    event_version: '1.0',
    resource_type: type === 'PAYMENT.CAPTURE.COMPLETED' ? 'capture' : 'refund',
    event_type: type,
    resource,
  });
  const captureCompleted = (paymentId: string, orderId: string, value = '10.00') =>
    event('PAYMENT.CAPTURE.COMPLETED', {
      id: `CAP-${eventSeq}`,
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value },
      custom_id: paymentId,
      supplementary_data: { related_ids: { order_id: orderId } },
    });
  const webhook = async (body: unknown, sig = VALID_SIG, headers: Record<string, string> = {}) =>
    json(
      await fetch(`${t.api}/webhooks/paypal`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1',
          'paypal-transmission-id': `tx-${eventSeq}`,
          'paypal-transmission-sig': sig,
          'paypal-transmission-time': new Date().toISOString(),
          ...headers,
        },
        body: JSON.stringify(body),
      }),
    );
  const settle = () => new Promise((r) => setTimeout(r, 700));

  beforeAll(async () => {
    paypal = await startPaypalStandIn('id', 'secret');
    t = await startTestServer(standInProviders({ paypal }));
    contest = await insertContest(t, { name: 'PayPal Cup', isCurrent: true, groupSizeCap: 50 });
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await paypal?.stop();
  });

  it('should offer PayPal (and nothing else) on GET /site when its keys are set and TEST MODE is off', async () => {
    const site = await json(await call(t, 'GET', '/site'));
    expect(site.status).toBe(200);
    expect(site.body).toMatchObject({ payment_methods: ['paypal'], payments_test_mode: false });
  });

  it('should create a CAPTURE order of 10.00 USD carrying our payment id and the return URLs, and answer its payer-action link', async () => {
    const { star, paymentId, orderId, paymentUrl } = await checkout('pp_order');
    expect(await payment(star)).toMatchObject({ provider: 'paypal', method: 'paypal', status: 'created', amount_minor: 1000 });
    expect(orderId).toMatch(/^ORDER\d+$/);
    expect(paymentUrl).toBe(`${paypal.url}/checkoutnow?token=${orderId}`);

    const created = paypal.requests.filter((r) => r.method === 'POST' && r.path === '/v2/checkout/orders');
    expect(created).toHaveLength(1);
    expect(created[0].headers['paypal-request-id']).toBe(`order-${paymentId}`);
    expect(created[0].headers.authorization).toMatch(/^Bearer A21\.token\.\d+$/);
    expect(created[0].body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: paymentId, amount: { currency_code: 'USD', value: '10.00' } }],
      payment_source: {
        paypal: { experience_context: { return_url: request(star).frontend_success_url, cancel_url: request(star).frontend_cancel_url, locale: 'en-US' } },
      },
    });
  });

  it('should refuse to credit an order the buyer has not approved (400, nothing credited), then capture it once approved', async () => {
    const { star, paymentId, orderId } = await checkout('pp_capture');
    const early = await capture(orderId);
    expect(early.status).toBe(400);
    expect(early.body.detail).toMatch(/not been approved/);
    await settle();
    expect((await payment(star)).status).toBe('created');
    expect(await counts(star)).toEqual(nothing);

    paypal.approve(orderId);
    const captured = await capture(orderId);
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({ payment_id: paymentId, votes: 12, username: star.username, message: PAYMENT_MESSAGES.votesAdded });
    const captureCalls = paypal.requests.filter((r) => r.path === `/v2/checkout/orders/${orderId}/capture`);
    // Each capture attempt has its own request id (of our payment id): the refused one must not be replayed for the later one.
    const requestIds = captureCalls.map((r) => String(r.headers['paypal-request-id']));
    expect(requestIds).toHaveLength(2);
    expect(requestIds.every((id) => id.startsWith(`${paymentId}-`))).toBe(true);
    expect(new Set(requestIds).size).toBe(2);
    await untilCredited(star);

    // The return page reloaded: still one credit.
    expect((await capture(orderId)).status).toBe(200);
    await settle();
    expect(await counts(star)).toEqual(credited);
  });

  it('should confirm an order PayPal captured before (our answer lost) by reading the order', async () => {
    const { star, paymentId, orderId } = await checkout('pp_lost');
    paypal.approve(orderId);
    paypal.captureNow(orderId);
    const confirmed = await capture(orderId);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ payment_id: paymentId, votes: 12 });
    expect(paypal.requests.filter((r) => r.method === 'GET' && r.path === `/v2/checkout/orders/${orderId}`)).toHaveLength(1);
    await untilCredited(star);
    expect(await counts(star)).toEqual(credited);
  });

  it('should credit nothing when PayPal captured another amount or currency (400)', async () => {
    const short = await checkout('pp_short');
    paypal.approve(short.orderId, { value: '9.99' });
    const shortAnswer = await capture(short.orderId);
    expect(shortAnswer.status).toBe(400);
    expect(shortAnswer.body.detail).toBe(PAYMENT_MESSAGES.amountNotMatching);

    const euro = await checkout('pp_euro');
    paypal.approve(euro.orderId, { currency: 'EUR' });
    expect((await capture(euro.orderId)).status).toBe(400);

    await settle();
    for (const { star } of [short, euro]) {
      expect((await payment(star)).status).toBe('created');
      expect(await counts(star)).toEqual(nothing);
    }
  });

  it('should credit a verified PAYMENT.CAPTURE.COMPLETED webhook, and refuse an unverified one or one without its headers (400)', async () => {
    const forged = await checkout('pp_forged');
    const refused = await webhook(captureCompleted(forged.paymentId, forged.orderId), 'forged-sig');
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('PayPal did not verify this webhook');
    expect((await webhook(captureCompleted(forged.paymentId, forged.orderId), VALID_SIG, { 'paypal-transmission-id': '' })).status).toBe(400);
    const verify = paypal.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature');
    expect(verify).toHaveLength(1);
    expect(verify[0].body).toMatchObject({ webhook_id: 'WH-1', transmission_sig: 'forged-sig', auth_algo: 'SHA256withRSA' });
    expect((verify[0].body?.webhook_event as { resource: { custom_id: string } }).resource.custom_id).toBe(forged.paymentId);
    await settle();
    expect((await payment(forged.star)).status).toBe('created');
    expect(await counts(forged.star)).toEqual(nothing);

    const paid = await checkout('pp_hook');
    const accepted = await webhook(captureCompleted(paid.paymentId, paid.orderId));
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ received: true });
    await untilCredited(paid.star);
    expect(await counts(paid.star)).toEqual(credited);
  });

  it('should credit exactly once when the webhook and five captures arrive at once', async () => {
    const { star, paymentId, orderId } = await checkout('pp_race');
    paypal.approve(orderId);
    const answers = await Promise.all([webhook(captureCompleted(paymentId, orderId)), ...Array.from({ length: 5 }, () => capture(orderId))]);
    for (const a of answers) expect(a.status).toBe(200);
    await untilCredited(star);
    await settle();
    expect(await counts(star)).toEqual(credited);
    const ledger = await t.db.pool.query('SELECT id::text, kind, weight FROM votes WHERE profile_id = $1', [star.profileId]);
    expect(ledger.rows).toEqual([{ id: paymentId, kind: 'paid', weight: 12 }]);
  });

  it('should take the votes back on PAYMENT.CAPTURE.REFUNDED, once however often it arrives', async () => {
    const { star, paymentId, orderId } = await checkout('pp_refund');
    paypal.approve(orderId);
    expect((await capture(orderId)).status).toBe(200);
    await untilCredited(star);

    const refund = event('PAYMENT.CAPTURE.REFUNDED', {
      id: 'REFUND-1',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '10.00' },
      custom_id: paymentId,
    });
    expect((await webhook(refund)).status).toBe(200);
    await eventually(
      'the payment to be refunded',
      () => payment(star),
      (p) => p.status === 'refunded',
      20_000,
    );
    const back = await eventually(
      'the votes to be taken back',
      () => counts(star),
      (c) => c.total_votes === 0,
      20_000,
    );
    expect(back).toMatchObject({ total_votes: 0, current_contest_votes: 0, paid_votes: 0, entry_paid_votes: 0, ledger_votes: 0 });

    expect((await webhook(refund)).status).toBe(200);
    await settle();
    expect(await counts(star)).toEqual(back);
    expect((await payment(star)).status).toBe('refunded');
    // A refunded order cannot be captured into votes again.
    expect((await capture(orderId)).status).toBe(409);
  });

  it('should leave the votes on a partial PAYMENT.CAPTURE.REFUNDED (a refund of part of the amount)', async () => {
    const { star, paymentId, orderId } = await checkout('pp_partial');
    paypal.approve(orderId);
    expect((await capture(orderId)).status).toBe(200);
    await untilCredited(star);
    const before = await counts(star);
    const partial = event('PAYMENT.CAPTURE.REFUNDED', {
      id: 'REFUND-PARTIAL',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '4.00' },
      custom_id: paymentId,
    });
    expect((await webhook(partial)).status).toBe(200);
    await settle();
    expect((await payment(star)).status).toBe('credited');
    expect(await counts(star)).toEqual(before);
    expect(before.paid_votes).toBe(12);
  });

  it('should take the votes back on PAYMENT.CAPTURE.REVERSED that names only its capture, asking PayPal for the capture', async () => {
    const { star, orderId } = await checkout('pp_reversed');
    paypal.approve(orderId);
    expect((await capture(orderId)).status).toBe(200);
    await untilCredited(star);
    const captureId = paypal.orders.get(orderId)?.capture?.id;
    expect(captureId).toMatch(/^CAPTURE\d+$/);

    const reversal = event('PAYMENT.CAPTURE.REVERSED', {
      id: 'REVERSAL-1',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '10.00' },
      links: [{ rel: 'up', href: `https://api.sandbox.paypal.com/v2/payments/captures/${captureId}`, method: 'GET' }],
    });
    expect((await webhook(reversal)).status).toBe(200);
    expect(paypal.requests.filter((r) => r.method === 'GET' && r.path === `/v2/payments/captures/${captureId}`)).toHaveLength(1);
    await eventually(
      'the reversed payment to be refunded',
      () => payment(star),
      (p) => p.status === 'refunded',
      20_000,
    );
    expect(
      await eventually(
        'the votes to be taken back',
        () => counts(star),
        (c) => c.total_votes === 0,
        20_000,
      ),
    ).toMatchObject({ current_contest_votes: 0, paid_votes: 0, ledger_votes: 0 });
  });

  it('should answer an event it does not act on with 200, and 502 (never 500) while PayPal fails', async () => {
    expect((await webhook(event('CHECKOUT.ORDER.APPROVED', { id: 'ORDER-X' }))).status).toBe(200);

    const [star] = await createAccounts(t, 'pp_down', 1);
    expect((await join(t, star, contest)).status).toBe(201);
    paypal.failNext('/v2/checkout/orders', 500);
    const down = await buy(star);
    expect(down.status).toBe(502);
    expect(down.body.detail).toBe(PAYMENT_MESSAGES.providerUnreachable);

    const { paymentId, orderId } = await checkout('pp_down_hook');
    paypal.failNext('/verify-webhook-signature', 503);
    expect((await webhook(captureCompleted(paymentId, orderId))).status).toBe(502);
    paypal.approve(orderId);
    paypal.failNext('/capture', 503);
    expect((await capture(orderId)).status).toBe(502);
    expect((await capture(orderId)).status).toBe(200);
  });

  it('should capture and credit an approved order whose checkout expired meanwhile (money moved means votes)', async () => {
    const { star, paymentId, orderId } = await checkout('pp_late');
    await t.db.pool.query(`UPDATE payments SET created_at = now() - interval '25 hours', status = 'expired' WHERE id = $1`, [paymentId]);
    paypal.approve(orderId);
    expect((await capture(orderId)).status).toBe(200);
    await untilCredited(star);
    expect(await counts(star)).toEqual(credited);
  });

  it('should not capture an order whose contestant was eliminated after the buyer approved it: nothing charged, the buyer told', async () => {
    const { star, orderId } = await checkout('pp_eliminated');
    paypal.approve(orderId);
    await t.db.pool.query('UPDATE contest_entries SET is_eliminated = true WHERE profile_id = $1', [star.profileId]);
    expect(await capture(orderId)).toEqual({ status: 409, body: { detail: CLOSED_NOT_CHARGED.eliminated } });
    expect(paypal.requests.filter((r) => r.path === `/v2/checkout/orders/${orderId}/capture`)).toEqual([]);
    expect(paypal.orders.get(orderId)!.capture).toBeNull();
    await settle();
    expect((await payment(star)).status).toBe('created');
    expect(await counts(star)).toEqual(nothing);
  });

  it('should refund through PayPal an order captured before the elimination but credited after it, and tell the buyer', async () => {
    const { star, paymentId, orderId } = await checkout('pp_captured_then_out');
    paypal.approve(orderId);
    // PayPal took the money (our capture's answer was lost), then the contestant was eliminated.
    paypal.captureNow(orderId);
    await t.db.pool.query('UPDATE contest_entries SET is_eliminated = true WHERE profile_id = $1', [star.profileId]);
    expect(await capture(orderId)).toEqual({ status: 409, body: { detail: CLOSED_REFUNDED.eliminated } });
    await eventually(
      'the payment to be refunded at PayPal',
      () => payment(star),
      (p) => p.status === 'refunded',
      20_000,
    );
    const order = paypal.orders.get(orderId)!;
    expect(order.capture?.status).toBe('REFUNDED');
    expect(order.refund?.requestId).toBe(`refund-${paymentId}`);
    expect(paypal.requests.filter((r) => r.method === 'POST' && r.path === `/v2/checkout/orders/${orderId}/capture`)).toEqual([]);
    expect(await counts(star)).toEqual(nothing);

    // PayPal's own report of the refund, and the buyer reloading the return, change nothing.
    const refunded = event('PAYMENT.CAPTURE.REFUNDED', {
      id: `REF-${eventSeq}`,
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '10.00' },
      custom_id: paymentId,
      links: [{ rel: 'up', href: `${paypal.url}/v2/payments/captures/${order.capture!.id}` }],
    });
    expect((await webhook(refunded)).status).toBe(200);
    expect(await capture(orderId)).toEqual({ status: 409, body: { detail: CLOSED_REFUNDED.eliminated } });
    await settle();
    expect((await payment(star)).status).toBe('refunded');
    expect(await counts(star)).toEqual(nothing);
  });

  it('should ask for one token and keep it, and never print the secret or a token', () => {
    expect(paypal.requests.filter((r) => r.path === '/v1/oauth2/token')).toHaveLength(1);
    const output = t.output();
    expect(output).not.toContain('secret');
    expect(output).not.toContain('A21.token');
    expect(output).not.toContain(Buffer.from('id:secret').toString('base64'));
  });
});

describe('PayPal with a wrong client secret', () => {
  let t: TestServer;
  let paypal: PaypalStandIn;
  afterAll(async () => {
    await t?.stop();
    await paypal?.stop();
  });

  it('should answer 502 for a checkout when PayPal refuses our keys, and write no order', async () => {
    paypal = await startPaypalStandIn('id', 'secret');
    t = await startTestServer({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'not-the-secret', PAYPAL_API_BASE: paypal.url, PAYMENTS_TEST_MODE: 'false' });
    const contest = await insertContest(t, { name: 'Wrong Keys Cup', isCurrent: true, groupSizeCap: 50 });
    const [star] = await createAccounts(t, 'pp_keys', 1);
    expect((await join(t, star, contest)).status).toBe(201);
    const res = await call(t, 'POST', `/contestants/${star.username}/buy-votes`, undefined, {
      contestant_id: star.profileId,
      num_votes: 10,
      payer_email: 'fan@example.com',
      payment_method: 'paypal',
      frontend_success_url: `${SITE}/payment/success`,
      frontend_cancel_url: `${SITE}/contestants/${star.username}`,
      amount_expected: 10,
    });
    expect(res.status).toBe(502);
    expect(paypal.orders.size).toBe(0);
    // A webhook without PAYPAL_WEBHOOK_ID cannot be verified: 400, PayPal is not asked.
    const hook = await fetch(`${t.api}/webhooks/paypal`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(hook.status).toBe(400);
    expect(t.output()).not.toContain('not-the-secret');
  }, 60_000);
});
