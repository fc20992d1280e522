// Which addresses are this site's own for a checkout's return (decision 021): without PUBLIC_URL, as
// `npm start` runs, every loopback name of the site's port (the start banner prints 127.0.0.1, people
// type localhost); with PUBLIC_URL set, its origin and CORS_ORIGINS alone. The banner, the e-mails and
// the TEST MODE checkout all use the address the site calls itself.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PAYMENT_MESSAGES } from '#contract/payments/messages.js';
import { waitForMails } from '../helpers/accounts.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { eventually } from '../helpers/source-address.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

describe('return addresses of a site started without PUBLIC_URL', () => {
  let t: TestServer;
  let star: TestAccount;
  let port: string;

  const buyReturningTo = async (origin: string, email = 'fan@example.com') => {
    const res = await call(t, 'POST', `/contestants/${star.username}/buy-votes`, undefined, {
      contestant_id: star.profileId,
      num_votes: 10,
      payer_email: email,
      payment_method: 'stripe',
      frontend_success_url: `${origin}/profile/${star.username}?payment=success`,
      frontend_cancel_url: `${origin}/profile/${star.username}?payment=cancel`,
      amount_expected: 10,
    });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  };

  beforeAll(async () => {
    // An empty variable is an unset one: the server runs as `npm start` does, without PUBLIC_URL.
    t = await startTestServer({ PUBLIC_URL: '' });
    port = new URL(t.baseUrl).port;
    const contest = await insertContest(t, { name: 'Loopback Cup', isCurrent: true, groupSizeCap: 50 });
    [star] = await createAccounts(t, 'loop_star', 1);
    expect((await join(t, star, contest)).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('should print the address it calls itself, where it listens: http://127.0.0.1:<port>', () => {
    expect(t.output()).toContain(`ScreamStage is running at http://127.0.0.1:${port}\n`);
  });

  it("should let a page on any of those names open the site's socket (connect-src), naming no IPv6 literal a browser refuses", async () => {
    const res = await fetch(`${t.api}/health`);
    const connectSrc = /connect-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]?.split(' ');
    expect(connectSrc?.sort()).toEqual(["'self'", `ws://127.0.0.1:${port}`, `ws://localhost:${port}`].sort());
  });

  it.each(['127.0.0.1', 'localhost', '[::1]'])(
    'should take return addresses on %s at its own port, and keep the TEST MODE checkout on that origin',
    async (host) => {
      const origin = `http://${host}:${port}`;
      const res = await buyReturningTo(origin);
      expect(res.status).toBe(200);
      const checkout = new URL(res.body.payment_url);
      expect(checkout.origin).toBe(origin);
      expect(checkout.pathname).toMatch(/^\/test-checkout\/[0-9a-f-]{36}$/);
      expect(checkout.searchParams.get('success')).toBe(`${origin}/profile/${star.username}?payment=success`);
    },
  );

  it('should refuse return addresses on another port of a loopback name, or on another host', async () => {
    for (const origin of [`http://127.0.0.1:${Number(port) + 1}`, `http://localhost:${Number(port) + 1}`, 'https://127.0.0.1', 'https://evil.example.com']) {
      const res = await buyReturningTo(origin);
      expect({ origin, status: res.status, detail: res.body.detail }).toEqual({ origin, status: 400, detail: PAYMENT_MESSAGES.foreignReturnUrl });
    }
  });

  it('should pay at the printed address all the way to the votes, and link the receipt to the profile there', async () => {
    const origin = `http://127.0.0.1:${port}`;
    const started = await buyReturningTo(origin, 'printed@example.com');
    expect(started.status).toBe(200);
    const paymentId = new URL(started.body.payment_url).pathname.split('/').pop()!;
    const paid = await call(t, 'POST', `/payments/test/${paymentId}/pay`);
    expect(paid.status).toBe(200);
    const { redirect_url } = (await paid.json()) as { redirect_url: string };
    expect(redirect_url).toBe(`${origin}/profile/${star.username}?payment=success&session_id=test_${paymentId}`);
    const captured = await call(t, 'POST', '/payments/stripe/capture', undefined, { session_id: `test_${paymentId}` });
    expect(captured.status).toBe(200);
    await eventually(
      'the votes to be credited',
      async () => (await t.db.pool.query('SELECT status FROM payments WHERE id = $1', [paymentId])).rows[0].status as string,
      (s) => s === 'credited',
      20_000,
    );
    const [mail] = await waitForMails(t.dataDir, 'printed@example.com');
    expect(mail).toContain(`${origin}/profile/${star.username}`);
  });
});

describe('return addresses of a site with PUBLIC_URL set', () => {
  let t: TestServer;
  let star: TestAccount;

  beforeAll(async () => {
    t = await startTestServer({ PUBLIC_URL: 'https://scream.example.test', CORS_ORIGINS: 'http://localhost:5173' });
    const contest = await insertContest(t, { name: 'Public Cup', isCurrent: true, groupSizeCap: 50 });
    [star] = await createAccounts(t, 'pub_star', 1);
    expect((await join(t, star, contest)).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  });

  const buyReturningTo = async (origin: string) => {
    const res = await call(t, 'POST', `/contestants/${star.username}/buy-votes`, undefined, {
      contestant_id: star.profileId,
      num_votes: 10,
      payer_email: 'fan@example.com',
      payment_method: 'paypal',
      frontend_success_url: `${origin}/profile/${star.username}?payment=success`,
      frontend_cancel_url: `${origin}/profile/${star.username}?payment=cancel`,
      amount_expected: 10,
    });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  };

  it('should print PUBLIC_URL as its address', () => {
    expect(t.output()).toContain('ScreamStage is running at https://scream.example.test\n');
  });

  it("should take PUBLIC_URL's origin and a CORS origin, each with the TEST MODE checkout on it", async () => {
    for (const origin of ['https://scream.example.test', 'http://localhost:5173']) {
      const res = await buyReturningTo(origin);
      expect(res.status).toBe(200);
      expect(new URL(res.body.payment_url).origin).toBe(origin);
    }
  });

  it('should refuse every loopback name of its own port, since PUBLIC_URL names the site', async () => {
    const port = new URL(t.baseUrl).port;
    for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
      const res = await buyReturningTo(`http://${host}:${port}`);
      expect({ host, status: res.status, detail: res.body.detail }).toEqual({ host, status: 400, detail: PAYMENT_MESSAGES.foreignReturnUrl });
    }
  });
});
