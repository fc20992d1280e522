// The bench's settings, from the environment (listed with their defaults at the top of scripts/bench.mjs).
const num = (name, def) => {
  const v = Number(process.env[name] ?? def);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a number`);
  return v;
};

/** A comma-separated list of positive numbers (`5000,20000`). */
const list = (name, def) => {
  const v = String(process.env[name] ?? def)
    .split(',')
    .map((x) => Number(x.trim()))
    .filter((n) => Number.isFinite(n) && n > 0);
  if (!v.length) throw new Error(`${name} must list one or more positive numbers`);
  return v;
};

/** One of `allowed`, or null when unset. */
const oneOf = (name, allowed) => {
  const v = process.env[name];
  if (!v) return null;
  if (!allowed.includes(v)) throw new Error(`${name} must be one of ${allowed.join(', ')}`);
  return v;
};

export const S = {
  apis: Math.max(1, num('BENCH_APIS', 2)),
  workers: Math.max(1, num('BENCH_WORKERS', 1)),
  seconds: num('BENCH_SECONDS', 10),
  warmupSeconds: num('BENCH_WARMUP_SECONDS', 3),
  concurrency: Math.max(1, num('BENCH_CONCURRENCY', 100)),
  maxRequests: num('BENCH_MAX_REQUESTS', 200_000),
  votesPerVoter: Math.max(1, num('BENCH_VOTES_PER_VOTER', 10)),
  voteRates: (process.env.BENCH_VOTE_RATES ?? '3000,5000')
    .split(',')
    .map(Number)
    .filter((n) => Number.isFinite(n) && n > 0),
  workerNice: Math.min(19, num('BENCH_WORKER_NICE', 10)),
  rateConnections: Math.max(1, num('BENCH_RATE_CONNECTIONS', 256)),
  socketSizes: list('BENCH_SOCKETS', '1000'),
  socketRates: process.env.BENCH_SOCKET_RATES ? list('BENCH_SOCKET_RATES') : [Math.max(1, num('BENCH_SOCKET_RATE', 20))],
  socketSeconds: num('BENCH_SOCKET_SECONDS', 10),
  // Votes per rate: BENCH_SOCKET_VOTES when set, else the rate times BENCH_SOCKET_SECONDS, at most BENCH_SOCKET_MAX_VOTES.
  socketVotes: process.env.BENCH_SOCKET_VOTES ? num('BENCH_SOCKET_VOTES', 0) : null,
  socketMaxVotes: num('BENCH_SOCKET_MAX_VOTES', 40_000),
  socketProbes: num('BENCH_SOCKET_PROBES', 50),
  crowdPerProcess: Math.max(1, num('BENCH_CROWD_PER_PROCESS', 5000)),
  stormSockets: Math.max(1, num('BENCH_STORM_SOCKETS', 5000)),
  stormRate: Math.max(1, num('BENCH_STORM_RATE', 20)),
  stormSeconds: Math.max(1, num('BENCH_STORM_SECONDS', 30)),
  stormWaitSeconds: num('BENCH_STORM_WAIT_SECONDS', 60),
  surgeRate: Math.max(1, num('BENCH_SURGE_RATE', 5000)),
  surgeSeconds: num('BENCH_SURGE_SECONDS', 60),
  surgeMaxVotes: num('BENCH_SURGE_MAX_VOTES', 600_000),
  faultRate: Math.max(1, num('BENCH_FAULT_RATE', 300)),
  faultSeconds: num('BENCH_FAULT_SECONDS', 30),
  faultBeforeSeconds: num('BENCH_FAULT_BEFORE_SECONDS', 10),
  faultAfterSeconds: num('BENCH_FAULT_AFTER_SECONDS', 20),
  faults: (process.env.BENCH_FAULTS ?? 'database,redis,worker').split(',').map((x) => x.trim()),
  redisAppendfsync: oneOf('BENCH_REDIS_APPENDFSYNC', ['always', 'everysec']),
  pgUrl: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
  acceptEncoding: process.env.BENCH_ACCEPT_ENCODING ?? '',
  appEnv: JSON.parse(process.env.BENCH_APP_ENV || '{}'),
  groups: 2,
  perGroup: 50,
};

export const PHASES = (process.env.BENCH_PHASES ?? 'site,shell,health,leaderboard,votes-rate,votes,sockets,payments').split(',').map((x) => x.trim());
export const want = (phase) => PHASES.includes(phase);

export const log = (...a) => console.log(...a);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-');
export const ms = (s) => `p50 ${fmt(s.p50, 1)} ms, p99 ${fmt(s.p99, 1)} ms, max ${fmt(s.max, 1)} ms`;
