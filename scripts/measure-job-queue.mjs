// Votes throughput of the one-process job queue (decision 011), bounded: N count-votes jobs (one vote each, as at
// rest; or B votes each with --votes-per-job) are added by C concurrent adders while the queue runs
// them; the handler counts them the way CountVotesHandler does (a MicroBatcher with a 10 ms linger,
// one database transaction per batch). Prints the time until every job ran, jobs/s, and add() latency.
// Uses the compiled server (npm run build:server) and a scratch database on TEST_PG_URL
// (default postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
//   node scripts/measure-job-queue.mjs <pg|graphile> [N=4000] [C=64]
// `pg` is the PgJobQueue the server uses; `graphile` is the same JobQueue contract on graphile-worker
// (below: the adapter that was measured and not adopted), GQ_OPTS its options as JSON, e.g.
// GQ_OPTS='{"maxPoolSize":24,"localQueueSize":100,"completeJobBatchDelay":5,"concurrency":64}'.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { Logger, makeWorkerUtils, run, runMigrations as runGraphileMigrations } from 'graphile-worker';

const quiet = new Logger(() => (level, message) => {
  if (level === 'error') console.error(message);
});

/** The JobQueue contract on graphile-worker: LISTEN/NOTIFY pickup, e^n s back-off, job ids as unsafe_dedupe job keys. */
class GraphileJobQueue {
  constructor(url, { concurrency = 32, pollMs = 1000, maxAttempts = 5, maxPoolSize = 4, localQueueSize = 0, completeJobBatchDelay = -1 } = {}) {
    Object.assign(this, { url, concurrency, pollMs, maxAttempts, maxPoolSize, localQueueSize, completeJobBatchDelay });
    this.utils = makeWorkerUtils({ connectionString: url, maxPoolSize, logger: quiet });
  }
  async add(job, payload, { jobId } = {}) {
    await (await this.utils).addJob(job.name, payload, { maxAttempts: this.maxAttempts, ...(jobId ? { jobKey: jobId, jobKeyMode: 'unsafe_dedupe' } : {}) });
  }
  async startWorkers(handlers) {
    this.runner = await run({
      connectionString: this.url,
      maxPoolSize: this.maxPoolSize,
      concurrency: this.concurrency,
      pollInterval: this.pollMs,
      noHandleSignals: true,
      logger: quiet,
      taskList: Object.fromEntries(handlers.map((h) => [h.job.name, (payload) => h.run(payload)])),
      preset: {
        worker: {
          ...(this.localQueueSize > 0 ? { localQueue: { size: this.localQueueSize } } : {}),
          ...(this.completeJobBatchDelay >= 0 ? { completeJobBatchDelay: this.completeJobBatchDelay } : {}),
        },
      },
    });
  }
  async close() {
    await this.runner?.stop();
    await (await this.utils).release();
  }
}

const [adapter = 'graphile', nArg = '4000', cArg = '64'] = process.argv.slice(2);
const N = Number(nArg);
const C = Number(cArg);
const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `measure_jq_${randomBytes(4).toString('hex')}`;
const url = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
const dist = new URL('../dist/server/src/', import.meta.url);
const load = (p) => import(new URL(p, dist).href);

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const deadline = setTimeout(() => {
  console.error('gave up after 300 s');
  process.exit(1);
}, 300_000);
try {
  const { runMigrations, dataSourceOptions } = await load('infra/database/data-source.js');
  const { MicroBatcher } = await load('common/micro-batcher.js');
  const { jobHandler } = await load('infra/queue/jobs.js');
  const { COUNT_VOTES } = await load('modules/votes/intake/vote-jobs.js');
  await runMigrations(url);
  const ds = await new DataSource(dataSourceOptions(url, 10)).initialize();
  await ds.query('CREATE TABLE counted (vote text PRIMARY KEY)');

  let queue;
  if (adapter === 'pg') {
    const { PgJobQueue } = await load('infra/queue/pg-job-queue.js');
    queue = new PgJobQueue(ds);
  } else {
    await runGraphileMigrations({ connectionString: url, logger: quiet });
    queue = new GraphileJobQueue(url, JSON.parse(process.env.GQ_OPTS || '{}'));
  }

  let done = 0;
  let batches = 0;
  let allDone;
  const finished = new Promise((r) => (allDone = r));
  const batcher = new MicroBatcher(
    async (votes) => {
      batches += 1;
      await ds.transaction((em) => em.query('INSERT INTO counted SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [votes]));
    },
    { lingerMs: 10 },
  );
  await queue.startWorkers([
    jobHandler(COUNT_VOTES, async ({ votes }) => {
      await Promise.all(votes.map((v) => batcher.add(v.voteId)));
      done += 1;
      if (done === N) allDone();
    }),
  ]);

  const addMs = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (next < N) {
        const i = next++;
        const s = performance.now();
        await queue.add(COUNT_VOTES, { votes: [{ voteId: `v${i}` }] }, { jobId: `votes:v${i}` });
        addMs.push(performance.now() - s);
      }
    }),
  );
  const tAdded = performance.now() - t0;
  await finished;
  const tDone = performance.now() - t0;
  addMs.sort((a, b) => a - b);
  const pct = (p) => addMs[Math.min(addMs.length - 1, Math.floor((p / 100) * addMs.length))].toFixed(1);
  const counted = (await ds.query('SELECT count(*)::int AS n FROM counted'))[0].n;
  console.log(
    JSON.stringify({
      adapter,
      jobs: N,
      adders: C,
      addedInMs: Math.round(tAdded),
      drainedInMs: Math.round(tDone),
      jobsPerSecond: Math.round(N / (tDone / 1000)),
      addP50Ms: Number(pct(50)),
      addP99Ms: Number(pct(99)),
      countingBatches: batches,
      counted,
    }),
  );
  await queue.close();
  await ds.destroy();
  await new Promise((r) => setTimeout(r, 200)); // pools end their clients asynchronously
  const left = await admin.query('SELECT count(*)::int AS n, string_agg(query, $2) AS q FROM pg_stat_activity WHERE datname = $1', [dbName, ' | ']);
  if (left.rows[0].n) console.error('connections left open after close():', left.rows[0]);
} finally {
  clearTimeout(deadline);
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
