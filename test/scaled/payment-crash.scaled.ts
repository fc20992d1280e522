// Paid votes are credited exactly once through a worker killed in the middle of crediting
// (decision 017): the credit-payment jobs travel on BullMQ like votes, and the handler's
// paid → credited move, ledger row and counters commit together or not at all.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Cluster } from './support/cluster.mjs';
import { seedContest, type SeededContest } from './support/contest-seed.js';
import { eventually } from '../helpers/source-address.js';

const SITE = 'http://localhost:5173'; // the cluster's PUBLIC_URL
const PURCHASES = 24;

describe('Scaled mode: a worker killed while it credits payments', () => {
  let cluster: Cluster;
  let contest: SeededContest;
  let votesQueue: Queue;

  beforeAll(async () => {
    cluster = await Cluster.start({ apis: 2, workers: 1, env: { PAYMENTS_TEST_MODE: 'true' } });
    contest = await seedContest(cluster.db, { contestants: 3, groups: 1 });
    votesQueue = new Queue('votes', { connection: { url: cluster.env.REDIS_URL }, prefix: `${cluster.redisPrefix}:bull` });
  });

  afterAll(async () => {
    await votesQueue?.close();
    await cluster?.teardown();
  });

  const post = async (api: number, path: string, body: unknown) => {
    const res = await fetch(`${cluster.apiUrl(api)}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  };
  const state = async () =>
    (
      await cluster.db.query(
        `SELECT (SELECT count(*)::int FROM payments WHERE status = 'credited') AS credited,
                (SELECT count(*)::int FROM votes WHERE kind = 'paid') AS ledger_rows,
                (SELECT coalesce(sum(weight), 0)::int FROM votes WHERE kind = 'paid') AS ledger_votes,
                (SELECT coalesce(sum(paid_votes), 0)::int FROM contest_entries) AS entries,
                (SELECT coalesce(sum(current_contest_votes), 0)::int FROM contest_entries) AS entry_totals,
                (SELECT coalesce(sum(paid_votes), 0)::int FROM contestant_profiles) AS profiles`,
      )
    ).rows[0] as { credited: number; ledger_rows: number; ledger_votes: number; entries: number; entry_totals: number; profiles: number };
  const waitingOnLocks = async () =>
    (await cluster.db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0]
      .n as number;

  it('should credit every paid purchase exactly once when the worker dies holding credits uncommitted', async () => {
    const [a] = contest.contestants;
    // Every credit waits on contestant A's entry row, which this test holds locked.
    const lock = await cluster.db.connect();
    let paymentIds: string[];
    try {
      await lock.query('BEGIN');
      await lock.query('SELECT 1 FROM contest_entries WHERE id = $1 FOR UPDATE', [a.entryId]);

      const started = await Promise.all(
        Array.from({ length: PURCHASES }, (_, i) =>
          post(i % 2, `/contestants/${a.username}/buy-votes`, {
            contestant_id: a.profileId,
            num_votes: 10,
            payer_email: `buyer${i}@example.com`,
            payment_method: i % 2 ? 'paypal' : 'stripe',
            frontend_success_url: `${SITE}/profile/${a.username}?payment=success`,
            frontend_cancel_url: `${SITE}/profile/${a.username}?payment=cancel`,
            amount_expected: 10,
          }),
        ),
      );
      expect(started.map((s) => s.status)).toEqual(Array(PURCHASES).fill(200));
      paymentIds = started.map((s) => new URL(s.body.payment_url).pathname.split('/').pop()!);
      // Each buyer pays, and comes back (capture) on the other api process: two routes to one credit job.
      const paid = await Promise.all(paymentIds.map((id, i) => post(i % 2, `/payments/test/${id}/pay`, {})));
      expect(paid.map((p) => p.status)).toEqual(Array(PURCHASES).fill(200));
      const captured = await Promise.all(
        paid.map((p, i) => {
          const back = new URL(p.body.redirect_url);
          return i % 2
            ? post(0, '/webhooks/paypal/capture', { order_id: back.searchParams.get('token') })
            : post(1, '/payments/stripe/capture', { session_id: back.searchParams.get('session_id') });
        }),
      );
      expect(captured.map((c) => c.status)).toEqual(Array(PURCHASES).fill(200));

      await eventually('the worker to wait on the locked row', waitingOnLocks, (n) => n > 0, 30_000);
      expect((await votesQueue.getJobCounts('active')).active).toBeGreaterThan(0);
      await cluster.kill(cluster.workers[0], 'SIGKILL');
      expect(await state()).toMatchObject({ credited: 0, ledger_rows: 0, entries: 0 });
    } finally {
      await lock.query('ROLLBACK');
      lock.release();
    }

    // A fresh worker takes the jobs the dead one held (once their locks expire) and the rest.
    await cluster.startWorker();
    await eventually('every payment to be credited', state, (s) => s.credited === PURCHASES, 150_000);
    await new Promise((r) => setTimeout(r, 1000));
    const votes = PURCHASES * 12;
    expect(await state()).toEqual({ credited: PURCHASES, ledger_rows: PURCHASES, ledger_votes: votes, entries: votes, entry_totals: votes, profiles: votes });
    const ledgerIds = (await cluster.db.query(`SELECT id::text FROM votes WHERE kind = 'paid'`)).rows.map((r: { id: string }) => r.id);
    expect(new Set(ledgerIds)).toEqual(new Set(paymentIds));
    expect((await votesQueue.getJobCounts('failed')).failed).toBe(0);
  }, 300_000);
});
