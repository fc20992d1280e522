// (g) Faults (opt-in: BENCH_PHASES=...,faults): the scaled layout on a cluster of its own, its
// PostgreSQL reached through a loopback TCP proxy the bench cuts (the machine's PostgreSQL is shared
// and never stopped) and its Redis a redis-server of the bench's own with the compose settings
// (test/scaled/support/own-redis.mjs), free votes at BENCH_FAULT_RATE a second, and three runs in turn:
// PostgreSQL unreachable, Redis killed with kill -9 and started again on the same data, the worker
// killed with kill -9 and a new one started. Each run reports what the voters got before, during and
// after the fault, when readiness turned 503 and 200 again, and whether every vote answered 201 was
// counted once (ledger = counters = API) within 60 s of the fault's end with nobody acting (decision 037),
// every vote stored beyond those was one its voter was not answered 201 for, and no voter has two.
import { createHmac, randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import pg from 'pg';
import { Pool } from 'undici';
import { TcpProxy } from '#test/helpers/tcp-proxy.mjs';
import { Cluster } from '#test/scaled/support/cluster.mjs';
import { OwnRedis } from '#test/scaled/support/own-redis.mjs';
import { apiTotal, counts } from './check.mjs';
import { phase } from './cpu.mjs';
import { timed } from './http.mjs';
import { stats } from './load.mjs';
import { seed } from './seed.mjs';
import { clusterOptions } from './setup.mjs';
import { log, S, sleep, want } from './settings.mjs';

/** Every vote answered 201 must be counted once, and the ledger, counters and API agree, within this long after the fault ends. */
const SETTLE_MS = 60_000;
/** A vote unanswered this long is given up (status 0): no request of the generator waits without bound. */
const ANSWER_TIMEOUT_MS = 30_000;
/** Readiness is asked this often, each answer awaited at most READY_TIMEOUT_MS (a hang shows as no answer). */
const READY_POLL_MS = 100;
const READY_TIMEOUT_MS = 2_000;
/** The ledger is looked at this often after the fault. */
const POLL_MS = 250;
/** A run's votes stop at most this much later than BENCH_FAULT_BEFORE + _SECONDS + _AFTER_SECONDS (a slow new worker). */
const FAULT_RUN_SLACK_S = 60;
/** Votes per fan: one address voting for this many contestants in a row. */
const VOTES_PER_FAN = 10;

const hex = (n) => n.toString(16);

/**
 * Fan n's address and the first of the VOTES_PER_FAN contestants (in a row) it votes for. One fan in
 * four comes from 198.51.100.0/24, one from 203.0.113.0/24: 254 addresses each, which later fans reuse
 * for other contestants, as people behind one NAT do (each address votes for every contestant once at
 * most); two in four from 2001:db8::/32, each its own /64 (the voter's network), spread over the /48s.
 */
export function fanOf(n, contestants) {
  const rounds = Math.floor(contestants / VOTES_PER_FAN);
  const m = Math.floor(n / 4);
  if (n % 4 < 2 && Math.floor(m / 254) < rounds)
    return { address: `${n % 4 === 0 ? '198.51.100' : '203.0.113'}.${1 + (m % 254)}`, first: VOTES_PER_FAN * Math.floor(m / 254) };
  return { address: `2001:db8:${hex(n & 0xffff)}:${hex(Math.floor(n / 0x10000) & 0xffff)}::${hex(1 + (n % 0xfffe))}`, first: VOTES_PER_FAN * n };
}

/**
 * Votes at `rate` a second until stop() (at most `maxSeconds`), open loop: vote i is due at start +
 * i / rate whether or not earlier ones were answered, and its latency runs from then. Spread over the
 * api processes in turn, through keep-alive pools from 127.0.0.1 that carry each fan's address in
 * X-Forwarded-For (the app runs with TRUST_PROXY=127.0.0.1, as behind the compose file's nginx). Votes
 * are numbered from `firstVote` across runs, so no (fan, contestant) pair repeats. Bounded: rate ×
 * maxSeconds votes (at most BENCH_MAX_REQUESTS), each given up after ANSWER_TIMEOUT_MS; `finished`
 * resolves once every vote sent is answered or given up.
 */
function streamVotes(pools, contestants, rate, maxSeconds, firstVote) {
  const most = Math.min(S.maxRequests, Math.round(rate * maxSeconds));
  /**
   * Per vote: when it was due (performance.now()), its latency, status (0: no answer), whether a Retry-After came, a refusal's
   * detail, the fan's address and the contestant's profile (who voted for whom: the ledger keeps both, as hashes and ids).
   */
  const s = {
    due: [],
    ms: [],
    status: [],
    retryAfter: [],
    detail: [],
    address: [],
    profileId: [],
    /** Vote ids answered 201. */ ids: [],
    /** By vote id, its index. */ byId: new Map(),
  };
  const t0 = performance.now();
  let stopped = false;
  let done = 0;
  let allAnswered;
  const answeredAll = new Promise((resolve) => (allAnswered = resolve));
  const check = () => stopped && done === s.due.length && allAnswered();
  s.stop = () => {
    stopped = true;
    check();
  };
  s.finished = answeredAll;
  const tick = () => {
    const upTo = Math.min(most, Math.floor(((performance.now() - t0) * rate) / 1000) + 1);
    while (!stopped && s.due.length < upTo) {
      const i = s.due.length;
      const k = firstVote + i;
      const fan = fanOf(Math.floor(k / VOTES_PER_FAN), contestants.length);
      const c = contestants[(fan.first + (k % VOTES_PER_FAN)) % contestants.length];
      s.due.push(t0 + (i * 1000) / rate);
      s.address.push(fan.address);
      s.profileId.push(c.profileId);
      const headers = { 'x-forwarded-for': fan.address, ...(S.acceptEncoding ? { 'accept-encoding': S.acceptEncoding } : {}) };
      timed(pools[i % pools.length], { method: 'POST', path: `/api/v1/contestants/${c.username}/vote`, headers }, s.due[i], true).then((a) => {
        let body = null;
        try {
          body = a.body ? JSON.parse(a.body) : null;
        } catch {
          // not JSON: kept as no detail
        }
        // A 201 without its vote id is counted among the other answers.
        s.status[i] = a.status === 201 && typeof body?.vote_id !== 'string' ? 1 : a.status;
        s.ms[i] = a.ms;
        s.retryAfter[i] = a.retryAfter === null ? 0 : 1;
        if (s.status[i] === 201) {
          s.ids.push(body.vote_id);
          s.byId.set(body.vote_id, i);
        } else if (typeof body?.detail === 'string') s.detail[i] = body.detail;
        done++;
        check();
      });
    }
    if (s.due.length >= most) s.stop();
    if (!stopped) setTimeout(tick, 1);
  };
  tick();
  return s;
}

/**
 * Waits for the stream's last answers at most `ms` (votes queued behind hung requests wait for a
 * connection before their own timeout starts); any still unanswered then count as no answer.
 */
async function giveUpAfter(s, ms) {
  const finished = await Promise.race([s.finished.then(() => true), sleep(ms).then(() => false)]);
  if (finished) return;
  const now = performance.now();
  s.due.forEach((due, i) => {
    if (s.status[i] === undefined) {
      s.status[i] = 0;
      s.ms[i] = now - due;
      s.retryAfter[i] = 0;
    }
  });
}

/** What the voters got in each window of a run: by when each vote was due, before, during and after the fault. */
function windows(s, faultStart, faultEnd) {
  const w = { before: [], during: [], after: [] };
  s.due.forEach((due, i) => w[due < faultStart ? 'before' : due < faultEnd ? 'during' : 'after'].push(i));
  const summary = (idx) => {
    const out = { offered: idx.length, created: 0, unavailable: 0, unavailableWithRetryAfter: 0, other: {}, reasons: {}, ...stats(idx.map((i) => s.ms[i])) };
    for (const i of idx) {
      const st = s.status[i];
      if (st === 201) out.created++;
      else if (st === 503) {
        out.unavailable++;
        out.unavailableWithRetryAfter += s.retryAfter[i];
      } else {
        const key = st === 0 ? 'no answer' : st === 1 ? '201 without id' : String(st);
        out.other[key] = (out.other[key] ?? 0) + 1;
      }
      if (st !== 201) {
        const why = `${st === 0 ? 'no answer' : st} ${s.detail[i] ?? ''}`.trim();
        out.reasons[why] = (out.reasons[why] ?? 0) + 1;
      }
    }
    return out;
  };
  // Votes sent before the fault and answered after it started, with no 201: the api could not tell whether they were stored.
  const inFlightAtStart = w.before.filter((i) => s.status[i] !== 201 && s.due[i] + s.ms[i] > faultStart).length;
  return { before: summary(w.before), during: summary(w.during), after: summary(w.after), inFlightAtStart };
}

/**
 * Asks one api process's /health/ready every READY_POLL_MS from the fault's start: when it first
 * answered 503, and how long after the fault's end (`state.end`, null until then) it answered 200 again.
 * Bounded: it stops READY_POLL_MS after that 200, or SETTLE_MS after the end, or after the longest a run may take.
 */
async function watchReadiness(api, faultStart, state) {
  const out = { unreadyAfterMs: null, readyAgainMs: null, noAnswer: 0 };
  const stopAt = faultStart + (S.faultSeconds + 180) * 1000;
  while (performance.now() < stopAt) {
    const t = performance.now();
    const status = await fetch(`${api}/api/v1/health/ready`, { signal: AbortSignal.timeout(READY_TIMEOUT_MS) }).then(
      async (res) => {
        await res.arrayBuffer();
        return res.status;
      },
      () => 0,
    );
    const at = performance.now();
    if (status === 0) out.noAnswer++;
    if (status === 503 && out.unreadyAfterMs === null) out.unreadyAfterMs = at - faultStart;
    const end = state.end;
    if (end !== null && t >= end && status === 200) {
      out.readyAgainMs = at - end;
      break;
    }
    if ((end !== null && t > end + SETTLE_MS) || (state.over && end === null)) break;
    await sleep(Math.max(0, READY_POLL_MS - (performance.now() - t)));
  }
  return out;
}

/** How long after `since` every id of `ids` was in the ledger (null: not within SETTLE_MS). */
async function allInLedger(db, ids, since) {
  let pending = [...ids];
  while (pending.length) {
    const { rows } = await db.query('SELECT id::text AS id FROM votes WHERE id = ANY($1::uuid[])', [pending]);
    const found = new Set(rows.map((row) => row.id));
    pending = pending.filter((id) => !found.has(id));
    if (!pending.length) break;
    if (performance.now() - since > SETTLE_MS) return null;
    await sleep(POLL_MS);
  }
  return performance.now() - since;
}

/** The contest's free-vote ledger, counters and what the API shows. */
async function snapshot(env) {
  const c = await counts(env.db, env.contest.contestId);
  return { ...c, api: await apiTotal(env.cluster.apiUrl(0), env.contest.groupIds) };
}

/** Counting jobs not yet done (waiting, delayed, running) and failed ones, on the cluster's votes queue. */
async function jobCounts(env) {
  const queue = new Queue('votes', { connection: { url: env.redis.url, maxRetriesPerRequest: 1 }, prefix: `${env.cluster.redisPrefix}:bull` });
  queue.on('error', () => undefined);
  try {
    const c = await queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active', 'failed');
    return { pending: c.waiting + c.prioritized + c.delayed + c.active, failed: c.failed };
  } finally {
    await queue.close();
  }
}

/**
 * Who stored each of the run's free votes (cast from `since`, the database's clock before the run's
 * first vote): every vote answered 201 must be in the ledger once, by id. Every other vote of the run
 * must be one whose request got no 201: the ledger keeps the voter's address hash (the app's key,
 * VOTER_HASH_KEY) and the contestant, and no (address, contestant) pair repeats within the bench, so
 * each such row names the request it came from. No voter (the network the free-vote limit counts)
 * may hold two counted free votes for one contestant.
 */
async function ledgerCheck(env, s, since, faultStart) {
  const key = env.cluster.env.VOTER_HASH_KEY;
  const byVoter = new Map(s.address.map((address, i) => [`${createHmac('sha256', key).update(address).digest('hex')}:${s.profileId[i]}`, i]));
  const { rows } = await env.db.query(`SELECT id::text AS id, voter_hash, profile_id FROM votes WHERE contest_id = $1 AND kind = 'free' AND created_at >= $2`, [
    env.contest.contestId,
    since,
  ]);
  const seen = new Set();
  // A vote answered 201 whose row holds another voter or contestant than its request: the matching below could not be trusted.
  let keyMismatch = 0;
  const extras = { count: 0, byStatus: {}, inFlightAtStart: 0, unmatched: 0, answered201: 0 };
  for (const row of rows) {
    const request = byVoter.get(`${row.voter_hash}:${row.profile_id}`);
    if (s.byId.has(row.id)) {
      seen.add(row.id);
      if (request !== s.byId.get(row.id)) keyMismatch++;
      continue;
    }
    extras.count++;
    if (request === undefined) extras.unmatched++;
    else if (s.status[request] === 201) extras.answered201++;
    else {
      const why = s.status[request] === 0 ? 'no answer' : String(s.status[request]);
      extras.byStatus[why] = (extras.byStatus[why] ?? 0) + 1;
      if (s.due[request] < faultStart && s.due[request] + s.ms[request] > faultStart) extras.inFlightAtStart++;
    }
  }
  const {
    rows: [twice],
  } = await env.db.query(
    `SELECT count(*)::int AS n FROM (
       SELECT 1 FROM votes WHERE contest_id = $1 AND kind = 'free'
       GROUP BY entry_id, coalesce(network_hash, voter_hash) HAVING count(*) > 1 AND max(created_at) >= $2) twice`,
    [env.contest.contestId, since],
  );
  return { missing: s.ids.length - seen.size, extras, keyMismatch, doubled: twice.n };
}

/**
 * After the votes stopped: waits (until SETTLE_MS after the fault's end) until every vote of the run
 * answered 201 is in the ledger, no counting job is left, and what the ledger gained during the run
 * equals what the entries' and profiles' counters and the public leaderboards gained; then checks who
 * each of the run's ledger rows belongs to (ledgerCheck) and that no counting job failed. The votes
 * beyond the 201s are "stored though answered 503": votes whose answer was lost (in flight as Redis
 * died, or a job write that outlasted the command timeout), whose voters keep their slot (decision 037).
 */
async function settle(env, base, s, { since, faultStart, faultEnd, inFlightAtStart }) {
  const accepted = s.ids.length;
  let last;
  let equalAt = null;
  for (;;) {
    try {
      const now = await snapshot(env);
      last = Object.fromEntries(['ledger', 'entries', 'profiles', 'api'].map((k) => [k, now[k] - base[k]]));
      const { rows } = await env.db.query('SELECT count(*)::int AS n FROM votes WHERE id = ANY($1::uuid[])', [s.ids]);
      const jobs = await jobCounts(env);
      last.missing = accepted - rows[0].n;
      last.pendingJobs = jobs.pending;
      if (last.missing === 0 && jobs.pending === 0 && ['entries', 'profiles', 'api'].every((k) => last[k] === last.ledger)) {
        equalAt = performance.now();
        break;
      }
    } catch (err) {
      last = { ...last, error: String(err?.message ?? err) };
    }
    if (performance.now() - faultEnd > SETTLE_MS) break;
    await sleep(POLL_MS);
  }
  const who = await ledgerCheck(env, s, since, faultStart);
  const { failed } = await jobCounts(env);
  const e = who.extras;
  // Where the rows cannot be told apart by voter (keyMismatch), the bound is the one the api cannot know better: the votes cut off at the fault.
  const extrasExplained = who.keyMismatch === 0 ? e.unmatched === 0 && e.answered201 === 0 : e.count <= inFlightAtStart;
  const pass = equalAt !== null && who.missing === 0 && extrasExplained && who.doubled === 0 && failed === 0;
  return { accepted, ...last, ...who, failedJobs: failed, afterEndMs: equalAt === null ? null : equalAt - faultEnd, pass };
}

/** The three faults: how each starts and ends, and whether it is held for BENCH_FAULT_SECONDS. */
const FAULTS = {
  database: {
    what: () => `PostgreSQL unreachable for ${S.faultSeconds} s (the loopback proxy to it cut)`,
    hold: true,
    begin: (env) => env.proxy.cut(),
    end: (env) => env.proxy.restore(),
  },
  redis: {
    what: () => `Redis killed (kill -9), started again ${S.faultSeconds} s later on the same data`,
    hold: true,
    begin: (env) => env.redis.kill(),
    end: (env) => env.redis.restart(),
  },
  worker: {
    what: () => 'the worker killed (kill -9), a new one started at once (the fault ends when it is up)',
    hold: false,
    begin: (env) => env.cluster.kill(env.cluster.workers[0], 'SIGKILL'),
    end: (env) => env.cluster.startWorker(),
  },
};

/**
 * One fault run: votes before, during and after the fault, readiness watched, then the settle check.
 * A run that breaks (a new worker that does not start) is reported as such, its votes stopped.
 */
async function faultRun(name, env) {
  const fault = FAULTS[name];
  log(
    `(g) faults: ${fault.what()}; ${S.faultRate} votes/s offered from ${S.faultBeforeSeconds} s before the fault until ${S.faultAfterSeconds} s after its end ...`,
  );
  // The fault's end (performance.now()) once it is over; `over` also when the run broke, so the readiness watch stops.
  const state = { start: null, end: null, over: false };
  // However long a new worker takes to start, the votes stop at most FAULT_RUN_SLACK_S later than planned.
  const most = S.faultBeforeSeconds + S.faultSeconds + S.faultAfterSeconds + FAULT_RUN_SLACK_S;
  let stream = null;
  try {
    const base = await snapshot(env);
    // The database's clock before the run's first vote: its votes are stored dated when the api took them, after this.
    const since = (await env.db.query('SELECT now() AS t')).rows[0].t;
    const figures = await phase(async () => {
      // Started here, after phase() has read every process's CPU time (slow on a busy host), so that the fault comes on time.
      stream = streamVotes(env.pools, env.contest.contestants, S.faultRate, most, env.nextVote);
      await sleep(S.faultBeforeSeconds * 1000);
      const faultStart = performance.now();
      state.start = faultStart;
      const ready = Promise.all(env.cluster.apis.map((p) => watchReadiness(p.baseUrl, faultStart, state)));
      await fault.begin(env);
      if (fault.hold) await sleep(faultStart + S.faultSeconds * 1000 - performance.now());
      await fault.end(env);
      state.end = performance.now();
      // The votes answered 201 by the fault's end: how long after it until all of them were in the ledger.
      const caughtUp = allInLedger(env.db, [...stream.ids], state.end);
      await sleep(S.faultAfterSeconds * 1000);
      stream.stop();
      await giveUpAfter(stream, ANSWER_TIMEOUT_MS + 30_000);
      return {
        faultSeconds: (state.end - faultStart) / 1000,
        windows: windows(stream, faultStart, state.end),
        ready: await ready,
        caughtUpMs: await caughtUp,
      };
    }, env.processes);
    const check = await settle(env, base, stream, { since, faultStart: state.start, faultEnd: state.end, inFlightAtStart: figures.windows.inFlightAtStart });
    return { name, what: fault.what(), offered: stream.due.length, ...figures, check };
  } catch (err) {
    console.error(err instanceof Error ? err.stack : err);
    return { name, what: fault.what(), error: String(err?.message ?? err).split('\n')[0], check: { pass: false } };
  } finally {
    state.over = true;
    stream?.stop();
    env.nextVote += stream?.due.length ?? 0;
  }
}

/**
 * The faults phase: its own cluster (2 api + 1 worker by default) behind the proxy and its own Redis,
 * seeded like the others, the runs of BENCH_FAULTS in turn; everything is removed afterwards (also on
 * Ctrl-C, through `cleanups`).
 */
export async function faultsPhase(r, cleanups) {
  if (!want('faults')) return;
  const unknown = S.faults.filter((f) => !FAULTS[f]);
  if (unknown.length) throw new Error(`BENCH_FAULTS: unknown ${unknown.join(', ')} (known: ${Object.keys(FAULTS).join(', ')})`);
  const direct = new URL(S.pgUrl);
  const proxy = await TcpProxy.start({ host: direct.hostname, port: Number(direct.port || 5432) });
  const redis = await OwnRedis.start();
  const viaProxy = new URL(direct);
  viaProxy.port = String(proxy.port);
  const tag = randomBytes(5).toString('hex');
  // The fans' addresses come in X-Forwarded-For from the generator at 127.0.0.1, the proxy the app believes.
  const starting = Cluster.start({ ...clusterOptions(tag, { TRUST_PROXY: '127.0.0.1' }), pgUrl: viaProxy.toString(), redisUrl: redis.url });
  let db = null;
  let pools = [];
  let cleaning = null;
  const cleanup = () =>
    (cleaning ??= (async () => {
      await Promise.allSettled(pools.map((p) => p.destroy()));
      // Both back first, so that the cluster stops cleanly and its database and keys can be removed.
      await proxy.restore().catch(() => undefined);
      await redis.restart().catch(() => undefined);
      await db?.end().catch(() => undefined);
      const cluster = await starting.catch(() => null); // a failed start tore itself down
      await cluster?.teardown().catch((e) => console.error(`cleanup: ${e.message}`));
      await proxy.stop();
      await redis.stop();
    })());
  cleanups.push(cleanup);
  try {
    const cluster = await starting;
    // The bench's own connection to the cluster's database goes around the proxy: it reads the ledger during the outage too.
    const u = new URL(S.pgUrl);
    u.pathname = `/${cluster.dbName}`;
    db = new pg.Pool({ connectionString: u.toString(), max: 2 });
    db.on('error', () => undefined);
    const contest = await seed(cluster.db, tag);
    const perApi = Math.max(1, Math.floor(S.rateConnections / cluster.apis.length));
    pools = cluster.apis.map(
      (p) => new Pool(p.baseUrl, { connections: perApi, pipelining: 1, headersTimeout: ANSWER_TIMEOUT_MS, bodyTimeout: ANSWER_TIMEOUT_MS }),
    );
    const processes = () => [...cluster.started, ...(redis.process ? [{ name: 'redis (own)', child: redis.process }] : [])];
    const env = { cluster, db, contest, proxy, redis, pools, processes, nextVote: 0 };
    // A warm-up at the same rate (its votes are counted before the first run's figures start).
    if (S.warmupSeconds > 0) {
      const warm = streamVotes(pools, contest.contestants, S.faultRate, S.warmupSeconds, 0);
      await sleep(S.warmupSeconds * 1000);
      warm.stop();
      await giveUpAfter(warm, ANSWER_TIMEOUT_MS + 30_000);
      env.nextVote = warm.due.length;
      await allInLedger(db, warm.ids, performance.now());
    }
    r.faults = { runs: [] };
    for (const name of S.faults) r.faults.runs.push(await faultRun(name, env));
    r.faults.pass = r.faults.runs.every((x) => x.check.pass);
  } finally {
    await cleanup();
  }
}
