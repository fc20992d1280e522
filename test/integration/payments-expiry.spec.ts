// Abandoned checkouts (decision 021): a payment still 'created' PAYMENT_EXPIRY after it was made turns
// 'expired'; the admin list leaves expired ones out unless its status filter asks for them, and TEST
// MODE's Pay refuses an expired checkout, charging nothing. (A provider's later confirmation of an
// expired payment still credits it: payments-stripe.spec.ts and payments-paypal.spec.ts.)
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AdminPaymentsPage } from '#contract/payments/answers.js';
import { PAYMENT_MESSAGES } from '#contract/payments/messages.js';
import { mailsTo } from '../helpers/accounts.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const SITE = 'http://localhost:5173';

describe('abandoned checkouts expire (PAYMENT_EXPIRY=2h)', () => {
  let t: TestServer;
  let admin: TestAccount;
  let star: TestAccount;

  const buy = async (email = 'fan@example.com') => {
    const res = await call(t, 'POST', `/contestants/${star.username}/buy-votes`, undefined, {
      contestant_id: star.profileId,
      num_votes: 10,
      payer_email: email,
      payment_method: 'stripe',
      frontend_success_url: `${SITE}/profile/${star.username}?payment=success`,
      frontend_cancel_url: `${SITE}/profile/${star.username}?payment=cancel`,
      amount_expected: 10,
    });
    expect(res.status).toBe(200);
    return new URL(((await res.json()) as { payment_url: string }).payment_url).pathname.split('/').pop()!;
  };
  const age = (id: string, minutes: number) =>
    t.db.pool.query(`UPDATE payments SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [id, minutes]);
  const status = async (id: string) => (await t.db.pool.query('SELECT status FROM payments WHERE id = $1', [id])).rows[0].status as string;
  const list = async (query = '') => {
    const res = await call(t, 'GET', `/admin/payments${query}`, admin.token);
    expect(res.status).toBe(200);
    return (await res.json()) as AdminPaymentsPage;
  };

  beforeAll(async () => {
    t = await startTestServer({ PAYMENT_EXPIRY: '2h' });
    [admin] = await createAccounts(t, 'exp_admin', 1, 'admin');
    [star] = await createAccounts(t, 'exp_star', 1);
    const contest = await insertContest(t, { name: 'Expiry Cup', isCurrent: true, groupSizeCap: 50 });
    expect((await join(t, star, contest)).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('should list a checkout left unpaid past PAYMENT_EXPIRY as expired, only when the status filter asks for it', async () => {
    const [abandoned, recent] = [await buy(), await buy()];
    await age(abandoned, 121);
    await age(recent, 119);

    const byDefault = await list();
    expect(byDefault.items.map((p) => [p.id, p.status])).toEqual([[recent, 'created']]);
    expect(byDefault.totals.count).toBe(1);
    expect(await status(abandoned)).toBe('expired');

    expect((await list('?status=expired')).items.map((p) => [p.id, p.status])).toEqual([[abandoned, 'expired']]);
    expect((await list('?status=all')).items.map((p) => p.id).sort()).toEqual([abandoned, recent].sort());
    expect((await list('?status=created')).items.map((p) => p.id)).toEqual([recent]);

    const csv = await call(t, 'GET', '/admin/payments/export?status=expired', admin.token);
    expect(await csv.text()).toContain(`${abandoned},`);
    const defaultCsv = await (await call(t, 'GET', '/admin/payments/export', admin.token)).text();
    expect(defaultCsv).toContain(`${recent},`);
    expect(defaultCsv).not.toContain(abandoned);

    // Expiring again changes nothing; an unknown filter is still a 422.
    expect((await list('?status=expired')).totals.count).toBe(1);
    expect((await call(t, 'GET', '/admin/payments?status=gone', admin.token)).status).toBe(422);
  });

  it("should refuse TEST MODE's Pay on an expired checkout, charging and mailing nothing, and pay a fresh one", async () => {
    const abandoned = await buy('late@example.com');
    await age(abandoned, 180);
    // Nobody opened the admin list: the Pay itself finds the checkout expired.
    const refused = await call(t, 'POST', `/payments/test/${abandoned}/pay`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ detail: PAYMENT_MESSAGES.expired });
    expect(await status(abandoned)).toBe('expired');
    // The return with its reference completes nothing either.
    const capture = await call(t, 'POST', '/payments/stripe/capture', undefined, { session_id: `test_${abandoned}` });
    expect(capture.status).toBe(409);
    expect(await capture.json()).toEqual({ detail: PAYMENT_MESSAGES.expired });

    const fresh = await buy('late@example.com');
    expect((await call(t, 'POST', `/payments/test/${fresh}/pay`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const { rows } = await t.db.pool.query(`SELECT coalesce(sum(weight), 0)::int AS votes FROM votes WHERE id = $1`, [abandoned]);
    expect(rows[0].votes).toBe(0);
    expect(await status(abandoned)).toBe('expired');
    // One receipt: the fresh payment's.
    for (let i = 0; i < 100 && (await mailsTo(t.dataDir, 'late@example.com')).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    const mails = await mailsTo(t.dataDir, 'late@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Reference: ${fresh}`);
  });
});
