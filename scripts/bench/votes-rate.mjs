// (a) Free votes at fixed rates (open loop, as fans arrive whether or not the server keeps up),
// latency measured from when each vote was due: no coordinated omission.
import { drain } from './check.mjs';
import { phase } from './cpu.mjs';
import { fanLane } from './fans.mjs';
import { timed } from './http.mjs';
import { stats } from './load.mjs';
import { log, S, want } from './settings.mjs';

/**
 * Vote i is due at start + i / rate, and its latency runs from when it was due, so time spent
 * waiting for a free connection counts too. Lanes of fans are opened as needed, up to
 * BENCH_RATE_CONNECTIONS; a warm-up at the same rate comes first. `seconds`, `warmupSeconds` and
 * `maxVotes` default to BENCH_SECONDS, BENCH_WARMUP_SECONDS and BENCH_MAX_REQUESTS; `onAnswer(a)`
 * sees every measured answer (after the tally).
 */
export async function voteRateLoad(
  apis,
  contestants,
  tally,
  rate,
  { seconds = S.seconds, warmupSeconds = S.warmupSeconds, maxVotes = S.maxRequests, onAnswer = () => undefined } = {},
) {
  const idle = [];
  let lanes = 0;
  const all = [];
  const lane = () => {
    if (idle.length) return idle.pop();
    if (lanes >= S.rateConnections) return null;
    lanes++;
    const l = fanLane(apis, contestants);
    all.push(l);
    return l;
  };
  const measure = (seconds, answered = () => undefined) =>
    new Promise((resolve) => {
      const total = Math.min(maxVotes, Math.round(rate * seconds));
      const lat = new Float64Array(Math.max(1, total));
      const statuses = {};
      const backlog = [];
      let issued = 0;
      let done = 0;
      let mostWaiting = 0;
      const t0 = performance.now();
      const giveUp = Date.now() + (seconds + 30) * 1000;
      const run = (l, dueAt) => {
        const r = l.next();
        timed(r.pool, r.req, dueAt).then((a) => {
          if (a.status === 201) tally.accepted++;
          answered(a);
          statuses[a.status] = (statuses[a.status] ?? 0) + 1;
          lat[done++] = a.ms;
          const waiting = backlog.shift();
          if (waiting !== undefined) run(l, waiting);
          else idle.push(l);
        });
      };
      const tick = () => {
        const due = Math.min(total, Math.floor(((performance.now() - t0) * rate) / 1000) + 1);
        while (issued < due) {
          const dueAt = t0 + (issued * 1000) / rate;
          issued++;
          const l = lane();
          if (l) run(l, dueAt);
          else backlog.push(dueAt);
        }
        mostWaiting = Math.max(mostWaiting, backlog.length);
        if (done >= total || Date.now() > giveUp) {
          const elapsed = (performance.now() - t0) / 1000;
          resolve({ elapsed, statuses, rate: done / elapsed, offered: rate, connections: lanes, mostWaiting, unanswered: issued - done, ...stats(lat, done) });
        } else setTimeout(tick, 1);
      };
      tick();
    });
  try {
    if (warmupSeconds > 0) await measure(warmupSeconds);
    return await measure(seconds, onAnswer);
  } finally {
    all.forEach((l) => l.close());
  }
}

/** One phase per rate of BENCH_VOTE_RATES, each followed by the worker(s) counting what it left behind. */
export async function voteRatePhases({ apis, contest, db, tally, processes }, r) {
  if (!want('votes-rate')) return;
  r.votesRate = [];
  for (const rate of S.voteRates) {
    log(`(a) free votes at a fixed ${rate} votes/s offered, latency from when each vote was due ...`);
    const result = await phase(() => voteRateLoad(apis, contest.contestants, tally, rate), processes);
    log(`    waiting for the worker(s) to count ${tally.accepted} accepted votes ...`);
    result.drain = await drain(db, contest.contestId, tally.accepted);
    r.votesRate.push(result);
  }
}
