// The closed loop shared by the saturating phases: lanes that each send their next request when
// the last is answered, a warm-up whose figures are dropped, then the measured run.
import { timed } from './http.mjs';
import { S } from './settings.mjs';

/** Count, p50, p99 and max of the first `n` latencies (ms). */
export function stats(latencies, n) {
  const a = Float64Array.from(latencies.subarray ? latencies.subarray(0, n) : latencies).sort();
  const q = (p) => (a.length ? a[Math.min(a.length - 1, Math.floor(p * a.length))] : NaN);
  return { count: a.length, p50: q(0.5), p99: q(0.99), max: a.length ? a[a.length - 1] : NaN };
}

/**
 * `concurrency` lanes, each sending one request at a time until the time or the count is up: a
 * warm-up whose figures are dropped, then the measured phase. `next(lane)` gives the pool and
 * the request.
 */
export async function runLoad({ next, onAnswer = () => undefined, seconds = S.seconds }) {
  const measure = async (ms, max) => {
    const lat = new Float64Array(Math.max(1, max));
    const statuses = {};
    let issued = 0;
    let done = 0;
    const until = Date.now() + ms;
    const t0 = performance.now();
    const lane = async (id) => {
      while (issued < max && Date.now() < until) {
        issued++;
        const r = next(id);
        const a = await timed(r.pool, r.req);
        onAnswer(a, r);
        statuses[a.status] = (statuses[a.status] ?? 0) + 1;
        lat[done++] = a.ms;
      }
    };
    await Promise.all(Array.from({ length: S.concurrency }, (_, i) => lane(i)));
    const elapsed = (performance.now() - t0) / 1000;
    return { elapsed, statuses, rate: done / elapsed, ...stats(lat, done) };
  };
  if (S.warmupSeconds > 0) await measure(S.warmupSeconds * 1000, S.maxRequests);
  return measure(seconds * 1000, S.maxRequests);
}
