// The JobQueue contract, run against both adapters: PgJobQueue (one process, always) and BullMQ
// (scaled mode) when TEST_REDIS_URL is set (.ci/run sets it), under a key prefix of its own that the
// suite deletes afterwards. Without TEST_REDIS_URL a test named "NOT RUN" says so (and fails under CI).
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { describeOnRedis, uniqueRedisPrefix } from '#test/helpers/redis-half.js';
import { TcpProxy } from '#test/helpers/tcp-proxy.mjs';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { BullMqJobQueue } from './bullmq-job-queue.js';
import { defineJob, defineQueue, jobHandler, type JobHandler, type JobQueue } from './jobs.js';
import { PgJobQueue } from './pg-job-queue.js';

// The suite's own queues and jobs, declared as a module declares its own: the queue knows none by name.
const MESSAGES = defineQueue({ name: 'spec-messages', concurrency: 8 });
const BATCHES = defineQueue({ name: 'spec-batches', concurrency: 16 });
const ONE_AT_A_TIME = defineQueue({ name: 'spec-one-at-a-time', concurrency: 1 });

interface Message {
  to: string;
  subject: string;
}
/** Work that a handler may take together with the other jobs running at the same time. */
interface Batch {
  items: { id: string }[];
}

const SEND = defineJob<Message>({ name: 'spec-send', queue: MESSAGES });
const PROCESS = defineJob<Batch>({ name: 'spec-process', queue: BATCHES });
const SLOW = defineJob<{ n: number }>({ name: 'spec-slow', queue: ONE_AT_A_TIME });

const mail = (n: number): Message => ({ to: `fan${n}@example.com`, subject: `#${n}` });
const batch = (n: number): Batch => ({ items: [{ id: `v${n}` }] });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** Handlers for the contract's two jobs; spec-process does nothing unless given. */
const handlers = (send: (m: Message) => Promise<void>, process: (b: Batch) => Promise<void> = async () => undefined): JobHandler[] => [
  jobHandler(SEND, send),
  jobHandler(PROCESS, process),
];

/** A stored job as the contract sees it, whatever the store. */
interface StoredJob {
  name: string;
  payload: unknown;
  jobId: string | null;
  attempts: number;
  lastError: string | null;
  /** Failed for good: kept, never run again. */
  dead: boolean;
}

interface QueueSettings {
  maxAttempts?: number;
  /** The first wait of a job postponed by an outage (short here, seconds in the app). */
  outageRetryMs?: number;
  /** A short lock on running jobs, so that a dead runner's job is taken again quickly (renewed while it runs). */
  shortLease?: boolean;
}

interface Rig {
  /** A runner on the shared store (as one more process would be). */
  queue(settings?: QueueSettings): JobQueue;
  /** The delay before the first retry; each next one is longer. */
  firstRetryMs: number;
  /** Every job still stored (waiting, delayed, running or failed for good), oldest first. */
  stored(): Promise<StoredJob[]>;
  /** A spec-send job that a runner took and then died with; answers when its lock lapses (epoch ms). */
  heldByDeadRunner(message: Message): Promise<number>;
  clear(): Promise<void>;
  close(): Promise<void>;
}

function contract(name: string, make: () => Promise<Rig>): void {
  describe(`JobQueue on ${name}`, () => {
    let rig: Rig;
    const queues: JobQueue[] = [];
    const queue = (settings?: QueueSettings) => {
      const q = rig.queue(settings);
      queues.push(q);
      return q;
    };
    beforeAll(async () => {
      rig = await make();
    }, 60_000);
    afterEach(async () => {
      await Promise.all(queues.splice(0).map((q) => q.close()));
      await rig.clear();
    });
    afterAll(async () => {
      await rig.close();
    });

    it('should have stored the job when add() resolves', async () => {
      await queue().add(SEND, mail(1), { jobId: 'mail:1' });
      expect(await rig.stored()).toEqual([{ name: 'spec-send', payload: mail(1), jobId: 'mail:1', attempts: 0, lastError: null, dead: false }]);
    });

    it('should run a job once and then remove it', async () => {
      const seen: string[] = [];
      const q = queue();
      await q.startWorkers(handlers(async (m) => void seen.push(m.subject)));
      await q.add(SEND, mail(2));
      await until('the job to run', () => seen.length === 1);
      await until('the job to be removed', async () => (await rig.stored()).length === 0);
      await sleep(150);
      expect(seen).toEqual(['#2']);
    });

    it('should say a job id exists while its job waits, runs or failed for good, and not before it was added nor once done', async () => {
      const q = queue({ maxAttempts: 1 });
      expect(await q.exists(SEND, 'exists:waits')).toBe(false);
      await q.add(SEND, mail(20), { jobId: 'exists:waits' });
      await q.add(SEND, { to: 'broken', subject: '#21' }, { jobId: 'exists:fails' });
      expect([await q.exists(SEND, 'exists:waits'), await q.exists(SEND, 'exists:fails'), await q.exists(SEND, 'exists:other')]).toEqual([true, true, false]);

      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const running: string[] = [];
      await q.startWorkers(
        handlers(async (m) => {
          if (m.to === 'broken') throw new Error('no such address');
          running.push(m.subject);
          await held;
        }),
      );
      try {
        await until('the job to run', () => running.length === 1);
        expect(await q.exists(SEND, 'exists:waits')).toBe(true);
      } finally {
        // Never left holding the job: close() would wait for it.
        release();
      }
      await until('the job to be done', async () => !(await q.exists(SEND, 'exists:waits')));
      await until('the other to fail for good', async () => (await rig.stored()).some((j) => j.jobId === 'exists:fails' && j.dead));
      expect(await q.exists(SEND, 'exists:fails')).toBe(true);
    });

    it('should keep one job per job id while it waits', async () => {
      const q = queue();
      await q.add(SEND, mail(3), { jobId: 'key:abc' });
      await q.add(SEND, mail(4), { jobId: 'key:abc' });
      await q.add(SEND, mail(5));
      await q.add(SEND, mail(6));
      expect((await rig.stored()).map((j) => (j.payload as Message).subject)).toEqual(['#3', '#5', '#6']);

      const seen: string[] = [];
      await q.startWorkers(handlers(async (m) => void seen.push(m.subject)));
      await until('three jobs to run', () => seen.length === 3);
      expect(seen.sort()).toEqual(['#3', '#5', '#6']);
    });

    it('should run a job added with runAt no sooner than that time, and one whose time has passed at once', async () => {
      const ran: { subject: string; at: number }[] = [];
      const q = queue();
      await q.startWorkers(handlers(async (m) => void ran.push({ subject: m.subject, at: Date.now() })));
      const runAt = new Date(Date.now() + 1500);
      await q.add(SEND, mail(30), { jobId: 'scheduled:30', runAt });
      await q.add(SEND, mail(31), { runAt: new Date(Date.now() - 60_000) });
      await until('the past-due job to run', () => ran.some((r) => r.subject === '#31'), 5_000);
      expect(ran.map((r) => r.subject)).toEqual(['#31']);
      await until('the scheduled job to run', () => ran.length === 2, 10_000);
      expect(ran[1].subject).toBe('#30');
      expect(ran[1].at).toBeGreaterThanOrEqual(runAt.getTime());
    });

    it('should run together the jobs stored together, up to its concurrency (a handler may batch those)', async () => {
      const started: string[] = [];
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const q = queue();
      for (let i = 0; i < 12; i++) await q.add(PROCESS, batch(i), { jobId: `batch:v${i}` });
      await q.startWorkers(
        handlers(
          async () => undefined,
          async (payload) => {
            started.push(payload.items[0].id);
            await gate;
          },
        ),
      );
      // Every job is running before any has finished: the handler sees them all at once.
      await until('all twelve jobs to be running at once', () => started.length === 12);
      release();
      await until('the finished jobs to be removed', async () => (await rig.stored()).length === 0);
      expect(started.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `v${i}`).sort());
    });

    it('should retry a failing job with growing back-off until it succeeds', async () => {
      const calls: number[] = [];
      const q = queue();
      await q.startWorkers(
        handlers(async () => {
          calls.push(Date.now());
          if (calls.length < 3) throw new Error(`flaky ${calls.length}`);
        }),
      );
      await q.add(SEND, mail(7));
      await until('the third attempt', () => calls.length === 3, 20_000);
      await until('the job to be removed', async () => (await rig.stored()).length === 0);
      // Exponential: about the first delay before the second attempt, about twice that before the third.
      expect(calls[1] - calls[0]).toBeGreaterThanOrEqual(rig.firstRetryMs * 0.75);
      expect(calls[2] - calls[1]).toBeGreaterThanOrEqual(rig.firstRetryMs * 1.75);
    }, 30_000);

    it('should not spend attempts on an outage: the job waits, runs again past its attempts, and keeps them for real errors', async () => {
      const calls: string[] = [];
      let stored: StoredJob[] = [];
      const q = queue({ maxAttempts: 2, outageRetryMs: 50 });
      await q.startWorkers(
        handlers(async () => {
          calls.push('run');
          // One real error, then the database and Redis go away for a while (four tries), then it works.
          if (calls.length === 1) throw new Error('a real fault');
          if (calls.length === 2) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
          if (calls.length === 3) throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
          if (calls.length === 4) throw new Error('Connection is closed.');
          if (calls.length === 5) {
            stored = await rig.stored();
            throw Object.assign(new Error('Reached the max retries per request limit (which is 0).'), { name: 'MaxRetriesPerRequestError' });
          }
        }),
      );
      await q.add(SEND, mail(40), { jobId: 'mail:40' });
      await until('the job to succeed after the outage', async () => calls.length === 6 && (await rig.stored()).length === 0, 20_000);
      // While the outage lasted the job kept the one attempt the real error used, and was never failed.
      expect(stored).toEqual([expect.objectContaining({ jobId: 'mail:40', dead: false })]);
      // At most the real error's attempt and the one running now (the PostgreSQL queue counts an attempt when it claims).
      expect(stored[0].attempts).toBeLessThanOrEqual(2);
      expect((await q.failed(5)).total).toBe(0);
    }, 30_000);

    it('should still fail a job for good when real errors use its attempts, whatever outages came between', async () => {
      let calls = 0;
      const q = queue({ maxAttempts: 2, outageRetryMs: 50 });
      await q.startWorkers(
        handlers(async () => {
          calls += 1;
          if (calls === 2) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
          throw new Error(`bad payload ${calls}`);
        }),
      );
      await q.add(SEND, mail(41), { jobId: 'mail:41' });
      await until('the job to be given up', async () => (await rig.stored())[0]?.dead === true, 20_000);
      await sleep(300);
      expect(calls).toBe(3);
      expect(await rig.stored()).toEqual([expect.objectContaining({ jobId: 'mail:41', attempts: 2, lastError: 'bad payload 3', dead: true })]);
    }, 30_000);

    it('should keep a job that failed every attempt, with its last error, and not run it again', async () => {
      let calls = 0;
      const q = queue({ maxAttempts: 3 });
      await q.startWorkers(
        handlers(async () => {
          calls += 1;
          throw new Error(`broken ${calls}`);
        }),
      );
      await q.add(SEND, mail(8), { jobId: 'mail:8' });
      await until('the job to be given up', async () => (await rig.stored())[0]?.dead === true, 20_000);
      await sleep(300);
      expect(calls).toBe(3);
      expect(await rig.stored()).toEqual([expect.objectContaining({ jobId: 'mail:8', attempts: 3, lastError: 'broken 3', dead: true })]);
    }, 30_000);

    it('should start again, from its first attempt, a job that failed every attempt when its id is added again', async () => {
      let broken = true;
      const seen: string[] = [];
      const q = queue({ maxAttempts: 2 });
      await q.startWorkers(
        handlers(async (m) => {
          seen.push(m.subject);
          if (broken) throw new Error('down');
        }),
      );
      await q.add(SEND, mail(9), { jobId: 'mail:9' });
      await until('the job to be given up', async () => (await rig.stored())[0]?.dead === true, 20_000);
      expect(seen).toEqual(['#9', '#9']);
      broken = false;
      await q.add(SEND, mail(9), { jobId: 'mail:9' });
      await until('the job to run again and be removed', async () => (await rig.stored()).length === 0, 20_000);
      expect(seen).toEqual(['#9', '#9', '#9']);
    }, 30_000);

    it('should say whether a job added before a time is pending (waiting, running, scheduled), and not once done or failed for good', async () => {
      const later = () => new Date(Date.now() + 1000);
      const q = queue({ maxAttempts: 1 });
      const before = new Date(Date.now() - 1000);
      await q.add(SEND, mail(20));
      expect(await q.pendingBefore(MESSAGES, later())).toBe(true);
      expect(await q.pendingBefore(MESSAGES, before)).toBe(false);
      expect(await q.pendingBefore(BATCHES, later())).toBe(false);

      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let running = 0;
      await q.startWorkers(
        handlers(async (m) => {
          running += 1;
          if (m.subject === '#21') throw new Error('broken for good');
          await gate;
        }),
      );
      await until('the job to run', () => running === 1);
      expect(await q.pendingBefore(MESSAGES, later())).toBe(true);
      release();
      await until('the job to be done', async () => (await rig.stored()).length === 0);
      expect(await q.pendingBefore(MESSAGES, later())).toBe(false);

      await q.add(SEND, mail(22), { runAt: new Date(Date.now() + 60_000) });
      expect(await q.pendingBefore(MESSAGES, later())).toBe(true);
      await rig.clear();
      await q.add(SEND, mail(21));
      await until('the job to fail for good', async () => (await q.failed(5)).total === 1, 20_000);
      expect(await q.pendingBefore(MESSAGES, later())).toBe(false);
    }, 45_000);

    it('should list the jobs that failed every attempt, newest first, run one again once on retry and drop one on discard', async () => {
      let broken = true;
      const seen: string[] = [];
      const q = queue({ maxAttempts: 2 });
      await q.startWorkers(
        handlers(async (m) => {
          seen.push(m.subject);
          if (broken) throw new Error(`refused ${m.subject}`);
        }),
      );
      await q.add(SEND, mail(10), { jobId: 'mail:10' });
      await until('the first job to be given up', async () => (await q.failed(10)).total === 1, 20_000);
      await q.add(SEND, mail(11));
      await until('the second job to be given up', async () => (await q.failed(10)).total === 2, 20_000);

      const { jobs, total } = await q.failed(10);
      expect(total).toBe(2);
      expect(jobs).toEqual([
        expect.objectContaining({ queue: 'spec-messages', name: 'spec-send', key: null, attempts: 2, error: 'refused #11' }),
        expect.objectContaining({ queue: 'spec-messages', name: 'spec-send', key: expect.stringMatching(/^mail[:.]10$/), attempts: 2, error: 'refused #10' }),
      ]);
      expect(jobs[0].failedAt!.getTime()).toBeGreaterThanOrEqual(jobs[1].failedAt!.getTime());
      expect((await q.failed(1)).jobs).toEqual([jobs[0]]);
      const [newest, oldest] = jobs;

      // Only the queue that holds it names it.
      expect(await q.retryFailed('spec-batches', oldest.id)).toBeNull();
      expect(await q.retryFailed('spec-messages', `${oldest.id}0`)).toBeNull();

      broken = false;
      expect(await q.retryFailed('spec-messages', oldest.id)).toEqual(oldest);
      await until('the retried job to run and be removed', async () => (await rig.stored()).length === 1, 20_000);
      // Already retried: a second click finds no failed job.
      expect(await q.retryFailed('spec-messages', oldest.id)).toBeNull();

      expect(await q.discardFailed('spec-messages', newest.id)).toEqual(newest);
      expect(await q.discardFailed('spec-messages', newest.id)).toBeNull();
      expect(await rig.stored()).toEqual([]);
      expect(await q.failed(10)).toEqual({ jobs: [], total: 0 });
      await sleep(300);
      expect(seen).toEqual(['#10', '#10', '#11', '#11', '#10']);
    }, 45_000);

    it('should run, after a restart, the jobs stored before it and those a dead runner held', async () => {
      // A process that died while running a job: its lock runs out shortly.
      const lockLapsesAt = await rig.heldByDeadRunner(mail(11));
      // Another process stores two jobs and stops before running them.
      const first = queue();
      await first.add(SEND, mail(9));
      await first.add(SEND, mail(10));
      await first.close();

      const seen: { subject: string; at: number }[] = [];
      const second = queue({ shortLease: true });
      await second.startWorkers(handlers(async (m) => void seen.push({ subject: m.subject, at: Date.now() })));
      await until('every job to run', () => seen.length >= 3);
      await until('every job to be removed', async () => (await rig.stored()).length === 0);
      expect(seen.map((s) => s.subject).sort()).toEqual(['#10', '#11', '#9']);
      // Not before: while the lock held, the job belonged to the runner that took it.
      expect(seen.find((s) => s.subject === '#11')!.at).toBeGreaterThanOrEqual(lockLapsesAt);
    }, 30_000);

    it('should give each job to one runner only, however many run against the store', async () => {
      const seen: string[] = [];
      const handler = handlers(async (m) => {
        await sleep(5);
        seen.push(m.subject);
      });
      const a = queue();
      const b = queue();
      await Promise.all([a.startWorkers(handler), b.startWorkers(handler)]);
      await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).add(SEND, mail(100 + i))));
      await until('every job to run', () => seen.length >= 60);
      await sleep(200);
      expect(seen.length).toBe(60);
      expect(new Set(seen).size).toBe(60);
    });

    it('should keep the lock of a job that runs longer than its lease', async () => {
      let runs = 0;
      const slow = handlers(async () => {
        runs += 1;
        await sleep(1_500);
      });
      const a = queue({ shortLease: true });
      const b = queue({ shortLease: true });
      await Promise.all([a.startWorkers(slow), b.startWorkers(slow)]);
      await a.add(SEND, mail(12));
      await until('the job to finish', async () => runs === 1 && (await rig.stored()).length === 0);
      await sleep(300);
      expect(runs).toBe(1);
    });

    it('should wait for running jobs on close() and refuse new ones afterwards', async () => {
      let started = false;
      let finished = false;
      const q = queue();
      await q.startWorkers(
        handlers(async () => {
          started = true;
          await sleep(300);
          finished = true;
        }),
      );
      await q.add(SEND, mail(13));
      await until('the job to start', () => started);
      await q.close();
      expect(finished).toBe(true);
      expect(await rig.stored()).toEqual([]);
      await expect(q.add(SEND, mail(14))).rejects.toThrow('The job queue is closed');
    });
  });
}

contract('PostgreSQL (PgJobQueue, one process)', async () => {
  const db: TestDatabase = await createTestDatabase();
  const ds = await new DataSource(dataSourceOptions(db.url, 8)).initialize();
  const backoffMs = 40;
  return {
    firstRetryMs: backoffMs,
    queue: (s = {}) =>
      new PgJobQueue(ds, { pollMs: 50, backoffMs, maxAttempts: s.maxAttempts, leaseMs: s.shortLease ? 300 : undefined, outageRetryMs: s.outageRetryMs }),
    stored: async () =>
      (await db.pool.query(`SELECT name, payload, job_key AS "jobId", attempts, last_error AS "lastError", run_at = 'infinity' AS dead FROM jobs ORDER BY id`))
        .rows,
    heldByDeadRunner: async (message) => {
      const { rows } = await db.pool.query(
        `INSERT INTO jobs (name, payload, attempts, locked_until) VALUES ($1, $2, 1, now() + interval '400 milliseconds')
         RETURNING (extract(epoch FROM locked_until) * 1000)::float8 AS lapses`,
        [SEND.name, JSON.stringify(message)],
      );
      return rows[0].lapses as number;
    },
    clear: async () => void (await db.pool.query('DELETE FROM jobs')),
    close: async () => {
      await ds.destroy();
      await db.drop();
    },
  };
});

// Only the one-process queue can store a job in a database transaction (a caller stores its rows
// and their job so: both or neither).
describe(`${PgJobQueue.name} add() with inTransaction`, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let transactions: Transactions;
  let queue: PgJobQueue;
  const counted: string[] = [];
  const storedKeys = async () => (await db.pool.query('SELECT job_key FROM jobs ORDER BY id')).rows.map((r: { job_key: string }) => r.job_key);

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 4)).initialize();
    transactions = new Transactions(ds);
    // A poll far longer than the test: a job runs this soon only if the queue was woken.
    queue = new PgJobQueue(ds, { pollMs: 60_000 });
    await queue.startWorkers(
      handlers(
        async () => undefined,
        async (payload) => void counted.push(payload.items[0].id),
      ),
    );
  }, 60_000);
  afterAll(async () => {
    await queue.close();
    await ds.destroy();
    await db.drop();
  });

  it('should roll the job back with the transaction it was added in', async () => {
    const failure = new Error('the claims could not be written');
    await expect(
      transactions.run(async () => {
        await queue.add(PROCESS, batch(1), { jobId: 'batch:v1', inTransaction: true });
        throw failure;
      }),
    ).rejects.toBe(failure);
    await sleep(200);
    expect(await storedKeys()).toEqual([]);
    expect(counted).toEqual([]);
  });

  it('should store the job with the commit, not before, and run it as soon as the commit is done', async () => {
    let seenBeforeCommit: string[] | null = null;
    await transactions.run(async () => {
      await queue.add(PROCESS, batch(2), { jobId: 'batch:v2', inTransaction: true });
      seenBeforeCommit = await storedKeys();
    });
    expect(seenBeforeCommit).toEqual([]);
    await until('the job to run', () => counted.includes('v2'), 5_000);
  });

  it('should store a job added without it at once, whatever becomes of the transaction around the call', async () => {
    await expect(
      transactions.run(async () => {
        await queue.add(PROCESS, batch(3), { jobId: 'batch:v3' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await until('the job to run', () => counted.includes('v3'), 5_000);
  });
});

// The counts the admin page and the metrics read, from rows in every state (no runner takes them).
describe(`${PgJobQueue.name} stats()`, () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it("should count each declared queue's jobs by state, and how long its oldest due job has waited", async () => {
    const queue = new PgJobQueue(ds);
    expect((await queue.stats()).filter((s) => s.queue.startsWith('spec-'))).toEqual(
      ['spec-batches', 'spec-messages', 'spec-one-at-a-time'].map((name) => ({
        queue: name,
        waiting: 0,
        delayed: 0,
        running: 0,
        failed: 0,
        oldestWaitingSeconds: 0,
      })),
    );
    await queue.add(SEND, mail(1), { runAt: new Date(Date.now() - 30_000) });
    await queue.add(SEND, mail(2));
    await queue.add(SEND, mail(3), { runAt: new Date(Date.now() + 60_000) });
    await queue.add(PROCESS, batch(4));
    await db.pool.query(`INSERT INTO jobs (name, payload, attempts, locked_until) VALUES ($1, '{}', 1, now() + interval '1 minute')`, [SEND.name]);
    await db.pool.query(`INSERT INTO jobs (name, payload, attempts, run_at, failed_at) VALUES ($1, '{}', 5, 'infinity', now())`, [SEND.name]);

    const stats = await queue.stats();
    const messages = stats.find((s) => s.queue === 'spec-messages')!;
    expect(messages).toEqual({ queue: 'spec-messages', waiting: 2, delayed: 1, running: 1, failed: 1, oldestWaitingSeconds: expect.any(Number) });
    expect(messages.oldestWaitingSeconds).toBeGreaterThanOrEqual(29);
    expect(messages.oldestWaitingSeconds).toBeLessThan(60);
    expect(stats.find((s) => s.queue === 'spec-batches')).toMatchObject({ waiting: 1, delayed: 0, running: 0, failed: 0 });
    await queue.close();
  });
});

// The one-process queue's store is the database itself: when it goes away mid-job, not even the
// job's own failure can be written. The job stays this process's until it can be, and the attempt
// it was given is taken back.
describe(`${PgJobQueue.name} when the database goes away while a job runs`, () => {
  let db: TestDatabase;
  let proxy: TcpProxy;
  let ds: DataSource;
  let queue: PgJobQueue | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
    const direct = new URL(db.url);
    proxy = await TcpProxy.start({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(db.url);
    viaProxy.port = String(proxy.port);
    ds = await new DataSource(dataSourceOptions(viaProxy.toString(), 4)).initialize();
  }, 60_000);
  afterAll(async () => {
    await queue?.close();
    await proxy.restore();
    await ds.destroy();
    await proxy.stop();
    await db.drop();
  });

  it('should keep the job through the outage, give back its attempt and run it once the database returns', async () => {
    const runs: string[] = [];
    const ranAt: number[] = [];
    queue = new PgJobQueue(ds, { pollMs: 50, maxAttempts: 1, outageRetryMs: 100 });
    await queue.startWorkers(
      handlers(async (m) => {
        runs.push(m.subject);
        ranAt.push(Date.now());
        if (runs.length > 1) return;
        // The database goes away in the middle of the job: its next statement fails.
        await proxy.cut();
        await ds.query('SELECT 1');
      }),
    );
    await queue.add(SEND, mail(50), { jobId: 'mail:50' });
    await until('the job to be stopped by the outage', () => runs.length === 1 && !proxy.up, 10_000);
    await sleep(1500);
    // Its one attempt was used by the claim and could not be given back yet; it was never failed.
    expect((await db.pool.query('SELECT attempts FROM jobs')).rows[0].attempts).toBe(1);
    expect(runs).toEqual(['#50']);
    await proxy.restore();
    const restoredAt = Date.now();
    await until('the job to run again and be removed', async () => runs.length === 2 && (await db.pool.query('SELECT 1 FROM jobs')).rowCount === 0, 20_000);
    expect(runs).toEqual(['#50', '#50']);
    // Put back as soon as the database answered, not left until its lease (10 s) lapsed.
    expect(ranAt[1] - restoredAt).toBeLessThan(5_000);
  }, 40_000);
});

// Only the one-process queue drains at close (a stop of `npm start`): in scaled mode the jobs wait
// in Redis for the other workers.
describe(`${PgJobQueue.name} close()`, () => {
  let db: TestDatabase;
  let ds: DataSource;
  const ran: string[] = [];
  const slowMail = handlers(async (m) => {
    await sleep(30);
    ran.push(m.subject);
  });
  const storedCount = async () => (await db.pool.query('SELECT count(*)::int AS n FROM jobs')).rows[0].n as number;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 4)).initialize();
  }, 60_000);
  afterEach(async () => {
    ran.length = 0;
    await db.pool.query('DELETE FROM jobs');
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should run every job already due before it resolves', async () => {
    const producer = new PgJobQueue(ds);
    for (let n = 1; n <= 6; n++) await producer.add(SEND, mail(n));
    const q = new PgJobQueue(ds, { concurrency: 2, pollMs: 50 });
    await q.startWorkers(slowMail);
    await q.close();
    expect(ran.sort()).toEqual(['#1', '#2', '#3', '#4', '#5', '#6']);
    expect(await storedCount()).toBe(0);
  });

  it('should stop draining after drainMs and keep the rest for the next start', async () => {
    const producer = new PgJobQueue(ds);
    for (let n = 1; n <= 40; n++) await producer.add(SEND, mail(n));
    const q = new PgJobQueue(ds, { concurrency: 1, pollMs: 50, drainMs: 100 });
    await q.startWorkers(slowMail);
    await q.close();
    const left = await storedCount();
    expect(left).toBeGreaterThan(0);
    expect(ran.length + left).toBe(40);
  });
});

describeOnRedis('JobQueue', (redisUrl) => {
  contract('BullMQ (scaled mode)', async () => {
    const prefix = `${uniqueRedisPrefix('job-queue')}:bull`;
    const connection = { url: redisUrl, maxRetriesPerRequest: null };
    const connections = { producer: { url: redisUrl, maxRetriesPerRequest: 0, enableOfflineQueue: false }, worker: connection };
    const inspect = [MESSAGES, BATCHES].map((q) => new Queue(q.name, { connection, prefix }));
    const redis = new Redis(redisUrl);
    const backoffMs = 300;
    return {
      firstRetryMs: backoffMs,
      queue: (s = {}) =>
        new BullMqJobQueue(connections, prefix, {
          backoffMs,
          attempts: s.maxAttempts,
          outageRetryMs: s.outageRetryMs,
          ...(s.shortLease ? { lockDurationMs: 600, stalledIntervalMs: 300 } : {}),
        }),
      stored: async () => {
        const jobs = [];
        for (const q of inspect) {
          for (const job of await q.getJobs(['waiting', 'delayed', 'active', 'prioritized', 'failed'])) {
            if (!job) continue;
            jobs.push({
              at: job.timestamp,
              seq: Number(job.id) || 0,
              job: {
                name: job.name,
                payload: job.data,
                // BullMQ keeps `a:b` as `a.b` (bullJobId); its own ids are numbers.
                jobId: /^\d+$/.test(job.id!) ? null : job.id!.replaceAll('.', ':'),
                attempts: job.attemptsMade,
                lastError: job.failedReason ?? null,
                dead: (await job.getState()) === 'failed',
              },
            });
          }
        }
        return jobs.sort((x, y) => x.at - y.at || x.seq - y.seq).map((j) => j.job);
      },
      heldByDeadRunner: async (message) => {
        const messages = inspect[0];
        await messages.add(SEND.name, message);
        // A worker takes it and dies: forced close, no lock renewals, nothing finished.
        let taken!: () => void;
        const took = new Promise<void>((r) => (taken = r));
        const doomed = new Worker(
          messages.name,
          async () => {
            taken();
            await new Promise(() => undefined);
          },
          // It runs no stalled-job check of its own: that would hold the queue's check off for its interval.
          { connection, prefix, lockDuration: 400, skipStalledCheck: true },
        );
        await took;
        const lapses = Date.now() + 400;
        await doomed.close(true);
        return lapses - 50;
      },
      clear: async () => {
        for (const q of inspect) await q.obliterate({ force: true });
      },
      close: async () => {
        await Promise.all(inspect.map((q) => q.close()));
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length) await redis.del(...keys);
        await redis.quit();
      },
    };
  });

  // The PostgreSQL queue runs every job from one pool; BullMQ gives each declared queue workers of its own.
  describe(`${BullMqJobQueue.name} queues`, () => {
    const prefix = `${uniqueRedisPrefix('job-queues')}:bull`;
    const connection = { url: redisUrl, maxRetriesPerRequest: null };
    let queue: BullMqJobQueue | undefined;
    let release: () => void = () => undefined;
    afterAll(async () => {
      // A failed test leaves its jobs waiting at the gate: open it, or close() waits for them for ever.
      release();
      await queue?.close();
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });

    it("should run each declared queue on workers of its own, as many jobs at once as the queue's concurrency", async () => {
      let running = 0;
      let most = 0;
      const done: number[] = [];
      const sent: string[] = [];
      const gate = new Promise<void>((r) => (release = r));
      queue = new BullMqJobQueue({ producer: connection, worker: connection }, prefix);
      await queue.startWorkers([
        jobHandler(SEND, async (m) => void sent.push(m.subject)),
        jobHandler(SLOW, async ({ n }) => {
          running += 1;
          most = Math.max(most, running);
          await gate;
          running -= 1;
          done.push(n);
        }),
      ]);
      for (let n = 1; n <= 3; n++) await queue.add(SLOW, { n });
      await until('a one-at-a-time job to start', () => running > 0);
      // Another queue's job runs while the one-at-a-time queue's only place is taken.
      await queue.add(SEND, mail(1));
      await until('the message to be sent', () => sent.length === 1);
      await sleep(200);
      expect(running).toBe(1);
      release();
      await until('every one-at-a-time job to run', () => done.length === 3);
      expect(most).toBe(1);
      expect(done.sort()).toEqual([1, 2, 3]);
    });
  });
});
