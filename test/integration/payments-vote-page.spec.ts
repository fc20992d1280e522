import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DONATION_MESSAGES, PAYMENT_MESSAGES, VOTE_PAGE_MESSAGES } from '#contract/payments/messages.js';
import { waitForMails } from '../helpers/accounts.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { eventually } from '../helpers/source-address.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const SITE = 'http://localhost:5173';

describe('the vote page, captures after return, receipts and free/paid votes (TEST MODE)', () => {
  let t: TestServer;
  let contest: number;

  const post = async (path: string, body: unknown, token?: string) => {
    const res = await call(t, 'POST', path, token, body);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const get = async (path: string) => {
    const res = await call(t, 'GET', path);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const initiate = (a: TestAccount, overrides: Record<string, unknown> = {}, token?: string) =>
    post(
      '/votes/initiate-payment',
      { profile_id: a.profileId, voter_name: 'Vera Voter', voter_email: 'vera@example.com', votes: 7, amount_paid: 7, payment_method: 'stripe', ...overrides },
      token,
    );
  const payments = async (a: TestAccount) =>
    (
      await t.db.pool.query(
        'SELECT id::text, votes, base_votes, amount_minor, status, method, provider_ref, payer_name, payer_email, success_url, cancel_url FROM payments WHERE profile_id = $1 ORDER BY created_at',
        [a.profileId],
      )
    ).rows;
  const entrants = async (prefix: string, n: number) => {
    const accounts = await createAccounts(t, prefix, n);
    for (const a of accounts) expect((await join(t, a, contest)).status).toBe(201);
    return accounts;
  };
  const credited = (a: TestAccount, n: number) =>
    eventually(
      `${n} credited payment(s)`,
      () => payments(a),
      (rows) => rows.filter((r) => r.status === 'credited').length === n,
      20_000,
    );

  beforeAll(async () => {
    t = await startTestServer();
    contest = await insertContest(t, { name: 'Vote Page Cup', isCurrent: true, groupSizeCap: 50 });
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  });

  it('should tell the client which payment methods are offered, that they are TEST MODE, and whom donations go to', async () => {
    const site = await get('/site');
    expect(site.body).toMatchObject({
      payment_methods: ['stripe', 'paypal'],
      payments_test_mode: true,
      charity_name: 'our partner charity',
      charity_beneficiary: "a children's toy-drive foundation",
    });
  });

  it("should answer a profile by id with the first name and its contest's vote offer, 404 for an unknown id and 422 for a malformed one", async () => {
    const [star] = await entrants('vp_star', 1);
    const found = await get(`/profiles/id/${star.profileId}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      id: star.profileId,
      username: star.username,
      is_eliminated: false,
      picture_url: null,
      user_details: { first_name: 'First1', last_name: 'Last1' },
      vote_offer: {
        currency: 'USD',
        donation_vote_price: 100,
        packages: [
          { id: 1, votes: 10, bonus: 2, price_minor: 1000 },
          { id: 2, votes: 50, bonus: 20, price_minor: 5000 },
          { id: 3, votes: 100, bonus: 50, price_minor: 10000 },
          { id: 4, votes: 200, bonus: 125, price_minor: 20000 },
        ],
      },
    });
    expect((await get('/profiles/id/999999')).status).toBe(404);
    expect((await get('/profiles/id/abc')).status).toBe(422);
  });

  it('should start a free-amount donation at one vote per dollar, return to the profile page, credit it and mail a receipt', async () => {
    const [star] = await entrants('vp_other', 1);
    const res = await initiate(star);
    expect(res.status).toBe(200);
    const [payment] = await payments(star);
    expect(payment).toMatchObject({
      votes: 7,
      base_votes: 7,
      amount_minor: 700,
      status: 'created',
      payer_name: 'Vera Voter',
      payer_email: 'vera@example.com',
      success_url: `${SITE}/profile/${star.username}?payment=success`,
      cancel_url: `${SITE}/profile/${star.username}?payment=cancel`,
    });
    expect(new URL(res.body.payment_url as string).pathname).toBe(`/test-checkout/${payment.id}`);

    // Back from the checkout before paying: the capture refuses and credits nothing.
    const early = await post('/payments/stripe/capture', { session_id: payment.provider_ref });
    expect(early.status).toBe(400);
    expect(early.body.detail).toBe(PAYMENT_MESSAGES.notCompleted);

    expect((await post(`/payments/test/${payment.id}/pay`, {})).status).toBe(200);
    const captured = await post('/payments/stripe/capture', { session_id: payment.provider_ref });
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({ payment_id: payment.id, votes: 7, username: star.username, message: 'Payment successful! Votes have been added.' });
    await credited(star, 1);

    const profile = await get(`/contestants/${star.username}`);
    expect(profile.body).toMatchObject({ total_votes: 7, free_votes: 0, paid_votes: 7 });

    const [mail] = await waitForMails(t.dataDir, 'vera@example.com');
    expect(mail).toContain('Subject: [TEST MODE] Your ScreamStage receipt: 7 votes for First1 Last1');
    expect(mail).toContain('Votes: 7');
    expect(mail).toContain('Amount: $7 USD (TEST MODE: no money was taken)');
    expect(mail).toContain(`Reference: ${payment.id}`);
    expect(mail).toContain("with a children's toy-drive foundation as beneficiary");
  });

  it('should give a package its bonus on the vote page too, and keep free and paid votes apart', async () => {
    const [star] = await entrants('vp_pkg', 1);
    expect((await post(`/contestants/${star.username}/vote`, {})).status).toBe(201);
    expect((await initiate(star, { votes: 50, amount_paid: 50, package_id: 2, payment_method: 'paypal' })).status).toBe(200);
    const [payment] = await payments(star);
    expect(payment).toMatchObject({ votes: 70, base_votes: 50, amount_minor: 5000, method: 'paypal' });
    await post(`/payments/test/${payment.id}/pay`, {});
    // The PayPal return carries the order id as `token`; a Stripe capture of a PayPal payment is not found.
    expect((await post('/payments/stripe/capture', { session_id: payment.provider_ref })).status).toBe(404);
    expect((await post('/webhooks/paypal/capture', { order_id: payment.provider_ref })).status).toBe(200);
    await credited(star, 1);
    await eventually(
      'the free vote to be counted',
      () => get(`/contestants/${star.username}`),
      (p) => p.body.total_votes === 71,
      20_000,
    );
    expect((await get(`/contestants/${star.username}`)).body).toMatchObject({ total_votes: 71, free_votes: 1, paid_votes: 70 });
  });

  it('should refuse votes not matching the amount, amounts under $1 or in cents, competitors, and unknown contestants', async () => {
    const [star] = await entrants('vp_refuse', 1);
    const mismatch = await initiate(star, { votes: 9, amount_paid: 7 });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.detail).toBe(PAYMENT_MESSAGES.votesNotMatchingAmount);
    const wrongPackage = await initiate(star, { votes: 10, amount_paid: 10, package_id: 2 });
    expect(wrongPackage.status).toBe(400);
    expect(wrongPackage.body.detail).toBe(PAYMENT_MESSAGES.votesNotMatchingAmount);
    const unknownPackage = await initiate(star, { votes: 10, amount_paid: 10, package_id: 9 });
    expect(unknownPackage.status).toBe(400);
    expect(unknownPackage.body.detail).toBe(PAYMENT_MESSAGES.unknownPackage);
    expect((await initiate(star, { votes: 10, amount_paid: 10, package_id: 0 })).status).toBe(422);
    // Out of range for the database or its columns: a 422, never a 500.
    expect((await initiate({ ...star, profileId: 3_000_000_000 })).status).toBe(422);
    expect((await initiate(star, { voter_email: `${'a'.repeat(250)}@example.com` })).status).toBe(422);
    expect((await initiate(star, { frontend_success_url: `${SITE}/${'x'.repeat(2100)}` })).status).toBe(422);

    const zero = await initiate(star, { votes: 0, amount_paid: 0 });
    expect(zero.status).toBe(422);
    expect(zero.body.detail).toEqual(
      expect.arrayContaining([expect.objectContaining({ loc: ['body', 'amount_paid'], msg: VOTE_PAGE_MESSAGES.amountPositive })]),
    );
    const under = await initiate(star, { votes: 1, amount_paid: 0.5 });
    expect(under.status).toBe(400);
    expect(under.body.detail).toBe(DONATION_MESSAGES.amountMin('$1'));
    expect(under.body.detail).toBe('Amount must be at least $1');
    const cents = await initiate(star, { votes: 7, amount_paid: 7.5 });
    expect(cents.status).toBe(400);
    expect(cents.body.detail).toBe(DONATION_MESSAGES.amountStep('$1'));
    const noName = await initiate(star, { voter_name: ' ' });
    expect(noName.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'voter_name'], msg: VOTE_PAGE_MESSAGES.nameRequired })]);
    const badEmail = await initiate(star, { voter_email: 'nope' });
    expect(badEmail.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'voter_email'], msg: VOTE_PAGE_MESSAGES.emailInvalid })]);

    const [rival] = await createAccounts(t, 'vp_rival', 1);
    const competitor = await initiate(star, {}, rival.token);
    expect(competitor.status).toBe(403);
    expect(competitor.body.detail).toBe('Competitors are not permitted to cast paid votes.');

    const foreign = await initiate(star, { frontend_success_url: 'https://evil.example.com/' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.detail).toBe(PAYMENT_MESSAGES.foreignReturnUrl);

    const unknown = await initiate({ ...star, profileId: 999999 });
    expect(unknown.status).toBe(404);
    expect(await payments(star)).toEqual([]);
  });

  it('should count a free amount that equals a package price one vote per dollar, with no bonus', async () => {
    const [star] = await entrants('vp_ten', 1);
    expect((await initiate(star, { votes: 10, amount_paid: 10 })).status).toBe(200);
    expect((await payments(star))[0]).toMatchObject({ votes: 10, base_votes: 10, amount_minor: 1000 });
  });

  it('should answer 404 for a capture of a reference nobody issued', async () => {
    expect((await post('/payments/stripe/capture', { session_id: 'cs_test_unknown' })).status).toBe(404);
    expect((await post('/webhooks/paypal/capture', { order_id: 'ORDER-UNKNOWN' })).status).toBe(404);
    expect((await post('/payments/stripe/capture', {})).status).toBe(422);
  });

  it('should send a buyer from a site page only: a return URL on this site passes', async () => {
    const [star] = await entrants('vp_site', 1);
    const ok = await initiate(star, { frontend_success_url: `${SITE}/thanks`, frontend_cancel_url: `${SITE}/sorry` });
    expect(ok.status).toBe(200);
  });
});
