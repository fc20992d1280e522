import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '../database/data-source.js';
import { JobName, type EmailMessage, type JobHandlers } from './jobs.js';
import { PgJobQueue, type PgJobQueueOptions } from './pg-job-queue.js';

const mail = (n: number): EmailMessage => ({ to: `fan${n}@example.com`, subject: `#${n}`, text: 't', html: 'h' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** Handlers for every job name; only send-email is used by these tests. */
const handlers = (sendEmail: (m: EmailMessage) => Promise<void>): JobHandlers => ({
  [JobName.SendEmail]: sendEmail,
  [JobName.CountVotes]: async () => undefined,
});

describe(PgJobQueue.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  const queues: PgJobQueue[] = [];
  const queue = (options: PgJobQueueOptions = {}) => {
    const q = new PgJobQueue(ds, { pollMs: 50, backoffMs: 20, ...options });
    queues.push(q);
    return q;
  };
  const rows = async () => (await db.pool.query("SELECT name, payload, job_key, attempts, last_error, run_at = 'infinity' AS dead FROM jobs ORDER BY id")).rows;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 6)).initialize();
  }, 60_000);
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.close()));
    await db.pool.query('DELETE FROM jobs');
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should have stored the job in the database when add() resolves', async () => {
    await queue().add(JobName.SendEmail, mail(1), { jobId: 'mail:1' });
    expect(await rows()).toEqual([{ name: 'send-email', payload: mail(1), job_key: 'mail:1', attempts: 0, last_error: null, dead: false }]);
  });

  it('should run a job once and then delete it', async () => {
    const seen: string[] = [];
    const q = queue();
    await q.startWorkers(handlers(async (m) => void seen.push(m.subject)));
    await q.add(JobName.SendEmail, mail(2));
    await until('the job to run', () => seen.length === 1);
    await until('the job to be deleted', async () => (await rows()).length === 0);
    await sleep(150);
    expect(seen).toEqual(['#2']);
  });

  it('should keep one job per job id while it waits', async () => {
    const q = queue();
    await q.add(JobName.SendEmail, mail(3), { jobId: 'vote:abc' });
    await q.add(JobName.SendEmail, mail(4), { jobId: 'vote:abc' });
    await q.add(JobName.SendEmail, mail(5));
    await q.add(JobName.SendEmail, mail(6));
    expect((await rows()).map((r) => r.payload.subject)).toEqual(['#3', '#5', '#6']);

    const seen: string[] = [];
    await q.startWorkers(handlers(async (m) => void seen.push(m.subject)));
    await until('three jobs to run', () => seen.length === 3);
    expect(seen.sort()).toEqual(['#3', '#5', '#6']);
  });

  it('should retry a failing job with back-off until it succeeds', async () => {
    const calls: number[] = [];
    const q = queue({ backoffMs: 40 });
    await q.startWorkers(
      handlers(async () => {
        calls.push(Date.now());
        if (calls.length < 3) throw new Error(`flaky ${calls.length}`);
      }),
    );
    await q.add(JobName.SendEmail, mail(7));
    await until('the third attempt', () => calls.length === 3);
    await until('the job to be deleted', async () => (await rows()).length === 0);
    // Exponential: about 40 ms before the second attempt, about 80 ms before the third.
    expect(calls[1] - calls[0]).toBeGreaterThanOrEqual(30);
    expect(calls[2] - calls[1]).toBeGreaterThanOrEqual(70);
  });

  it('should keep a job that failed every attempt, with its last error, and not run it again', async () => {
    let calls = 0;
    const q = queue({ maxAttempts: 3 });
    await q.startWorkers(
      handlers(async () => {
        calls += 1;
        throw new Error(`broken ${calls}`);
      }),
    );
    await q.add(JobName.SendEmail, mail(8), { jobId: 'mail:8' });
    await until('the job to be given up', async () => (await rows())[0]?.dead === true);
    await sleep(300);
    expect(calls).toBe(3);
    expect(await rows()).toEqual([expect.objectContaining({ attempts: 3, last_error: 'broken 3', dead: true })]);
  });

  it('should run, after a restart, the jobs stored before it and those a dead process held', async () => {
    // The first process stores two jobs and stops before running them.
    const first = queue();
    await first.add(JobName.SendEmail, mail(9));
    await first.add(JobName.SendEmail, mail(10));
    await first.close();
    // A process that died while running a job: claimed once, its lease running out shortly.
    await db.pool.query(`INSERT INTO jobs (name, payload, attempts, locked_until) VALUES ('send-email', $1, 1, now() + interval '400 milliseconds')`, [
      JSON.stringify(mail(11)),
    ]);

    const seen: string[] = [];
    const second = queue();
    await second.startWorkers(handlers(async (m) => void seen.push(m.subject)));
    await until('the stored jobs to run', () => seen.length === 2);
    expect(seen.sort()).toEqual(['#10', '#9']);
    await until("the dead process's job to run after its lease", () => seen.length === 3);
    expect(seen[2]).toBe('#11');
    await until('every job to be deleted', async () => (await rows()).length === 0);
  });

  it('should give each job to one runner only, however many run against the database', async () => {
    const seen: string[] = [];
    const handler = handlers(async (m) => {
      await sleep(5);
      seen.push(m.subject);
    });
    const a = queue({ concurrency: 3 });
    const b = queue({ concurrency: 3 });
    await Promise.all([a.startWorkers(handler), b.startWorkers(handler)]);
    await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).add(JobName.SendEmail, mail(100 + i))));
    await until('every job to run', () => seen.length >= 60);
    await sleep(200);
    expect(seen.length).toBe(60);
    expect(new Set(seen).size).toBe(60);
  });

  it('should keep renewing the lock of a job that runs longer than its lease', async () => {
    let runs = 0;
    const slow = handlers(async () => {
      runs += 1;
      await sleep(600);
    });
    const a = queue({ leaseMs: 150 });
    const b = queue({ leaseMs: 150 });
    await Promise.all([a.startWorkers(slow), b.startWorkers(slow)]);
    await a.add(JobName.SendEmail, mail(12));
    await until('the job to finish', async () => runs === 1 && (await rows()).length === 0);
    expect(runs).toBe(1);
  });

  it('should wait for running jobs on close() and refuse new ones afterwards', async () => {
    let finished = false;
    const q = queue();
    await q.startWorkers(
      handlers(async () => {
        await sleep(200);
        finished = true;
      }),
    );
    await q.add(JobName.SendEmail, mail(13));
    await until('the job to start', async () => (await rows())[0]?.attempts === 1);
    await q.close();
    expect(finished).toBe(true);
    expect(await rows()).toEqual([]);
    await expect(q.add(JobName.SendEmail, mail(14))).rejects.toThrow('The job queue is closed');
  });
});
