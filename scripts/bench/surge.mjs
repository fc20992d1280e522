// (a) A surge: free votes at a fixed BENCH_SURGE_RATE a second (open loop, votes-rate.mjs) for
// BENCH_SURGE_SECONDS, while a sampler reads the database every second: the votes accepted so far
// (this bench's tally of 201 answers), the votes counted so far (the contest's free-vote ledger), the
// backlog between them, and the live lag: how long ago the accepted count was what is counted now.
// After the load it keeps sampling until everything is counted. Opt-in: BENCH_PHASES=...,surge.
import { counts, drain } from './check.mjs';
import { phase } from './cpu.mjs';
import { log, S, sleep, want } from './settings.mjs';
import { voteRateLoad } from './votes-rate.mjs';

/** After the load, the counting is sampled this often until it has caught up ... */
const DRAIN_POLL_MS = 250;
/** ... or has not moved for this long. */
const DRAIN_STALL_MS = 60_000;

export async function surgePhase({ apis, contest, db, tally, processes }, r) {
  if (!want('surge')) return;
  const { contestId } = contest;
  // From a counted state: what earlier phases left behind is not part of the surge's backlog.
  await drain(db, contestId, tally.accepted);
  const ledgerBefore = (await counts(db, contestId)).ledger;
  const maxVotes = Math.min(S.surgeMaxVotes, Math.round(S.surgeRate * S.surgeSeconds));
  log(`(a) surge: ${S.surgeRate} free votes/s offered for ${S.surgeSeconds} s (${maxVotes} votes), the counting sampled every second ...`);

  // The accepted count's timeline: when the surge's k-th vote (from 0) was answered 201.
  const acceptedAt = new Float64Array(maxVotes + 1);
  let accepted = 0;
  const onAnswer = (a) => {
    if (a.status === 201) acceptedAt[accepted++] = performance.now();
  };
  const samples = [];
  let loadEnd = null;
  const t0 = performance.now();
  const sample = async () => {
    const at = performance.now();
    const acceptedNow = accepted;
    const counted = (await counts(db, contestId)).ledger - ledgerBefore;
    // The accepted count last equalled `counted` just before the (counted + 1)-th acceptance.
    const lag = counted >= acceptedNow ? 0 : (at - acceptedAt[counted]) / 1000;
    const s = { t: (at - t0) / 1000, accepted: acceptedNow, counted, backlog: acceptedNow - counted, lag, loading: loadEnd === null };
    samples.push(s);
    return s;
  };

  // Once a second while the load runs (each sample after the last one's query answered).
  let loading = true;
  let stopSampler;
  const stopped = new Promise((resolve) => (stopSampler = resolve));
  const sampler = (async () => {
    for (let k = 1; loading; k++) {
      const wait = t0 + k * 1000 - performance.now();
      if (wait > 0) await Promise.race([sleep(wait), stopped]);
      if (loading) await sample();
    }
  })();
  const load = await phase(
    () => voteRateLoad(apis, contest.contestants, tally, S.surgeRate, { seconds: S.surgeSeconds, warmupSeconds: 0, maxVotes, onAnswer }),
    processes,
  );
  loading = false;
  loadEnd = performance.now();
  stopSampler();
  await sampler;
  const end = await sample();

  log(`    the load stopped; waiting for the worker(s) to count the surge's ${accepted} accepted votes ...`);
  let last = end;
  let moved = Date.now();
  while (last.counted < accepted && Date.now() - moved < DRAIN_STALL_MS) {
    await sleep(DRAIN_POLL_MS);
    const s = await sample();
    if (s.counted > last.counted) moved = Date.now();
    last = s;
  }
  const drained = last.counted >= accepted;
  r.surge = {
    ...load,
    seconds: S.surgeSeconds,
    accepted,
    end,
    maxLag: Math.max(...samples.map((s) => s.lag)),
    maxBacklog: Math.max(...samples.map((s) => s.backlog)),
    drainSeconds: drained ? (t0 + last.t * 1000 - loadEnd) / 1000 : null,
    leftOver: accepted - last.counted,
    samples,
  };
}
