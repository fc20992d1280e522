import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CLOSED_NOT_CHARGED, PAYMENT_MESSAGES } from '#contract/payments/messages.js';
import { VOTE_MESSAGES } from '#contract/votes/messages.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { eventually } from '../helpers/source-address.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const SITE = 'http://localhost:5173';

describe('paid votes (TEST MODE)', () => {
  let t: TestServer;
  let contest: number;

  const request = (a: TestAccount, overrides: Record<string, unknown> = {}) => ({
    contestant_id: a.profileId,
    num_votes: 10,
    payer_email: 'fan@example.com',
    payment_method: 'stripe',
    frontend_success_url: `${SITE}/payment/success?contestant=${a.username}`,
    frontend_cancel_url: `${SITE}/contestants/${a.username}`,
    amount_expected: 10,
    ...overrides,
  });
  const buy = async (username: string, body: unknown, token?: string) => {
    const res = await call(t, 'POST', `/contestants/${username}/buy-votes`, token, body);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const pay = async (paymentId: string) => {
    const res = await call(t, 'POST', `/payments/test/${paymentId}/pay`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const payments = async (a: TestAccount) =>
    (
      await t.db.pool.query(
        'SELECT id::text, votes, base_votes, amount_minor, currency, status, provider, method, provider_ref, user_id, payer_name FROM payments WHERE profile_id = $1',
        [a.profileId],
      )
    ).rows;
  const counts = async (a: TestAccount) =>
    (
      await t.db.pool.query(
        `SELECT p.total_votes, e.current_contest_votes,
                (SELECT count(*)::int FROM votes v WHERE v.profile_id = p.id AND v.kind = 'paid') AS paid_rows,
                (SELECT coalesce(sum(weight), 0)::int FROM votes v WHERE v.profile_id = p.id) AS ledger_votes
         FROM contestant_profiles p JOIN contest_entries e ON e.profile_id = p.id AND e.contest_id = $2 WHERE p.id = $1`,
        [a.profileId, contest],
      )
    ).rows[0] as { total_votes: number; current_contest_votes: number; paid_rows: number; ledger_votes: number };
  const entrants = async (prefix: string, n: number) => {
    const accounts = await createAccounts(t, prefix, n);
    for (const a of accounts) expect((await join(t, a, contest)).status).toBe(201);
    return accounts;
  };

  beforeAll(async () => {
    t = await startTestServer();
    contest = await insertContest(t, { name: 'Paid Cup', isCurrent: true, groupSizeCap: 50 });
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  });

  it('should price the package itself, write the payment before the checkout, and answer a TEST MODE payment URL', async () => {
    const [star] = await entrants('p_star', 1);
    const res = await buy(star.username, request(star));
    expect(res.status).toBe(200);
    const rows = await payments(star);
    expect(rows).toEqual([
      {
        id: expect.any(String),
        votes: 12,
        base_votes: 10,
        amount_minor: 1000,
        currency: 'USD',
        status: 'created',
        provider: 'test',
        method: 'stripe',
        provider_ref: `test_${rows[0].id}`,
        user_id: null,
        payer_name: null,
      },
    ]);
    const url = new URL(res.body.payment_url as string);
    expect(url.origin).toBe(SITE);
    expect(url.pathname).toBe(`/test-checkout/${rows[0].id}`);
    expect(url.searchParams.get('success')).toBe(request(star).frontend_success_url);
    expect(url.searchParams.get('amount_minor')).toBe('1000');
    expect(url.searchParams.get('currency')).toBe('USD');
    expect(url.searchParams.get('votes')).toBe('12');
  });

  it('should refuse a wrong amount, an unknown package or method, and a return URL off this site, writing nothing', async () => {
    const [star] = await entrants('p_refused', 1);
    const wrongAmount = await buy(star.username, request(star, { amount_expected: 9 }));
    expect(wrongAmount.status).toBe(400);
    expect(wrongAmount.body.detail).toBe(PAYMENT_MESSAGES.amountMismatch);

    const unknownPackage = await buy(star.username, request(star, { num_votes: 11, amount_expected: 11 }));
    expect(unknownPackage.status).toBe(400);
    expect(unknownPackage.body.detail).toBe(PAYMENT_MESSAGES.unknownPackage);
    const notAPackage = await buy(star.username, request(star, { num_votes: 0 }));
    expect(notAPackage.status).toBe(422);
    expect(notAPackage.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'num_votes'], msg: PAYMENT_MESSAGES.unknownPackage })]);

    const unknownMethod = await buy(star.username, request(star, { payment_method: 'bitcoin' }));
    expect(unknownMethod.status).toBe(422);
    expect(unknownMethod.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'payment_method'] })]);

    for (const field of ['frontend_success_url', 'frontend_cancel_url']) {
      const foreign = await buy(star.username, request(star, { [field]: 'https://evil.example.com/phish' }));
      expect(foreign.status).toBe(400);
      expect(foreign.body.detail).toBe(PAYMENT_MESSAGES.foreignReturnUrl);
    }
    const [other] = await entrants('p_other', 1);
    const mismatch = await buy(star.username, request(other));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.detail).toBe(PAYMENT_MESSAGES.contestantMismatch);

    expect(await payments(star)).toEqual([]);
    expect(await payments(other)).toEqual([]);
  });

  it('should refuse competitors with the exact text, and allow a signed-in fan who does not compete', async () => {
    const [star] = await entrants('p_rival_star', 1);
    const [rival] = await createAccounts(t, 'p_rival', 1);
    const refused = await buy(star.username, request(star), rival.token);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe('Competitors are not permitted to cast paid votes.');
    expect(await payments(star)).toEqual([]);

    const [fan] = await createAccounts(t, 'p_fan', 1, 'no-profile');
    await t.db.pool.query('UPDATE users SET is_competitor = false WHERE id = $1', [fan.id]);
    const allowed = await buy(star.username, request(star), fan.token);
    expect(allowed.status).toBe(200);
    expect((await payments(star)).map((p) => [p.user_id, p.payer_name])).toEqual([[fan.id, 'First1 Last1']]);
  });

  it('should refuse a contestant who is eliminated or not in the running contest', async () => {
    const [out, absent] = await createAccounts(t, 'p_out', 2);
    expect((await join(t, out, contest)).status).toBe(201);
    await t.db.pool.query('UPDATE contest_entries SET is_eliminated = true WHERE profile_id = $1', [out.profileId]);
    const eliminated = await buy(out.username, request(out));
    expect(eliminated.status).toBe(400);
    expect(eliminated.body.detail).toBe(VOTE_MESSAGES.eliminated);

    const notIn = await buy(absent.username, request(absent));
    expect(notIn.status).toBe(400);
    expect(notIn.body.detail).toBe(VOTE_MESSAGES.notInContest);

    const unknown = await buy('p_nobody_here', request(absent));
    expect(unknown.status).toBe(404);
    expect(await payments(out)).toEqual([]);
    expect(await payments(absent)).toEqual([]);
  });

  it('should credit a TEST MODE payment exactly once, however many Pay calls arrive at once', async () => {
    const [star] = await entrants('p_paid', 1);
    await t.db.pool.query('UPDATE contestant_profiles SET total_votes = 5 WHERE id = $1', [star.profileId]);
    expect((await buy(star.username, request(star))).status).toBe(200);
    const [payment] = await payments(star);

    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(payment.id)));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toEqual({ redirect_url: `${request(star).frontend_success_url}&session_id=test_${payment.id}` });
    }
    await eventually(
      'the payment to be credited',
      () => payments(star),
      (rows) => rows[0].status === 'credited',
      20_000,
    );
    // Another call after the credit changes nothing either.
    expect((await pay(payment.id)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(await counts(star)).toEqual({ total_votes: 5 + 12, current_contest_votes: 12, paid_rows: 1, ledger_votes: 12 });
    const ledger = await t.db.pool.query('SELECT id::text, kind, weight FROM votes WHERE profile_id = $1', [star.profileId]);
    expect(ledger.rows).toEqual([{ id: payment.id, kind: 'paid', weight: 12 }]);
  });

  it('should return from a TEST MODE PayPal checkout the way PayPal would (token) and credit the larger package with its bonus', async () => {
    const [star] = await entrants('p_paypal', 1);
    const body = request(star, { payment_method: 'paypal', num_votes: 50, amount_expected: 50, frontend_success_url: `${SITE}/contestants/${star.username}` });
    expect((await buy(star.username, body)).status).toBe(200);
    const [payment] = await payments(star);
    expect(payment).toMatchObject({ method: 'paypal', votes: 70, base_votes: 50, amount_minor: 5000 });
    expect((await pay(payment.id)).body).toEqual({ redirect_url: `${SITE}/contestants/${star.username}?token=test_${payment.id}` });
    await eventually(
      'the PayPal payment to be credited',
      () => counts(star),
      (c) => c.paid_rows === 1,
      20_000,
    );
    expect(await counts(star)).toEqual({ total_votes: 70, current_contest_votes: 70, paid_rows: 1, ledger_votes: 70 });
  });

  it('should answer 404 for a payment that does not exist', async () => {
    expect((await pay('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it("should refuse a payer e-mail that is the contestant's own (any letter case or +tag) with the competitor text, on both checkouts", async () => {
    const [star] = await entrants('p_self', 1);
    // createAccounts gives the account `${prefix}_1@example.com`.
    for (const email of ['p_self_1@example.com', 'P_Self_1@Example.COM', 'p_self_1+votes@example.com']) {
      const refused = await buy(star.username, request(star, { payer_email: email }));
      expect({ email, status: refused.status, body: refused.body }).toEqual({ email, status: 403, body: { detail: PAYMENT_MESSAGES.competitorsNotPermitted } });
      const res = await call(t, 'POST', '/votes/initiate-payment', undefined, {
        profile_id: star.profileId,
        voter_name: 'Not Me',
        voter_email: email,
        votes: 5,
        amount_paid: 5,
        payment_method: 'paypal',
      });
      expect({ email, status: res.status, body: await res.json() }).toEqual({
        email,
        status: 403,
        body: { detail: 'Competitors are not permitted to cast paid votes.' },
      });
    }
    expect(await payments(star)).toEqual([]);
    // Anyone else's address is fine.
    expect((await buy(star.username, request(star, { payer_email: 'p_self_2@example.com' }))).status).toBe(200);
  });

  it.each([
    ['eliminated', 'UPDATE contest_entries SET is_eliminated = true WHERE profile_id = $1', CLOSED_NOT_CHARGED.eliminated],
    [
      'ended',
      `UPDATE contests SET end_date = now() - interval '1 minute' WHERE id = (SELECT contest_id FROM contest_entries WHERE profile_id = $1)`,
      CLOSED_NOT_CHARGED.ended,
    ],
  ])("should refuse TEST MODE's Pay of a checkout begun before its contestant's entry closed (%s), crediting nothing", async (why, close, detail) => {
    // Its own contest, so that ending it leaves the others running.
    const own = await insertContest(t, { name: `Closing Cup ${why}`, isCurrent: false, groupSizeCap: 50 });
    await t.db.pool.query('UPDATE contests SET is_current = false WHERE id = $1', [contest]);
    await t.db.pool.query('UPDATE contests SET is_current = true WHERE id = $1', [own]);
    try {
      const [star] = await createAccounts(t, `p_closed_${why}`, 1);
      expect((await join(t, star, own)).status).toBe(201);
      expect((await buy(star.username, request(star))).status).toBe(200);
      const [payment] = await payments(star);
      await t.db.pool.query(close, [star.profileId]);

      const refused = await pay(payment.id);
      expect(refused).toEqual({ status: 409, body: { detail } });
      // Back on the profile with the reference: nothing to complete.
      const capture = await call(t, 'POST', '/payments/stripe/capture', undefined, { session_id: payment.provider_ref });
      expect(capture.status).toBe(400);
      await new Promise((r) => setTimeout(r, 300));
      expect((await payments(star))[0].status).toBe('created');
      const ledger = await t.db.pool.query('SELECT count(*)::int AS n FROM votes WHERE profile_id = $1', [star.profileId]);
      expect(ledger.rows[0].n).toBe(0);
    } finally {
      await t.db.pool.query('UPDATE contests SET is_current = false WHERE id = $1', [own]);
      await t.db.pool.query('UPDATE contests SET is_current = true WHERE id = $1', [contest]);
    }
  });
});

describe('paid votes with TEST MODE off (PAYMENTS_TEST_MODE=false, the scaled-mode default)', () => {
  let t: TestServer;
  afterAll(async () => {
    await t?.stop();
  });

  it('should refuse every checkout with 503 and write no payment, since no real provider is configured yet', async () => {
    t = await startTestServer({ PAYMENTS_TEST_MODE: 'false' });
    const contest = await insertContest(t, { name: 'Closed Till', isCurrent: true, groupSizeCap: 50 });
    const [star] = await createAccounts(t, 'p_off', 1);
    expect((await join(t, star, contest)).status).toBe(201);
    const res = await call(t, 'POST', `/contestants/${star.username}/buy-votes`, undefined, {
      contestant_id: star.profileId,
      num_votes: 10,
      payer_email: 'fan@example.com',
      payment_method: 'stripe',
      frontend_success_url: `${SITE}/profile/${star.username}`,
      frontend_cancel_url: `${SITE}/profile/${star.username}`,
      amount_expected: 10,
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ detail: PAYMENT_MESSAGES.unavailable });
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM payments')).rows[0]).toEqual({ n: 0 });
  }, 60_000);
});
