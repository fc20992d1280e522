// The admin side of paid votes: the payments list with filters and totals, the CSV
// export, and the reconciliation check over HTTP and as `npm run reconcile-payments`.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { ADMIN_PAYMENT_MESSAGES } from '#contract/payments/messages.js';
import { PAYMENT_CSV_COLUMNS } from '#contract/payments/constants.js';
import type { AdminPaymentsPage, PaymentReconciliation } from '#contract/payments/answers.js';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { aJob } from '../helpers/factories.js';
import { eventually } from '../helpers/source-address.js';
import { createTestDataDir, startTestServer, type TestServer } from '../helpers/test-app.js';

const SITE = 'http://localhost:5173';
const CLI = path.resolve('dist/server/src/cli/reconcile-payments.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The compiled command as `npm run reconcile-payments` runs it, in a process of its own. */
function reconcileCli(env: Record<string, string>, args: string[] = []): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env }, timeout: 90_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    );
  });
}

/** A CSV body as rows of cells (quoted fields with doubled quotes, commas and line breaks inside). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) throw new Error(`CSV does not end with CRLF: ${JSON.stringify(text.slice(-40))}`);
  return rows;
}

describe('admin payments', () => {
  let t: TestServer;
  let admin: TestAccount;
  let fan: TestAccount;
  let contest: number;
  let star: TestAccount;
  let rival: TestAccount;
  /** p1 credited 12 votes $10 (stripe), p2 credited 70 votes $50 (paypal), p3 created (made provider 'stripe'), p4 refunded after its credit. */
  const ids = { p1: '', p2: '', p3: '', p4: '' };

  const get = async (url: string, token: string | null = admin.token) => {
    const res = await call(t, 'GET', url, token);
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  const list = async (query = '') => {
    const res = await get(`/admin/payments${query}`);
    expect(res.status).toBe(200);
    return { body: JSON.parse(res.text) as AdminPaymentsPage, total: res.headers.get('x-total-count') };
  };
  const reconciliation = async () => {
    const res = await get('/admin/payments/reconciliation');
    expect(res.status).toBe(200);
    return JSON.parse(res.text) as PaymentReconciliation;
  };
  const status = async (id: string) => (await t.db.pool.query('SELECT status FROM payments WHERE id = $1', [id])).rows[0]?.status as string;

  /** Buys a package for `a` through the public call; answers the new payment's id. */
  const buy = async (a: TestAccount, numVotes: number, method: 'stripe' | 'paypal' = 'stripe') => {
    const res = await call(t, 'POST', `/contestants/${a.username}/buy-votes`, undefined, {
      contestant_id: a.profileId,
      num_votes: numVotes,
      payer_email: 'fan@example.com',
      payment_method: method,
      frontend_success_url: `${SITE}/payment/success`,
      frontend_cancel_url: `${SITE}/contestants/${a.username}`,
      amount_expected: numVotes,
    });
    expect(res.status).toBe(200);
    const { rows } = await t.db.pool.query('SELECT id::text FROM payments WHERE profile_id = $1 ORDER BY created_at DESC LIMIT 1', [a.profileId]);
    return rows[0].id as string;
  };
  const payAndCredit = async (id: string) => {
    expect((await call(t, 'POST', `/payments/test/${id}/pay`)).status).toBe(200);
    await eventually(
      `payment ${id} to be credited`,
      () => status(id),
      (s) => s === 'credited',
      20_000,
    );
  };

  beforeAll(async () => {
    t = await startTestServer();
    [admin] = await createAccounts(t, 'pay_admin', 1, 'admin');
    [fan] = await createAccounts(t, 'pay_fan', 1, 'no-profile');
    contest = await insertContest(t, { name: 'Ledger Cup', isCurrent: true, groupSizeCap: 50 });
    [star, rival] = await createAccounts(t, 'pay_star', 2);
    for (const a of [star, rival]) expect((await join(t, a, contest)).status).toBe(201);

    ids.p1 = await buy(star, 10);
    await payAndCredit(ids.p1);
    ids.p2 = await buy(star, 50, 'paypal');
    await payAndCredit(ids.p2);
    ids.p3 = await buy(rival, 10);
    ids.p4 = await buy(rival, 10);
    await payAndCredit(ids.p4);
    // A refund as a provider's webhook queues it: the real job takes the credited votes back out.
    await aJob(t.db, { name: 'refund-payment', payload: { paymentId: ids.p4, reason: 'refund' } });
    await eventually(
      `payment ${ids.p4} to be refunded`,
      () => status(ids.p4),
      (s) => s === 'refunded',
      20_000,
    );

    // Distinct, ordered creation times; a payer whose name and e-mail a spreadsheet would take for formulas.
    await t.db.pool.query(`UPDATE payments SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [ids.p1, 4]);
    await t.db.pool.query(`UPDATE payments SET created_at = now() - make_interval(mins => $2), payer_name = $3 WHERE id = $1`, [
      ids.p2,
      3,
      '=HYPERLINK("http://evil.example","Doe, Jane")',
    ]);
    await t.db.pool.query(
      `UPDATE payments SET created_at = now() - make_interval(mins => $2), provider = 'stripe', provider_ref = 'cs_test_1', payer_email = $3 WHERE id = $1`,
      [ids.p3, 2, '+1@example.com'],
    );
    await t.db.pool.query(`UPDATE payments SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [ids.p4, 1]);
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  });

  describe('only for a superuser', () => {
    it.each(['/admin/payments', '/admin/payments/export', '/admin/payments/reconciliation'])(
      'should refuse %s without a token (401) and to a non-superuser (403)',
      async (url) => {
        const anonymous = await get(url, null);
        expect({ status: anonymous.status, body: JSON.parse(anonymous.text) }).toEqual({ status: 401, body: { detail: AUTH_GUARD_MESSAGES.notAuthenticated } });
        for (const who of [star, fan]) {
          const refused = await get(url, who.token);
          expect({ status: refused.status, body: JSON.parse(refused.text) }).toEqual({ status: 403, body: { detail: AUTH_GUARD_MESSAGES.superuserRequired } });
        }
      },
    );
  });

  describe('GET /admin/payments', () => {
    it('should list every payment newest first with the contestant, payer and amounts, and the totals of the credited ones', async () => {
      const { body, total } = await list();
      expect(body.items.map((p) => p.id)).toEqual([ids.p4, ids.p3, ids.p2, ids.p1]);
      expect(body.items.map((p) => [p.status, p.provider, p.method, p.username, p.votes, p.amount_minor])).toEqual([
        ['refunded', 'test', 'stripe', rival.username, 12, 1000],
        ['created', 'stripe', 'stripe', rival.username, 12, 1000],
        ['credited', 'test', 'paypal', star.username, 70, 5000],
        ['credited', 'test', 'stripe', star.username, 12, 1000],
      ]);
      const p1 = body.items[3];
      expect(p1).toEqual({
        id: ids.p1,
        created_at: expect.any(String),
        credited_at: expect.any(String),
        status: 'credited',
        provider: 'test',
        method: 'stripe',
        provider_ref: `test_${ids.p1}`,
        profile_id: star.profileId!,
        entry_id: expect.any(Number),
        contest_id: contest,
        username: star.username,
        payer_name: null,
        payer_email: 'fan@example.com',
        amount_minor: 1000,
        currency: 'USD',
        package_id: 1,
        votes: 12,
        base_votes: 10,
      });
      expect(Date.now() - Date.parse(p1.created_at)).toBeGreaterThan(3 * 60_000);
      expect(body.totals).toEqual({ count: 4, credited_amounts: [{ currency: 'USD', amount_minor: 6000 }], credited_votes: 82 });
      expect(total).toBe('4');
    });

    it('should filter by status and provider, with the totals over what matches', async () => {
      const credited = await list('?status=credited');
      expect(credited.body.items.map((p) => p.id)).toEqual([ids.p2, ids.p1]);
      expect(credited.body.totals).toEqual({ count: 2, credited_amounts: [{ currency: 'USD', amount_minor: 6000 }], credited_votes: 82 });

      const stripe = await list('?provider=stripe');
      expect(stripe.body.items.map((p) => p.id)).toEqual([ids.p3]);
      expect(stripe.body.totals).toEqual({ count: 1, credited_amounts: [], credited_votes: 0 });

      const both = await list('?status=refunded&provider=test');
      expect(both.body.items.map((p) => p.id)).toEqual([ids.p4]);
      expect(both.body.totals).toEqual({ count: 1, credited_amounts: [], credited_votes: 0 });

      const none = await list('?status=failed');
      expect(none).toEqual({ body: { items: [], totals: { count: 0, credited_amounts: [], credited_votes: 0 } }, total: '0' });

      // A select's "All" sends an empty value.
      expect((await list('?status=&provider=')).body.totals.count).toBe(4);
    });

    it('should page with skip and limit, the totals still over every match', async () => {
      const second = await list('?skip=1&limit=2');
      expect(second.body.items.map((p) => p.id)).toEqual([ids.p3, ids.p2]);
      expect(second.body.totals.count).toBe(4);
      expect(second.total).toBe('4');
      expect((await list('?skip=4&limit=2')).body.items).toEqual([]);
    });

    it.each([
      ['?status=pending', 'status', ADMIN_PAYMENT_MESSAGES.unknownStatus],
      ['?provider=bitcoin', 'provider', ADMIN_PAYMENT_MESSAGES.unknownProvider],
      ['?limit=101', 'limit', undefined],
      ['?skip=-1', 'skip', undefined],
    ])('should refuse %s with 422 naming the field', async (query, field, msg) => {
      const res = await get(`/admin/payments${query}`);
      expect(res.status).toBe(422);
      const detail = (JSON.parse(res.text) as { detail: { loc: string[]; msg: string }[] }).detail;
      expect(detail).toEqual([expect.objectContaining({ loc: ['query', field], ...(msg ? { msg } : {}) })]);
    });
  });

  describe('GET /admin/payments/export', () => {
    it('should answer every matching payment as a CSV attachment with a header row and formula-safe, quoted cells', async () => {
      const res = await get('/admin/payments/export');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
      const rows = parseCsv(res.text);
      expect(rows[0]).toEqual([...PAYMENT_CSV_COLUMNS]);
      expect(rows.slice(1).map((r) => r[0])).toEqual([ids.p4, ids.p3, ids.p2, ids.p1]);
      const byId = new Map(rows.slice(1).map((r) => [r[0], Object.fromEntries(PAYMENT_CSV_COLUMNS.map((c, i) => [c, r[i]]))]));

      expect(byId.get(ids.p1)).toMatchObject({
        status: 'credited',
        provider: 'test',
        method: 'stripe',
        provider_ref: `test_${ids.p1}`,
        contestant: star.username,
        profile_id: String(star.profileId),
        contest_id: String(contest),
        payer_name: '',
        payer_email: 'fan@example.com',
        amount: '10.00',
        currency: 'USD',
        votes: '12',
        base_votes: '10',
      });
      expect(Number.isNaN(Date.parse(byId.get(ids.p1)!.created_at))).toBe(false);
      expect(byId.get(ids.p2)).toMatchObject({ payer_name: `'=HYPERLINK("http://evil.example","Doe, Jane")`, amount: '50.00', votes: '70' });
      expect(byId.get(ids.p3)).toMatchObject({ payer_email: "'+1@example.com", credited_at: '' });
      // On the wire: the formula cell is quoted because of its commas and quotes, with the quotes doubled.
      expect(res.text).toContain(`"'=HYPERLINK(""http://evil.example"",""Doe, Jane"")"`);
      expect(res.text.startsWith(`${PAYMENT_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
    });

    it('should apply the filters, and answer only the header row when nothing matches', async () => {
      const credited = parseCsv((await get('/admin/payments/export?status=credited&provider=test')).text);
      expect(credited.slice(1).map((r) => r[0])).toEqual([ids.p2, ids.p1]);
      const none = await get('/admin/payments/export?status=failed');
      expect(none.status).toBe(200);
      expect(none.text).toBe(`${PAYMENT_CSV_COLUMNS.join(',')}\r\n`);
      expect((await get('/admin/payments/export?provider=cash')).status).toBe(422);
    });
  });

  describe('reconciliation', () => {
    const env = async () => ({ DATABASE_URL: t.db.url, DATA_DIR: await createTestDataDir() });

    it('should be ok once the payments are credited and the refund taken back (its credit and reversal cancel out)', async () => {
      const r = await reconciliation();
      expect(r).toEqual({
        ok: true,
        checked_at: expect.any(String),
        credited_votes: 82,
        ledger_paid_votes: 82,
        entries_paid_votes: 82,
        profiles_paid_votes: 82,
        deleted_entry_votes: 0,
        deleted_profile_votes: 0,
        mismatched_payments: [],
        problems: [],
        stuck: [],
      });
      // The refunded payment's rows are both still in the ledger.
      const { rows } = await t.db.pool.query(`SELECT weight FROM votes WHERE kind = 'paid' AND profile_id = $1 ORDER BY weight`, [rival.profileId]);
      expect(rows.map((x) => x.weight)).toEqual([-12, 12]);

      const run = await reconcileCli(await env());
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toContain('Payments reconcile: OK');
      expect(run.stdout).toMatch(/credited payments' votes\s+82/);
    }, 60_000);

    it('should not be ok when a counter was changed behind the ledger, naming the counter', async () => {
      await t.db.pool.query('UPDATE contestant_profiles SET paid_votes = paid_votes + 1 WHERE id = $1', [star.profileId]);
      try {
        const r = await reconciliation();
        expect(r).toMatchObject({ ok: false, credited_votes: 82, ledger_paid_votes: 82, entries_paid_votes: 82, profiles_paid_votes: 83, stuck: [] });
        expect(r.problems).toEqual([expect.stringContaining("The profiles' paid votes sum to 83")]);

        const run = await reconcileCli(await env());
        expect(run.code).toBe(1);
        expect(run.stdout).toContain('Payments reconcile: NOT OK');
        expect(run.stdout).toContain("problem: The profiles' paid votes sum to 83");
      } finally {
        await t.db.pool.query('UPDATE contestant_profiles SET paid_votes = paid_votes - 1 WHERE id = $1', [star.profileId]);
      }
      await t.db.pool.query('UPDATE contest_entries SET paid_votes = paid_votes + 5 WHERE profile_id = $1', [rival.profileId]);
      try {
        const r = await reconciliation();
        expect(r).toMatchObject({ ok: false, entries_paid_votes: 87 });
        expect(r.problems).toEqual([expect.stringContaining("The entries' paid votes sum to 87")]);
      } finally {
        await t.db.pool.query('UPDATE contest_entries SET paid_votes = paid_votes - 5 WHERE profile_id = $1', [rival.profileId]);
      }
      expect((await reconciliation()).ok).toBe(true);
    }, 60_000);

    it('should name the payments whose ledger rows are wrong even when the errors cancel out in the sums', async () => {
      await t.db.pool.query('UPDATE votes SET weight = weight - 2 WHERE id = $1', [ids.p1]);
      await t.db.pool.query('UPDATE votes SET weight = weight + 2 WHERE id = $1', [ids.p2]);
      try {
        const r = await reconciliation();
        expect(r).toMatchObject({ ok: false, credited_votes: 82, ledger_paid_votes: 82, entries_paid_votes: 82, profiles_paid_votes: 82 });
        expect(r.mismatched_payments).toEqual([ids.p1, ids.p2]);
        expect(r.problems).toEqual([`2 credited payments have no matching ledger row: ${ids.p1}, ${ids.p2}.`]);
      } finally {
        await t.db.pool.query('UPDATE votes SET weight = weight + 2 WHERE id = $1', [ids.p1]);
        await t.db.pool.query('UPDATE votes SET weight = weight - 2 WHERE id = $1', [ids.p2]);
      }
      expect((await reconciliation()).ok).toBe(true);
    });

    it('should list a payment paid at the provider but not credited after 5 minutes, and not a fresh one', async () => {
      // p3 was only created; now it is paid (at the provider) 2 minutes ago, with no credit: not yet stuck.
      await t.db.pool.query(`UPDATE payments SET status = 'paid' WHERE id = $1`, [ids.p3]);
      try {
        expect(await reconciliation()).toMatchObject({ ok: true, stuck: [] });

        await t.db.pool.query(`UPDATE payments SET created_at = now() - interval '6 minutes' WHERE id = $1`, [ids.p3]);
        const r = await reconciliation();
        expect(r).toMatchObject({ ok: false, credited_votes: 82, ledger_paid_votes: 82, profiles_paid_votes: 82 });
        expect(r.stuck).toEqual([
          {
            id: ids.p3,
            created_at: expect.any(String),
            provider: 'stripe',
            provider_ref: 'cs_test_1',
            amount_minor: 1000,
            currency: 'USD',
            votes: 12,
            username: rival.username,
          },
        ]);
        expect(r.problems).toEqual(['1 payment is paid at the provider but not credited after 5 minutes.']);

        const run = await reconcileCli(await env());
        expect(run.code).toBe(1);
        expect(run.stdout).toContain('Payments reconcile: NOT OK');
        expect(run.stdout).toContain(`stuck: ${ids.p3}`);

        const json = await reconcileCli(await env(), ['--json']);
        expect(json.code).toBe(1);
        expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, stuck: [{ id: ids.p3 }] });
      } finally {
        await t.db.pool.query(`UPDATE payments SET status = 'created' WHERE id = $1`, [ids.p3]);
      }
      expect((await reconciliation()).ok).toBe(true);
    }, 90_000);

    it('should refuse an unknown option with exit code 2', async () => {
      const run = await reconcileCli(await env(), ['--fix']);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("unknown option '--fix'");
    }, 30_000);

    it('should stay ok when a contest with paid entries is deleted (its ledger rows go with the entries; the profiles keep their paid votes)', async () => {
      expect((await call(t, 'DELETE', `/admin/contests/${contest}`, admin.token)).status).toBe(200);
      const r = await reconciliation();
      expect(r).toMatchObject({
        ok: true,
        credited_votes: 82,
        ledger_paid_votes: 0,
        entries_paid_votes: 0,
        profiles_paid_votes: 82,
        deleted_entry_votes: 82,
        deleted_profile_votes: 0,
        mismatched_payments: [],
        problems: [],
      });
      // The payments outlive the contest in the list.
      expect((await list()).body.totals).toEqual({ count: 4, credited_amounts: [{ currency: 'USD', amount_minor: 6000 }], credited_votes: 82 });
    });
  });
});
