// Payments per client address and per payer mailbox (the defaults: 20 checkouts and 5 TEST MODE
// payments an hour each): a flood of checkouts from one address, or of TEST MODE receipts to one
// mailbox, is refused with 429, a detail and Retry-After. Counted under keyed hashes only.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { paymentsTooMany } from '#contract/payments/messages.js';
import { mailsTo } from '../helpers/accounts.js';
import { createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { eventually } from '../helpers/source-address.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const SITE = 'http://localhost:5173';
const CHECKOUTS_PER_HOUR = 20;
const TEST_PAYMENTS_PER_HOUR = 5;

interface Answer {
  status: number;
  retryAfter: string | null;
  body: Record<string, string>;
}

describe('payments per address and per payer mailbox (default limits)', () => {
  let t: TestServer;
  let star: TestAccount;

  /** A POST from `address` (TRUST_PROXY lets the test choose it through X-Forwarded-For). */
  const postFrom = async (address: string, path: string, body?: unknown): Promise<Answer> => {
    const headers: Record<string, string> = { 'x-forwarded-for': address };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${t.api}${path}`, { method: 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Record<string, string> };
  };
  const buyFrom = (address: string, email: string) =>
    postFrom(address, `/contestants/${star.username}/buy-votes`, {
      contestant_id: star.profileId,
      num_votes: 10,
      payer_email: email,
      payment_method: 'stripe',
      frontend_success_url: `${SITE}/profile/${star.username}?payment=success`,
      frontend_cancel_url: `${SITE}/profile/${star.username}?payment=cancel`,
      amount_expected: 10,
    });
  const initiateFrom = (address: string, email: string) =>
    postFrom(address, '/votes/initiate-payment', {
      profile_id: star.profileId,
      voter_name: 'Vera Voter',
      voter_email: email,
      votes: 5,
      amount_paid: 5,
      payment_method: 'paypal',
    });
  const paymentIdOf = (a: Answer) => new URL(a.body.payment_url).pathname.split('/').pop()!;
  const payFrom = (address: string, paymentId: string) => postFrom(address, `/payments/test/${paymentId}/pay`);
  const paymentCount = async () => Number((await t.db.pool.query('SELECT count(*) FROM payments')).rows[0].count);
  const expectTooMany = (a: Answer) => {
    expect(a.status).toBe(429);
    const retryAfter = Number(a.retryAfter);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(a.body).toEqual({ detail: paymentsTooMany(Math.ceil(retryAfter / 60)) });
  };

  beforeAll(async () => {
    // Empty values are unset ones: the defaults apply (the test servers' raised limits are taken back).
    t = await startTestServer({ PAYMENT_CHECKOUTS_PER_HOUR: '', TEST_PAYMENTS_PER_HOUR: '', TRUST_PROXY: 'loopback' });
    [star] = await createAccounts(t, 'lim_star', 1);
    const contest = await insertContest(t, { name: 'Limit Cup', isCurrent: true, groupSizeCap: 50 });
    expect((await join(t, star, contest)).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('should refuse the 21st checkout of an hour from one address (buy-votes and the vote page together), writing nothing; another address goes on', async () => {
    const before = await paymentCount();
    for (let i = 0; i < CHECKOUTS_PER_HOUR; i++) {
      const a = i % 4 === 3 ? await initiateFrom('10.1.0.1', `fan${i}@example.com`) : await buyFrom('10.1.0.1', `fan${i}@example.com`);
      expect(a.status).toBe(200);
    }
    expectTooMany(await buyFrom('10.1.0.1', 'one.more@example.com'));
    expectTooMany(await initiateFrom('10.1.0.1', 'one.more@example.com'));
    expect(await paymentCount()).toBe(before + CHECKOUTS_PER_HOUR);
    expect((await buyFrom('10.1.0.2', 'other@example.com')).status).toBe(200);
  });

  it('should refuse the 21st checkout of an hour for one payer mailbox from any address, letter case and +tags folded', async () => {
    for (let i = 0; i < CHECKOUTS_PER_HOUR; i++) expect((await buyFrom(`10.2.0.${i + 1}`, `Target+${i}@Example.COM`)).status).toBe(200);
    expectTooMany(await buyFrom('10.2.1.1', 'target@example.com'));
    expectTooMany(await initiateFrom('10.2.1.2', 'TARGET+x@example.com'));
    expect((await buyFrom('10.2.1.3', 'someone.else@example.com')).status).toBe(200);
  });

  it('should let one address pay at most 5 TEST MODE checkouts an hour, counting simultaneous Pays of one checkout once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < TEST_PAYMENTS_PER_HOUR + 1; i++) {
      const started = await buyFrom(`10.3.0.${i + 1}`, `payer${i}@example.com`);
      expect(started.status).toBe(200);
      ids.push(paymentIdOf(started));
    }
    // Five Pays of the first checkout at once: one payment, one count.
    const first = await Promise.all(Array.from({ length: 5 }, () => payFrom('10.3.1.1', ids[0])));
    expect(first.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    for (const id of ids.slice(1, TEST_PAYMENTS_PER_HOUR)) expect((await payFrom('10.3.1.1', id)).status).toBe(200);

    const refused = await payFrom('10.3.1.1', ids[TEST_PAYMENTS_PER_HOUR]);
    expectTooMany(refused);
    expect((await t.db.pool.query('SELECT status FROM payments WHERE id = $1', [ids[TEST_PAYMENTS_PER_HOUR]])).rows[0].status).toBe('created');
    // Paying again what was paid sends no new receipt and is not refused.
    expect((await payFrom('10.3.1.1', ids[0])).status).toBe(200);
    expect((await payFrom('10.3.1.2', ids[TEST_PAYMENTS_PER_HOUR])).status).toBe(200);
  });

  it('should send at most 5 TEST MODE receipts an hour to one mailbox, whoever pays and whatever +tag was typed', async () => {
    const payers = Array.from({ length: TEST_PAYMENTS_PER_HOUR + 1 }, (_, i) => `victim+${i}@example.com`);
    const ids: string[] = [];
    for (const [i, email] of payers.entries()) {
      const started = await buyFrom(`10.4.0.${i + 1}`, email);
      expect(started.status).toBe(200);
      ids.push(paymentIdOf(started));
    }
    for (const [i, id] of ids.entries()) {
      const paid = await payFrom(`10.4.1.${i + 1}`, id);
      if (i < TEST_PAYMENTS_PER_HOUR) expect(paid.status).toBe(200);
      else expectTooMany(paid);
    }
    const receipts = async () => (await Promise.all(payers.map((p) => mailsTo(t.dataDir, p)))).flat().length;
    expect(await eventually('the five receipts', receipts, (n) => n >= TEST_PAYMENTS_PER_HOUR, 20_000)).toBe(TEST_PAYMENTS_PER_HOUR);
    await new Promise((r) => setTimeout(r, 500));
    expect(await receipts()).toBe(TEST_PAYMENTS_PER_HOUR);
  });

  it('should keep addresses and mailboxes only as keyed hashes in the limiter', async () => {
    const { rows } = await t.db.pool.query('SELECT key FROM rate_limits');
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows as { key: string }[]) expect(key).not.toMatch(/10\.\d|example|victim|target/i);
  });
});
