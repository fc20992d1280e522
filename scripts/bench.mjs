#!/usr/bin/env node
// `npm run bench`: the app in scaled mode on this machine (its own PostgreSQL database and Redis
// key prefix on 127.0.0.1), loaded from this machine, with figures printed and nothing asserted
// on time. Afterwards it checks that the database counted exactly the votes
// that were accepted, prints PASS or FAIL for that (exit code 1 on FAIL), and cleans up. The opt-in
// one-process phase runs the app as `npm start` does instead, and checks it the same way.
//
// Settings (environment variables, defaults in brackets):
//   BENCH_APIS [2], BENCH_WORKERS [1]       process layout
//   BENCH_WORKER_NICE [10]                  the workers' niceness: on a shared host they yield the CPU to the
//                                           api processes, as docker-compose.yml's cpu_shares do (0: equal)
//   BENCH_SECONDS [10], BENCH_WARMUP_SECONDS [3], BENCH_CONCURRENCY [100], BENCH_MAX_REQUESTS [200000]
//                                           each load phase: warm-up, then measured; bounded by time and count
//   BENCH_VOTES_PER_VOTER [10]              votes per fan (one keep-alive connection from one address)
//   BENCH_VOTE_RATES [3000,5000], BENCH_RATE_CONNECTIONS [256]
//                                           the fixed-rate vote phases: votes per second offered, most connections
//   BENCH_SOCKETS [1000]                    the socket phase: sockets watching one group, one size or a list
//                                           (e.g. 5000,20000), each connected, measured and closed in turn
//   BENCH_SOCKET_RATES [BENCH_SOCKET_RATE]  votes per second for each size, a list (e.g. 20,2000)
//   BENCH_SOCKET_RATE [20]                  the one rate when BENCH_SOCKET_RATES is not set
//   BENCH_SOCKET_SECONDS [10]               each rate's measured votes: rate x seconds (after a warm-up of
//   BENCH_SOCKET_MAX_VOTES [40000]          BENCH_WARMUP_SECONDS at that rate), at most this many
//   BENCH_SOCKET_VOTES                      when set, exactly this many votes per rate instead
//   BENCH_SOCKET_PROBES [50]                sockets in this process that time each vote; the rest are
//   BENCH_CROWD_PER_PROCESS [5000]          in crowd processes of at most this many sockets each
//   BENCH_PHASES [site,shell,health,leaderboard,votes-rate,votes,sockets,payments]  add 'intake' for the API path alone (workers paused),
//                                           'challenge' for free votes that each carry a solved proof-of-work challenge,
//                                           'surge' for a long fixed-rate surge and how far the counting lags behind it
//   BENCH_SURGE_RATE [5000], BENCH_SURGE_SECONDS [60], BENCH_SURGE_MAX_VOTES [600000]
//                                           the surge phase: free votes at a fixed rate (no warm-up) while the
//                                           counting's backlog and lag are sampled every second, then its drain
//   BENCH_PHASES=one-process                the app as one process the way `npm start` runs it (embedded PostgreSQL in
//                                           a fresh data folder), the closed-loop free votes and the check; alone,
//                                           the scaled cluster is not started; with other phases it runs after them
//     one-process-sockets                   the socket phase (BENCH_SOCKETS x BENCH_SOCKET_RATES) against that app
//     one-process-storm                     the reconnect storm against that app: BENCH_STORM_SOCKETS [5000] reconnecting
//                                           watchers, the app stopped (as Ctrl-C does) and started again, then
//                                           BENCH_STORM_RATE [20] votes/s for BENCH_STORM_SECONDS [30] (at most
//                                           BENCH_STORM_WAIT_SECONDS [60] of waiting for the watchers after that);
//                                           BENCH_STORM_BACKOFF: other reconnect settings for the watchers, as JSON
//                                           (today's socket.io-client defaults: '{"reconnectionDelay":1000,"reconnectionDelayMax":5000}')
//   WEB_CONCURRENCY                         passed on to the one-process app when set (its api processes)
//   BENCH_PHASES=faults                     opt-in: the fault runs on a scaled cluster of its own (BENCH_APIS api, BENCH_WORKERS
//                                           worker processes), its PostgreSQL reached through a loopback proxy the bench cuts
//                                           and its Redis a redis-server of its own (the compose settings: appendonly yes,
//                                           appendfsync always); free votes at a fixed rate from fans of 198.51.100.0/24,
//                                           203.0.113.0/24 and 2001:db8::/32 in X-Forwarded-For (TRUST_PROXY=127.0.0.1); each
//                                           run: votes, the fault, votes; what the voters got before, during and after it,
//                                           readiness, and every vote answered 201 counted once (ledger = counters = API)
//                                           within 60 s of the fault's end with nobody acting (PASS/FAIL, exit code 1 on
//                                           FAIL); like one-process, alone the bench's main cluster is not started
//   BENCH_FAULTS [database,redis,worker]    the runs, in order: PostgreSQL unreachable, Redis kill -9 and restarted on its
//                                           data, the worker kill -9 and a new one started
//   BENCH_FAULT_RATE [300], BENCH_FAULT_SECONDS [30], BENCH_FAULT_BEFORE_SECONDS [10], BENCH_FAULT_AFTER_SECONDS [20]
//                                           each run: votes per second offered; how long PostgreSQL or Redis stay away;
//                                           votes before the fault and after its end (the worker's fault ends once the new
//                                           worker is up, so its run's votes stop BEFORE + SECONDS + AFTER s after they started)
//   BENCH_PURCHASES [200]                   the payments phase: TEST MODE purchases started at once
//   BENCH_ACCEPT_ENCODING ['']             sent as Accept-Encoding on every load request, as a browser does
//                                           (e.g. 'gzip, deflate, br, zstd'); none by default
//   BENCH_PG_URL [postgres://postgres@127.0.0.1:5432/postgres], BENCH_REDIS_URL [redis://127.0.0.1:6379]
//   BENCH_REDIS_APPENDFSYNC                 always or everysec: instead of BENCH_REDIS_URL, a redis-server of the bench's own
//                                           with the compose settings and this fsync policy (the A/B of decision 039)
//   BENCH_APP_ENV ['{}']                    more settings for the app's processes, as JSON (e.g. '{"VOTE_REVIEW_INTERVAL":"1h"}')
//   BENCH_JSON=1                            print the figures as JSON too
//   BENCH_HOLD=1                            start and seed, then wait for Ctrl-C (for profiling by hand)
//   BENCH_NODE_ARGS                         node arguments for the app, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'
//
// A short run, to see that it all works (the figures mean little):
//   BENCH_SECONDS=2 BENCH_WARMUP_SECONDS=1 BENCH_VOTE_RATES=500 BENCH_SOCKETS=100 BENCH_SOCKET_VOTES=40 npm run bench
//
// The phases are modules under scripts/bench/; the processes come from the harness the scaled-mode
// tests use (test/scaled/support/cluster.mjs); the load goes through undici Pools, one per source address.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { challengePhase } from './bench/challenge.mjs';
import { finalCheck } from './bench/check.mjs';
import { idleShare } from './bench/cpu.mjs';
import { faultsPhase } from './bench/faults.mjs';
import { oneProcessPhase } from './bench/one-process.mjs';
import { paymentPhase } from './bench/payments.mjs';
import { readPhases } from './bench/reads.mjs';
import { printHeader, printResults } from './bench/report.mjs';
import { setUp } from './bench/setup.mjs';
import { socketPhase } from './bench/sockets.mjs';
import { surgePhase } from './bench/surge.mjs';
import { voteRatePhases } from './bench/votes-rate.mjs';
import { intakePhase, votePhase } from './bench/votes.mjs';
import { log, PHASES, want } from './bench/settings.mjs';

/** Phases that start the app their own way, not on the bench's scaled cluster. */
const OWN_CLUSTER = ['one-process', 'faults'];

process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));

async function main() {
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
  // What to stop and remove at the end or on Ctrl-C: the scaled cluster, the one-process app (each may run more than once).
  const cleanups = [];
  const cleanUpAll = () => Promise.allSettled(cleanups.map((c) => c()));
  for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => void cleanUpAll().finally(() => process.exit(130)));

  const r = {};
  let check = null;
  let pass = true;
  try {
    // Every phase but the one-process ones and faults runs on the scaled cluster; with only those wanted it is not started.
    if (PHASES.some((p) => p && !OWN_CLUSTER.includes(p) && !p.startsWith('one-process'))) {
      const { ready, cleanup } = setUp();
      cleanups.push(cleanup);
      try {
        const ctx = await ready;
        printHeader(await idleShare());

        if (process.env.BENCH_HOLD) {
          // For profiling by hand: the app stays up until Ctrl-C, then everything is cleaned up.
          log(`holding: api ${ctx.apis.join(' ')}; group ${ctx.watched}; contestants ${ctx.contest.contestants[0].username} …; Ctrl-C to stop`);
          await new Promise(() => undefined);
        }

        await readPhases(ctx, r);
        // At fixed rates first, on a database and queues that a saturating phase has not just churned.
        await voteRatePhases(ctx, r);
        await surgePhase(ctx, r);
        await votePhase(ctx, r);
        await intakePhase(ctx, r);
        await challengePhase(ctx, r);
        await socketPhase(ctx, r);
        if (want('payments')) await paymentPhase(ctx, r);

        check = { accepted: ctx.tally.accepted, ...(await finalCheck(ctx.db, ctx.contest.contestId, ctx.tally.accepted)) };
        pass = check.pass && (r.payments?.pass ?? true);
        if (!pass) for (const p of ctx.cluster.started) log(`--- ${p.name} ---\n${p.output().slice(-4000)}`);
      } finally {
        await cleanup();
      }
    } else printHeader(await idleShare(), PHASES.includes('faults') ? 'faults' : 'one-process');

    // After the cluster is gone, so that the fault runs and then the one process have the machine to themselves.
    // A phase of its own that fails is its result (FAILED and the first line of why), not the end of the bench.
    for (const [key, run] of [
      ['faults', faultsPhase],
      ['oneProcess', oneProcessPhase],
    ]) {
      try {
        await run(r, cleanups);
      } catch (err) {
        console.error(err instanceof Error ? err.stack : err);
        r[key] = { error: String(err?.message ?? err).split('\n')[0], pass: false };
      }
      if (r[key]) pass &&= r[key].pass;
    }
    for (const key of ['oneProcessSockets', 'oneProcessStorm']) if (r[key]) pass &&= r[key].pass;
    printResults(r, check);
  } finally {
    await cleanUpAll();
  }
  process.exitCode = pass ? 0 : 1;
}

await main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exitCode = 1;
});
// Keep-alive connections and closed sockets may hold the loop open a while; everything is cleaned up by now.
process.exit();
