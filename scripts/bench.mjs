#!/usr/bin/env node
// `npm run bench`: the app in scaled mode on this machine (its own PostgreSQL database and Redis
// key prefix on 127.0.0.1), loaded from this machine, with figures printed and nothing asserted
// on time (issue 4, Benchmark). Afterwards it checks that the database counted exactly the votes
// that were accepted, prints PASS or FAIL for that (exit code 1 on FAIL), and cleans up.
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
//   BENCH_SOCKETS [1000], BENCH_SOCKET_VOTES [300], BENCH_SOCKET_RATE [20 votes/s]
//   BENCH_PHASES [site,health,leaderboard,votes-rate,votes,sockets]  add 'intake' for the API path alone (workers paused)
//   BENCH_PG_URL [postgres://postgres@127.0.0.1:5432/postgres], BENCH_REDIS_URL [redis://127.0.0.1:6379]
//   BENCH_JSON=1                            print the figures as JSON too
//   BENCH_HOLD=1                            start and seed, then wait for Ctrl-C (for profiling by hand)
//   BENCH_NODE_ARGS                         node arguments for the app, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'
import { execFileSync, fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io } from 'socket.io-client';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const num = (name, def) => {
  const v = Number(process.env[name] ?? def);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a number`);
  return v;
};
const S = {
  apis: Math.max(1, num('BENCH_APIS', 2)),
  workers: Math.max(1, num('BENCH_WORKERS', 1)),
  seconds: num('BENCH_SECONDS', 10),
  warmupSeconds: num('BENCH_WARMUP_SECONDS', 3),
  concurrency: Math.max(1, num('BENCH_CONCURRENCY', 100)),
  maxRequests: num('BENCH_MAX_REQUESTS', 200_000),
  votesPerVoter: Math.max(1, num('BENCH_VOTES_PER_VOTER', 10)),
  voteRates: (process.env.BENCH_VOTE_RATES ?? '3000,5000').split(',').map(Number).filter((n) => Number.isFinite(n) && n > 0),
  workerNice: Math.min(19, num('BENCH_WORKER_NICE', 10)),
  rateConnections: Math.max(1, num('BENCH_RATE_CONNECTIONS', 256)),
  sockets: num('BENCH_SOCKETS', 1000),
  socketVotes: num('BENCH_SOCKET_VOTES', 300),
  socketRate: Math.max(1, num('BENCH_SOCKET_RATE', 20)),
  pgUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  groups: 2,
  perGroup: 50,
};

const PHASES = (process.env.BENCH_PHASES ?? 'site,health,leaderboard,votes-rate,votes,sockets').split(',').map((x) => x.trim());
const want = (phase) => PHASES.includes(phase);

const log = (...a) => console.log(...a);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- processes

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const started = [];

function spawnApp(name, env, niceness = 0) {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const argv = [process.execPath, ...nodeArgs, 'dist/server/src/main.js'];
  // nice(1) execs the program, so the child's pid is the app's.
  const [cmd, ...args] = niceness ? ['nice', '-n', String(niceness), ...argv] : argv;
  const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (c) => {
    out += c.toString();
    if (out.length > 100_000) out = out.slice(-50_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const p = { name, child, output: () => out };
  started.push(p);
  return p;
}

async function waitUntil(what, p, check, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (p.child.exitCode !== null) throw new Error(`${p.name} exited (${p.child.exitCode}) before ${what}:\n${p.output()}`);
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`${p.name}: no ${what} in ${timeoutMs} ms:\n${p.output()}`);
}

async function startApi(env, i) {
  const port = await freePort();
  const p = spawnApp(`api-${i}`, { ...env, APP_ROLE: 'api', PORT: String(port) });
  p.baseUrl = `http://127.0.0.1:${port}`;
  await waitUntil('health', p, async () => (await fetch(`${p.baseUrl}/api/v1/health`).catch(() => null))?.ok === true);
  return p;
}

async function startWorker(env, i) {
  const heartbeat = path.join(env.DATA_DIR, `worker-${i}.heartbeat`);
  const p = spawnApp(`worker-${i}`, { ...env, APP_ROLE: 'worker', WORKER_HEARTBEAT_FILE: heartbeat }, S.workerNice);
  await waitUntil('heartbeat', p, async () => existsSync(heartbeat));
  return p;
}

function stopAll() {
  return Promise.all(
    started.map(
      ({ child }) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

/** Share of CPU time the whole machine spent idle over `ms` (Linux /proc/stat; null elsewhere). */
async function idleShare(ms = 2000) {
  const read = async () => {
    try {
      const f = (await readFile('/proc/stat', 'utf8')).split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
      return { idle: f[3] + (f[4] ?? 0), total: f.reduce((a, b) => a + b, 0) };
    } catch {
      return null;
    }
  };
  const a = await read();
  await sleep(ms);
  const b = await read();
  return a && b && b.total > a.total ? (b.idle - a.idle) / (b.total - a.total) : null;
}

/**
 * CPU ticks (1/100 s) of every process, and whether it belongs to this benchmark (this process,
 * the app's processes, Redis, the system PostgreSQL cluster) or is other work on the machine.
 * Linux only; null elsewhere.
 */
async function cpuTicks() {
  try {
    const names = new Map([[process.pid, 'generator'], ...started.map((p) => [p.child.pid, p.name])]);
    const procs = new Map();
    for (const pid of await readdir('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const cmd = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
        const label =
          names.get(Number(pid)) ?? (cmd.startsWith('redis-server') ? 'redis' : /^postgres: \d+\/main/.test(cmd) || cmd.includes('/postgresql/') ? 'postgres' : null);
        procs.set(pid, { ticks: Number(f[11]) + Number(f[12]), mine: label !== null, label });
      } catch {
        // the process ended meanwhile
      }
    }
    return { procs, at: performance.now() };
  } catch {
    return null;
  }
}

/**
 * Runs a phase and adds the share of the machine's CPU used meanwhile by the benchmark's processes
 * (benchLoad) and by other work (otherLoad), and this process's event-loop lag (generatorLag).
 */
/** The machine's CPU time so far (/proc/stat, 1/100 s): all of it, and the share a hypervisor took (steal). */
async function machineTicks() {
  try {
    const f = (await readFile('/proc/stat', 'utf8')).split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { total: f.slice(0, 8).reduce((a, b) => a + b, 0), steal: f[7] ?? 0 };
  } catch {
    return null;
  }
}

async function phase(run) {
  const machineBefore = await machineTicks();
  const before = await cpuTicks();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const result = await run();
  lag.disable();
  result.generatorLag = { p50: lag.percentile(50) / 1e6, p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 };
  const after = await cpuTicks();
  const machineAfter = await machineTicks();
  // Time the virtual machine's cores spent waiting for the host: none of the processes got it.
  if (machineBefore && machineAfter && machineAfter.total > machineBefore.total)
    result.steal = (machineAfter.steal - machineBefore.steal) / (machineAfter.total - machineBefore.total);
  if (before && after) {
    let mine = 0;
    let others = 0;
    const byLabel = {};
    for (const [pid, p] of after.procs) {
      const used = p.ticks - (before.procs.get(pid)?.ticks ?? 0);
      if (p.mine) mine += used;
      else others += used;
      if (p.label) byLabel[p.label] = (byLabel[p.label] ?? 0) + used;
    }
    const capacity = ((after.at - before.at) / 1000) * 100 * os.cpus().length;
    result.benchLoad = mine / capacity;
    result.otherLoad = others / capacity;
    // Per process, in cores (1.0 = one core busy all along): where the machine's time went.
    const seconds = (after.at - before.at) / 1000;
    result.cores = Object.fromEntries(Object.entries(byLabel).map(([k, v]) => [k, v / 100 / seconds]));
  }
  return result;
}

// ---------------------------------------------------------------- data

async function seed(pool, tag) {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    const { rows: [contest] } = await c.query(
      `INSERT INTO contests (name, description, start_date, end_date, is_active, is_current)
       VALUES ('Benchmark contest', 'npm run bench', now() - interval '1 hour', now() + interval '7 days', true, true) RETURNING id`,
    );
    const { rows: groups } = await c.query(
      `INSERT INTO groups (contest_id, group_number, current_contestants_count)
       SELECT $1, n, $3 FROM generate_series(1, $2) AS n RETURNING id, group_number`,
      [contest.id, S.groups, S.perGroup],
    );
    groups.sort((a, b) => a.group_number - b.group_number);
    const total = S.groups * S.perGroup;
    const { rows: users } = await c.query(
      `INSERT INTO users (username, email, password_hash, first_name, last_name, is_competitor, is_verified)
       SELECT 'bench_' || $1 || '_' || n, 'bench_' || $1 || '_' || n || '@example.com', 'not-a-hash', 'Bench' || n, 'Fan' || n, true, true
       FROM generate_series(1, $2) AS n RETURNING id, username`,
      [tag, total],
    );
    users.sort((a, b) => a.id - b.id);
    const { rows: profiles } = await c.query(
      `INSERT INTO contestant_profiles (user_id, category) SELECT unnest($1::int[]), 'Scream Queens' RETURNING id, user_id`,
      [users.map((u) => u.id)],
    );
    const profileOf = new Map(profiles.map((p) => [p.user_id, p.id]));
    const groupOf = users.map((_, i) => groups[Math.floor(i / S.perGroup)].id);
    await c.query(
      `INSERT INTO contest_entries (user_id, profile_id, contest_id, group_id)
       SELECT u, p, $3, g FROM unnest($1::int[], $2::int[], $4::int[]) AS t(u, p, g)`,
      [users.map((u) => u.id), users.map((u) => profileOf.get(u.id)), contest.id, groupOf],
    );
    await c.query('COMMIT');
    return {
      contestId: contest.id,
      groupIds: groups.map((g) => g.id),
      contestants: users.map((u, i) => ({ username: u.username, groupId: groupOf[i] })),
    };
  } catch (err) {
    await c.query('ROLLBACK');
    throw err;
  } finally {
    c.release();
  }
}

async function counts(pool, contestId) {
  const { rows: [r] } = await pool.query(
    `SELECT (SELECT count(*)::int FROM votes WHERE contest_id = $1) AS ledger,
            (SELECT coalesce(sum(current_contest_votes), 0)::int FROM contest_entries WHERE contest_id = $1) AS entries,
            (SELECT coalesce(sum(p.total_votes), 0)::int FROM contestant_profiles p JOIN contest_entries e ON e.profile_id = p.id AND e.contest_id = $1) AS profiles`,
    [contestId],
  );
  return r;
}

/** Waits until the ledger holds `accepted` votes (or stops moving for a minute); how many it counted meanwhile. */
async function drain(pool, contestId, accepted) {
  const t0 = performance.now();
  const first = (await counts(pool, contestId)).ledger;
  let now = first;
  let moved = Date.now();
  while (now < accepted && Date.now() - moved < 60_000) {
    await sleep(100);
    const next = (await counts(pool, contestId)).ledger;
    if (next > now) moved = Date.now();
    now = next;
  }
  return { counted: now - first, seconds: (performance.now() - t0) / 1000 };
}

// ---------------------------------------------------------------- load

/** The i-th address of a loopback block: 127.<block>.<x>.<y>, y in 2..254 (a distinct voter each). */
const loopback = (i, block) => `127.${block}.${Math.floor(i / 253) % 256}.${2 + (i % 253)}`;

/**
 * A minimal HTTP/1.1 keep-alive connection on a raw TCP socket (autocannon's approach): requests
 * are written as prepared bytes and answers are framed by Content-Length (or a chunked body's
 * end) without building request and response objects. node:http's client costs the load
 * generator about three times as much CPU per request, and here it shares 2 cores with the server.
 */
class Conn {
  constructor(port, localAddress) {
    this.port = port;
    this.localAddress = localAddress;
    this.socket = null;
    this.buf = Buffer.alloc(0);
    this.waiting = null;
  }

  open() {
    return new Promise((resolve, reject) => {
      const s = net.connect({ host: '127.0.0.1', port: this.port, localAddress: this.localAddress, noDelay: true });
      s.once('connect', () => {
        s.off('error', reject);
        s.on('error', (err) => this.socket === s && this.fail(err));
        resolve();
      });
      s.once('error', reject);
      s.on('data', (chunk) => this.onData(chunk));
      s.on('close', () => {
        if (this.socket !== s) return;
        this.socket = null;
        this.fail(new Error('connection closed'));
      });
      this.socket = s;
    });
  }

  fail(err) {
    const w = this.waiting;
    this.waiting = null;
    w?.reject(err);
  }

  onData(chunk) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    if (!this.waiting) return;
    const head = this.buf.indexOf('\r\n\r\n');
    if (head < 0) return;
    const headers = this.buf.toString('latin1', 0, head).toLowerCase();
    let end;
    const cl = /\r\ncontent-length: *(\d+)/.exec(headers);
    if (cl) {
      end = head + 4 + Number(cl[1]);
      if (this.buf.length < end) return;
    } else if (headers.includes('transfer-encoding: chunked')) {
      const last = this.buf.indexOf('\r\n0\r\n\r\n', head);
      if (last < 0) return;
      end = last + 7;
    } else end = head + 4;
    const status = Number(headers.slice(9, 12));
    const close = headers.includes('\r\nconnection: close');
    this.buf = this.buf.subarray(end);
    const w = this.waiting;
    this.waiting = null;
    if (close) this.close();
    w.resolve(status);
  }

  async request(bytes) {
    if (!this.socket) await this.open();
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(bytes);
    });
  }

  close() {
    this.socket?.destroy();
    this.socket = null;
  }
}

const requestBytes = (method, urlPath, port) =>
  Buffer.from(`${method} ${urlPath} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n${method === 'POST' ? 'content-length: 0\r\n' : ''}\r\n`, 'latin1');

/** One request on the connection; status 0 when the connection failed. */
async function timed(conn, bytes) {
  const t0 = performance.now();
  try {
    const status = await conn.request(bytes);
    return { status, ms: performance.now() - t0 };
  } catch {
    conn.close();
    return { status: 0, ms: performance.now() - t0 };
  }
}

/** A single request on its own connection (probes in the socket phase). */
function send(baseUrl, method, urlPath, localAddress) {
  const port = Number(new URL(baseUrl).port);
  const conn = new Conn(port, localAddress);
  return timed(conn, requestBytes(method, urlPath, port)).finally(() => conn.close());
}

function stats(latencies, n) {
  const a = Float64Array.from(latencies.subarray ? latencies.subarray(0, n) : latencies).sort();
  const q = (p) => (a.length ? a[Math.min(a.length - 1, Math.floor(p * a.length))] : NaN);
  return { count: a.length, p50: q(0.5), p99: q(0.99), max: a.length ? a[a.length - 1] : NaN };
}

/**
 * `concurrency` lanes, each sending one request at a time until the time or the count is up: a
 * warm-up whose figures are dropped, then the measured phase. `next(lane)` gives the connection
 * and the request's bytes.
 */
async function runLoad({ next, onAnswer = () => undefined, seconds = S.seconds }) {
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
        const a = await timed(r.conn, r.bytes);
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

const portOf = (baseUrl) => Number(new URL(baseUrl).port);

/** GET on keep-alive connections from 127.0.0.1, the lanes spread over the api processes. */
async function getLoad(apis, urlPath) {
  const lanes = Array.from({ length: S.concurrency }, (_, i) => {
    const port = portOf(apis[i % apis.length]);
    return { conn: new Conn(port, '127.0.0.1'), bytes: requestBytes('GET', urlPath, port) };
  });
  try {
    return await runLoad({ next: (id) => lanes[id] });
  } finally {
    lanes.forEach((l) => l.conn.close());
  }
}

/** Fans of the vote phases, numbered across phases so that no (fan, contestant) pair repeats. */
let nextVoter = 0;

/**
 * A lane of fans: one fan at a time on one keep-alive connection from the fan's own loopback
 * address, voting for BENCH_VOTES_PER_VOTER contestants, then the next fan. next() gives the
 * connection and the request for the lane's next vote.
 */
const voteBytes = new Map();
function fanLane(apis, contestants) {
  const ports = apis.map(portOf);
  const key = `${ports.join(',')}|${contestants.length}|${contestants[0]?.username}`;
  if (!voteBytes.has(key)) voteBytes.set(key, ports.map((port) => contestants.map((c) => requestBytes('POST', `/api/v1/contestants/${c.username}/vote`, port))));
  const bytes = voteBytes.get(key);
  const lane = { conn: null, voter: -1, cast: S.votesPerVoter };
  lane.next = () => {
    if (lane.cast >= S.votesPerVoter) {
      lane.conn?.close();
      lane.voter = nextVoter++;
      lane.conn = new Conn(ports[lane.voter % ports.length], loopback(lane.voter, 0));
      lane.cast = 0;
    }
    const c = (lane.voter * S.votesPerVoter + lane.cast++) % contestants.length;
    return { conn: lane.conn, bytes: bytes[lane.voter % ports.length][c] };
  };
  lane.close = () => lane.conn?.close();
  return lane;
}

/** Free votes as fast as the server answers them: BENCH_CONCURRENCY lanes of fans (closed loop). */
async function voteLoad(apis, contestants, tally) {
  const lanes = Array.from({ length: S.concurrency }, () => fanLane(apis, contestants));
  try {
    return await runLoad({
      next: (id) => lanes[id].next(),
      onAnswer: (a) => {
        if (a.status === 201) tally.accepted++;
      },
    });
  } finally {
    lanes.forEach((l) => l.close());
  }
}

/**
 * Free votes at a fixed rate (open loop, as fans arrive whether or not the server keeps up): vote i
 * is due at start + i / rate, and its latency runs from when it was due, so time spent waiting for a
 * free connection counts too (no coordinated omission). Lanes of fans are opened as needed, up to
 * BENCH_RATE_CONNECTIONS; a warm-up at the same rate comes first.
 */
async function voteRateLoad(apis, contestants, tally, rate) {
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
  const measure = (seconds) =>
    new Promise((resolve) => {
      const total = Math.min(S.maxRequests, Math.round(rate * seconds));
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
        timed(r.conn, r.bytes).then((a) => {
          if (a.status === 201) tally.accepted++;
          statuses[a.status] = (statuses[a.status] ?? 0) + 1;
          lat[done++] = performance.now() - dueAt;
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
    if (S.warmupSeconds > 0) await measure(S.warmupSeconds);
    return await measure(S.seconds);
  } finally {
    all.forEach((l) => l.close());
  }
}

// ---------------------------------------------------------------- sockets

/**
 * A Socket.IO parser for the crowd: its events are counted by name, their JSON never parsed, so
 * that simulating a thousand fans takes less of the CPU the app needs. (Same wire protocol.)
 */
const countingParser = {
  Encoder: class {
    encode(p) {
      let out = String(p.type);
      if (p.nsp && p.nsp !== '/') out += `${p.nsp},`;
      if (p.id !== undefined) out += p.id;
      if (p.data !== undefined) out += JSON.stringify(p.data);
      return [out];
    }
  },
  Decoder: class extends EventEmitter {
    add(text) {
      if (typeof text !== 'string') return;
      const type = Number(text[0]);
      if (type === 2) {
        this.emit('decoded', { type, nsp: '/', data: [/^2\d*\["([^"]+)"/.exec(text)?.[1] ?? '?', null] });
        return;
      }
      const id = /^\d+/.exec(text.slice(1))?.[0];
      const rest = text.slice(1 + (id?.length ?? 0));
      this.emit('decoded', { type, nsp: '/', id: id === undefined ? undefined : Number(id), data: rest ? JSON.parse(rest) : undefined });
    }

    destroy() {
      this.removeAllListeners();
    }
  },
};

/** `n` Socket.IO clients (websocket only, as browsers connect), spread over the api processes, each subscribed to `room`. */
async function connectSockets(apis, room, n, offset = 0, lite = false) {
  const sockets = [];
  const connectOne = (i) =>
    new Promise((resolve, reject) => {
      const s = io(apis[i % apis.length], { transports: ['websocket'], reconnection: false, timeout: 20_000, ...(lite ? { parser: countingParser } : {}) });
      s.once('connect_error', reject);
      s.once('connect', () => s.timeout(20_000).emit('subscribe', [room], (err, ack) => (err || !ack?.ok ? reject(err ?? new Error(JSON.stringify(ack))) : resolve(s))));
      sockets.push(s);
    });
  for (let i = 0; i < n; i += 100) await Promise.all(Array.from({ length: Math.min(100, n - i) }, (_, k) => connectOne(offset + i + k)));
  return sockets;
}

/**
 * The crowd: most of the watching sockets live in a child process, so that decoding their
 * events (every socket gets every vote of the group) does not delay this process, which times
 * the probe sockets. It still shares the machine's cores with the app, as real fans would not.
 */
async function crowdMain() {
  let sockets = [];
  let votes = 0;
  let standings = 0;
  process.on('message', async (m) => {
    if (m.type === 'connect') {
      const more = await connectSockets(m.apis, m.room, m.n, m.offset, true);
      for (const so of more) {
        so.on('votes', () => votes++);
        so.on('standings', () => standings++);
      }
      sockets = sockets.concat(more);
      process.send({ type: 'connected', total: sockets.length });
    } else if (m.type === 'count') process.send({ type: 'count', votes, standings, sockets: sockets.length });
    else if (m.type === 'close') {
      sockets.forEach((so) => so.close());
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0)); // the benchmark ended
  process.send({ type: 'ready' });
}

function startCrowd() {
  const child = fork(fileURLToPath(import.meta.url), ['--socket-crowd'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  started.push({ name: 'socket-crowd', child, output: () => '' });
  let waiting = null;
  child.on('message', (m) => {
    if (waiting?.answer === m.type) {
      const w = waiting;
      waiting = null;
      w.resolve(m);
    }
  });
  child.on('exit', (code) => waiting?.reject(new Error(`the socket crowd exited (${code})`)));
  /** One request at a time: sends `msg` (if any) and waits for the answer of type `answer`. */
  const ask = (msg, answer) =>
    new Promise((resolve, reject) => {
      waiting = { answer, resolve, reject };
      if (msg) child.send(msg);
    });
  return {
    ready: ask(null, 'ready'),
    connect: (m) => ask({ type: 'connect', ...m }, 'connected'),
    count: () => ask({ type: 'count' }, 'count'),
    close: () => child.send({ type: 'close' }),
  };
}

/**
 * BENCH_SOCKET_VOTES votes at BENCH_SOCKET_RATE per second for the watched group's contestants
 * (one vote per contestant in flight, so each count names one vote); every socket records when
 * the `votes` event with that count, and the first `standings` showing it, arrive.
 */
/** Fans of the socket phase (and its warm-up), each voting once from an address of its own. */
let socketVoter = 0;

async function socketLatency(apis, sockets, contestants, baseline, tally, count = S.socketVotes) {
  const probes = new Map(); // `${username}:${count}` → send time (ms)
  const votesLat = [];
  const standingsLat = [];
  const listeners = [];
  for (const s of sockets) {
    const seen = new Map();
    const onVotes = (e) => {
      const t = probes.get(`${e.username}:${e.current_contest_votes}`);
      if (t !== undefined) votesLat.push(performance.now() - t);
    };
    s.on('votes', onVotes);
    const onStandings = (e) => {
      const now = performance.now();
      for (const item of e.standings) {
        const from = seen.get(item.username) ?? baseline.get(item.username) ?? 0;
        for (let n = from + 1; n <= item.current_contest_votes; n++) {
          const t = probes.get(`${item.username}:${n}`);
          if (t !== undefined) standingsLat.push(now - t);
        }
        if (item.current_contest_votes > from) seen.set(item.username, item.current_contest_votes);
      }
    };
    s.on('standings', onStandings);
    listeners.push(() => {
      s.off('votes', onVotes);
      s.off('standings', onStandings);
    });
  }
  const expected = new Map(baseline);
  const busy = new Set();
  const answers = [];
  const start = performance.now();
  const pending = [];
  let sent = 0;
  for (let i = 0; i < count; i++) {
    const wait = start + (i * 1000) / S.socketRate - performance.now();
    if (wait > 0) await sleep(wait);
    const c = contestants.find((x, k) => !busy.has(x.username) && k >= i % contestants.length) ?? contestants.find((x) => !busy.has(x.username));
    if (!c) continue; // every contestant has a vote in flight: skip this slot rather than blur counts
    busy.add(c.username);
    const n = expected.get(c.username) + 1;
    expected.set(c.username, n);
    const key = `${c.username}:${n}`;
    probes.set(key, performance.now());
    sent++;
    pending.push(
      send(apis[i % apis.length], 'POST', `/api/v1/contestants/${c.username}/vote`, loopback(socketVoter++, 2)).then((a) => {
        answers.push(a.ms);
        if (a.status === 201) tally.accepted++;
        else {
          probes.delete(key);
          expected.set(c.username, n - 1);
        }
        busy.delete(c.username);
      }),
    );
  }
  await Promise.all(pending);
  const wanted = probes.size * sockets.length;
  const until = Date.now() + 10_000;
  while ((votesLat.length < wanted || standingsLat.length < wanted) && Date.now() < until) await sleep(100);
  listeners.forEach((off) => off());
  const elapsed = (performance.now() - start) / 1000;
  return { sent, accepted: probes.size, probes: sockets.length, elapsed, wanted, votes: stats(votesLat, votesLat.length), standings: stats(standingsLat, standingsLat.length), http: stats(answers, answers.length) };
}

// ---------------------------------------------------------------- main

async function deleteKeys(redis, prefix) {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.unlink(...keys);
  } while (cursor !== '0');
}

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-');
const ms = (s) => `p50 ${fmt(s.p50, 1)} ms, p99 ${fmt(s.p99, 1)} ms, max ${fmt(s.max, 1)} ms`;

async function main() {
  execFileSync(process.execPath, ['scripts/ensure-build.mjs', 'server'], { stdio: 'inherit' });
  const tag = randomBytes(5).toString('hex');
  const dbName = `ss_bench_${tag}`;
  const prefix = `ss_bench_${tag}`;
  const admin = new pg.Client({ connectionString: S.pgUrl });
  await admin.connect();
  const redis = new Redis(S.redisUrl, { maxRetriesPerRequest: 3 });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'screamstage-bench-'));
  const dbUrl = new URL(S.pgUrl);
  dbUrl.pathname = `/${dbName}`;
  let pool = null;
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await stopAll();
    await pool?.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((e) => console.error(`could not drop ${dbName}: ${e.message}`));
    await admin.end().catch(() => undefined);
    await deleteKeys(redis, prefix).catch((e) => console.error(`could not delete ${prefix}* keys: ${e.message}`));
    await redis.quit().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  };
  for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => void cleanup().finally(() => process.exit(130)));

  let pass = false;
  try {
    await admin.query(`CREATE DATABASE ${dbName}`);
    const env = {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: S.redisUrl,
      REDIS_PREFIX: prefix,
      JWT_SECRET: randomBytes(32).toString('hex'),
      VOTER_HASH_KEY: randomBytes(32).toString('hex'),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      SERVE_CLIENT: 'false',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '',
    };
    const first = await startApi(env, 1); // migrates
    const rest = await Promise.all([
      ...Array.from({ length: S.apis - 1 }, (_, i) => startApi(env, i + 2)),
      ...Array.from({ length: S.workers }, (_, i) => startWorker(env, i + 1)),
    ]);
    const apis = [first, ...rest.filter((p) => p.baseUrl)].map((p) => p.baseUrl);
    pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
    pool.on('error', () => undefined); // DROP DATABASE ... WITH (FORCE) at the end ends idle connections
    const contest = await seed(pool, tag);
    const watched = contest.groupIds[0];
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    log(`\nScreamStage benchmark: ${os.cpus().length} CPUs (${cpu}), ${fmt(os.totalmem() / 2 ** 30, 1)} GiB, Node ${process.version}`);
    log(`layout: ${S.apis} api + ${S.workers} worker process(es), PostgreSQL and Redis on 127.0.0.1, load generator in this process`);
    log(`phases: ${S.warmupSeconds} s warm-up + ${S.seconds} s measured, concurrency ${S.concurrency}, at most ${S.maxRequests} requests each`);
    log(`data: 1 current contest, ${S.groups} groups of ${S.perGroup} contestants`);
    // Everything shares these cores: other work on the machine lowers every figure.
    const idle = await idleShare();
    log(`machine idle before the load: ${idle === null ? 'unknown' : `${fmt(idle * 100)}%`}${idle !== null && idle < 0.9 ? '  WARNING: something else is using the CPU; figures will be low' : ''}\n`);

    if (process.env.BENCH_HOLD) {
      // For profiling by hand: the app stays up until Ctrl-C, then everything is cleaned up.
      log(`holding: api ${apis.join(' ')}; group ${watched}; contestants ${contest.contestants[0].username} …; Ctrl-C to stop`);
      await new Promise(() => undefined);
    }

    const tally = { accepted: 0 };
    const r = {};
    // The ceiling is GET /site (answers from memory). GET /health is shown too, but it is not
    // trivial: it runs SELECT 1 on PostgreSQL and PING on Redis per request.
    if (want('site')) {
      log('(d) ceiling: GET /api/v1/site ...');
      r.ceiling = await phase(() => getLoad(apis, '/api/v1/site'));
    }
    if (want('health')) {
      log('    GET /api/v1/health ...');
      r.health = await phase(() => getLoad(apis, '/api/v1/health'));
    }
    if (want('leaderboard')) {
      log('(b) GET /api/v1/groups/{id}/leaderboard ...');
      r.board = await phase(() => getLoad(apis, `/api/v1/groups/${watched}/leaderboard`));
    }
    // At fixed rates first, on a database and queues that a saturating phase has not just churned.
    if (want('votes-rate')) {
      r.votesRate = [];
      for (const rate of S.voteRates) {
        log(`(a) free votes at a fixed ${rate} votes/s offered, latency from when each vote was due ...`);
        const result = await phase(() => voteRateLoad(apis, contest.contestants, tally, rate));
        log(`    waiting for the worker(s) to count ${tally.accepted} accepted votes ...`);
        result.drain = await drain(pool, contest.contestId, tally.accepted);
        r.votesRate.push(result);
      }
    }
    if (want('votes')) {
      log('(a) POST /api/v1/contestants/{username}/vote from distinct loopback addresses ...');
      r.votes = await phase(() => voteLoad(apis, contest.contestants, tally));
      log(`    waiting for the worker(s) to count ${tally.accepted} accepted votes ...`);
      r.drain = await drain(pool, contest.contestId, tally.accepted);
    }
    if (want('intake')) {
      // Diagnostic, not a target: the API path alone. The workers are paused (SIGSTOP), so the
      // votes wait in Redis and the workers' CPU is free; they resume and count them afterwards.
      log('(a\') the same with the worker(s) paused: intake only ...');
      const workers = started.filter((p) => p.name.startsWith('worker'));
      workers.forEach((p) => p.child.kill('SIGSTOP'));
      try {
        r.intake = await phase(() => voteLoad(apis, contest.contestants, tally));
      } finally {
        workers.forEach((p) => p.child.kill('SIGCONT'));
      }
      log(`    waiting for the worker(s) to count the backlog (${tally.accepted} accepted in all) ...`);
      r.intakeDrain = await drain(pool, contest.contestId, tally.accepted);
    }
    if (want('sockets')) {
      log(`(c) vote-to-socket latency with ${S.sockets} sockets on group:${watched} ...`);
      const watchedContestants = contest.contestants.filter((x) => x.groupId === watched);
      const countsNow = async () => {
        await drain(pool, contest.contestId, tally.accepted);
        const { rows } = await pool.query('SELECT u.username, e.current_contest_votes FROM contest_entries e JOIN users u ON u.id = e.user_id WHERE e.group_id = $1', [watched]);
        return new Map(rows.map((row) => [row.username, row.current_contest_votes]));
      };
      // 50 timed sockets here, the rest in the crowd process; they join in turns, so the timed
      // ones sit all along the room's delivery order.
      const probes = Math.min(S.sockets, 50);
      const crowdSize = S.sockets - probes;
      const crowd = startCrowd();
      await crowd.ready;
      const sockets = [];
      for (let wave = 0, c = 0; wave < 10; wave++) {
        const nCrowd = Math.ceil((crowdSize * (wave + 1)) / 10) - Math.ceil((crowdSize * wave) / 10);
        if (nCrowd) await crowd.connect({ apis, room: `group:${watched}`, n: nCrowd, offset: c });
        c += nCrowd;
        const nProbe = Math.ceil((probes * (wave + 1)) / 10) - Math.ceil((probes * wave) / 10);
        sockets.push(...(await connectSockets(apis, `group:${watched}`, nProbe, c)));
        c += nProbe;
      }
      // Warm-up at the same rate (its figures dropped), then the measured votes.
      if (S.warmupSeconds > 0) await socketLatency(apis, sockets, watchedContestants, await countsNow(), tally, Math.ceil(S.warmupSeconds * S.socketRate));
      const baseline = await countsNow();
      const before = await crowd.count();
      r.live = await phase(() => socketLatency(apis, sockets, watchedContestants, baseline, tally));
      const after = await crowd.count();
      r.live.crowd = { sockets: after.sockets, votes: after.votes - before.votes, wanted: r.live.accepted * after.sockets };
      sockets.forEach((so) => so.close());
      crowd.close();
    }

    // Every accepted vote counted once: wait for the last ones, then compare (and look again a second later).
    await drain(pool, contest.contestId, tally.accepted);
    await sleep(1000);
    const final = await counts(pool, contest.contestId);
    pass = final.ledger === tally.accepted && final.entries === tally.accepted && final.profiles === tally.accepted;

    const totalSockets = (live) => live.probes + live.crowd.sockets;
    const ratio = (x) => (r.ceiling ? fmt(x.rate / r.ceiling.rate, 2) : '-');
    const load = (x) =>
      (x.otherLoad === undefined ? '' : `   cpu: bench ${fmt(x.benchLoad * 100)}%, other ${fmt(x.otherLoad * 100)}%${x.otherLoad > 0.05 ? ' (DISTURBED)' : ''}`) +
      (x.steal === undefined ? '' : `, steal ${fmt(x.steal * 100)}%${x.steal > 0.05 ? ' (the host took CPU time)' : ''}`) +
      `, generator lag p99 ${fmt(x.generatorLag.p99, 0)} ms` +
      (x.cores ? `\n${' '.repeat(48)}cores: ${Object.entries(x.cores).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${fmt(v, 2)}`).join(', ')}` : '');
    const line = (label, x, target = '') =>
      log(`  ${label.padEnd(44)} ${fmt(x.rate).padStart(6)} req/s   ${ms(x)}   ratio ${ratio(x)}   [${Object.entries(x.statuses).map(([k, v]) => `${k}×${v}`).join(' ')}]${target}${load(x)}`);
    log('\nResults');
    if (r.ceiling) line('(d) ceiling      GET /site', r.ceiling);
    if (r.health) line('    health       GET /health (SELECT 1 + PING)', r.health);
    if (r.votes) line('(a) free votes   POST /contestants/{u}/vote', r.votes, '   target ≥ 3000/s (aim 5000), p99 < 50 ms');
    for (const x of r.votesRate ?? [])
      line(
        `(a) free votes at ${x.offered}/s offered`,
        x,
        `   target p99 < 50 ms at ≥ 3000/s   (${x.connections} connections, at most ${x.mostWaiting} votes waiting for one, ${x.unanswered} unanswered; ${x.drain.counted} votes still to count at the end, counted in ${fmt(x.drain.seconds, 1)} s)`,
      );
    if (r.intake) line("(a') intake only, worker(s) paused", r.intake, '   diagnostic');
    if (r.board) line('(b) leaderboard  GET /groups/{id}/leaderboard', r.board, '   target ratio ≥ 0.60');
    if (r.live) {
      const { live } = r;
      log(`  (c) sockets      vote sent → its 'votes' event         ${ms(live.votes)}   (${live.votes.count}/${live.wanted} timed deliveries)   target p99 < 150 ms`);
      log(`                   vote sent → 'standings' showing it    ${ms(live.standings)}   (${live.standings.count}/${live.wanted} timed deliveries)`);
      log(`                   ${totalSockets(live)} sockets: ${live.probes} timed here, ${live.crowd.sockets} in the crowd process, which got ${live.crowd.votes}/${live.crowd.wanted} 'votes' events`);
      log(`                   ${live.accepted}/${live.sent} votes at ${S.socketRate}/s watched by ${S.sockets} sockets; their HTTP answers ${ms(live.http)}${load(live)}`);
    }
    if (r.drain) log(`  worker(s)        counted ${r.drain.counted} votes in ${fmt(r.drain.seconds, 1)} s after the vote phase (${fmt(r.drain.counted / r.drain.seconds)} votes/s)`);
    if (r.intakeDrain) log(`                   counted ${r.intakeDrain.counted} votes in ${fmt(r.intakeDrain.seconds, 1)} s after the intake phase (${fmt(r.intakeDrain.counted / r.intakeDrain.seconds)} votes/s)`);
    log(`  check            accepted ${tally.accepted}; ledger ${final.ledger}, entries ${final.entries}, profiles ${final.profiles}: ${pass ? 'PASS' : 'FAIL'}`);
    if (process.env.BENCH_JSON) log(JSON.stringify({ settings: S, ...r, accepted: tally.accepted, final, pass }, null, 2));
    if (!pass) {
      for (const p of started) log(`--- ${p.name} ---\n${p.output().slice(-4000)}`);
    }
  } finally {
    await cleanup();
  }
  process.exitCode = pass ? 0 : 1;
}

if (process.argv[2] === '--socket-crowd') {
  await crowdMain();
} else {
  await main().catch((err) => {
    console.error(err instanceof Error ? err.stack : err);
    process.exitCode = 1;
  });
  // Keep-alive connections and closed sockets may hold the loop open a while; everything is cleaned up by now.
  process.exit();
}
