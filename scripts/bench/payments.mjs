// The payments phase: BENCH_PURCHASES [200] TEST MODE purchases started at once, each
// going the buyer's whole way: buy-votes → the TEST MODE page's Pay → back on the profile, the
// Stripe capture (PayPal's for every other one). Then every payment must be credited exactly once:
// status 'credited', one paid ledger row of its votes, and the paid counters equal to their sum.
import { stats } from './load.mjs';
import { log, sleep } from './settings.mjs';

const SITE = 'http://localhost:5173'; // the cluster's PUBLIC_URL: return URLs must be on it

async function post(origin, path, body) {
  const t0 = performance.now();
  const res = await fetch(`${origin}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json().catch(() => ({}));
  return { status: res.status, json, ms: performance.now() - t0 };
}

/** One buyer: the package of 10 (12 votes) or 50 (70 votes), alternately by Stripe and PayPal. */
async function purchase(ctx, i, timings) {
  const contestant = ctx.contest.contestants[i % ctx.contest.contestants.length];
  const api = ctx.apis[i % ctx.apis.length];
  const pkg = i % 4 === 3 ? { votes: 50, price: 50 } : { votes: 10, price: 10 };
  const method = i % 2 ? 'paypal' : 'stripe';
  const profile = `${SITE}/profile/${contestant.username}`;
  const t0 = performance.now();
  const started = await post(api, `/contestants/${contestant.username}/buy-votes`, {
    contestant_id: contestant.profileId,
    num_votes: pkg.votes,
    payer_email: `buyer${i}@example.com`,
    payment_method: method,
    frontend_success_url: `${profile}?payment=success`,
    frontend_cancel_url: `${profile}?payment=cancel`,
    amount_expected: pkg.price,
  });
  timings.start.push(started.ms);
  if (started.status !== 200) return { ok: false, step: `buy-votes ${started.status}` };
  const paymentId = new URL(started.json.payment_url).pathname.split('/').pop();
  const paid = await post(api, `/payments/test/${paymentId}/pay`, {});
  timings.pay.push(paid.ms);
  if (paid.status !== 200) return { ok: false, step: `pay ${paid.status}` };
  const back = new URL(paid.json.redirect_url);
  const captured =
    method === 'paypal'
      ? await post(api, '/webhooks/paypal/capture', { order_id: back.searchParams.get('token') })
      : await post(api, '/payments/stripe/capture', { session_id: back.searchParams.get('session_id') });
  timings.capture.push(captured.ms);
  timings.total.push(performance.now() - t0);
  return captured.status === 200 ? { ok: true, paymentId } : { ok: false, step: `capture ${captured.status}` };
}

/** The payments' check: every one credited once, ledger and counters agreeing. */
export async function paymentsCheck(pool, contestId) {
  const {
    rows: [r],
  } = await pool.query(
    `SELECT (SELECT count(*)::int FROM payments WHERE contest_id = $1) AS payments,
            (SELECT count(*)::int FROM payments WHERE contest_id = $1 AND status = 'credited') AS credited,
            (SELECT coalesce(sum(votes), 0)::int FROM payments WHERE contest_id = $1 AND status = 'credited') AS bought,
            (SELECT count(*)::int FROM votes WHERE contest_id = $1 AND kind = 'paid') AS ledger_rows,
            (SELECT coalesce(sum(weight), 0)::int FROM votes WHERE contest_id = $1 AND kind = 'paid') AS ledger_votes,
            (SELECT count(*)::int FROM votes v JOIN payments p ON p.id = v.id WHERE p.contest_id = $1) AS rows_of_payments,
            (SELECT coalesce(sum(paid_votes), 0)::int FROM contest_entries WHERE contest_id = $1) AS entries,
            (SELECT coalesce(sum(p.paid_votes), 0)::int FROM contestant_profiles p JOIN contest_entries e ON e.profile_id = p.id AND e.contest_id = $1) AS profiles`,
    [contestId],
  );
  return r;
}

export async function paymentPhase(ctx, r) {
  const n = Math.max(0, Number(process.env.BENCH_PURCHASES ?? 200));
  if (!n) return;
  log(`payments: ${n} TEST MODE purchases at once`);
  const timings = { start: [], pay: [], capture: [], total: [] };
  const t0 = performance.now();
  const results = await Promise.all(Array.from({ length: n }, (_, i) => purchase(ctx, i, timings).catch((e) => ({ ok: false, step: e.message }))));
  const answered = (performance.now() - t0) / 1000;
  // The credits run on the worker: wait (at most a minute) until all are credited.
  const until = Date.now() + 60_000;
  let check = await paymentsCheck(ctx.db, ctx.contest.contestId);
  while (check.credited < results.filter((x) => x.ok).length && Date.now() < until) {
    await sleep(100);
    check = await paymentsCheck(ctx.db, ctx.contest.contestId);
  }
  const credited = (performance.now() - t0) / 1000;
  await sleep(1000); // and nothing more arrives later
  check = await paymentsCheck(ctx.db, ctx.contest.contestId);
  const ok = results.filter((x) => x.ok).length;
  const failures = {};
  for (const x of results) if (!x.ok) failures[x.step] = (failures[x.step] ?? 0) + 1;
  const pass =
    ok === n &&
    check.payments === n &&
    check.credited === n &&
    check.ledger_rows === n &&
    check.rows_of_payments === n &&
    check.ledger_votes === check.bought &&
    check.entries === check.bought &&
    check.profiles === check.bought;
  r.payments = {
    purchases: n,
    completed: ok,
    failures,
    answeredSeconds: answered,
    creditedSeconds: credited,
    start: stats(timings.start),
    pay: stats(timings.pay),
    capture: stats(timings.capture),
    total: stats(timings.total),
    check,
    pass,
  };
}
