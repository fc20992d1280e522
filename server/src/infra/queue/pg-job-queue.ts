import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { afterCommit, currentManager } from '#server/infra/database/transactional.js';
import {
  declaredJobs,
  declaredQueues,
  JOB_ATTEMPTS,
  JOB_BACKOFF_MS,
  JobQueue,
  outageRetryDelayMs,
  type AddJobOptions,
  type FailedJob,
  type FailedJobs,
  type JobDefinition,
  type JobHandler,
  type QueueDefinition,
  type QueueStats,
} from './jobs.js';
import { isOutage } from './outage-errors.js';

export interface PgJobQueueOptions {
  /** Jobs run at once in this process. */
  concurrency?: number;
  /** How long a claimed job stays locked; running jobs renew it, so only a dead process's lock lapses. */
  leaseMs?: number;
  /** Look for due jobs this often when nothing woke the runner (retries falling due, jobs added elsewhere). */
  pollMs?: number;
  backoffMs?: number;
  maxAttempts?: number;
  /** At close, jobs already due keep running for at most this long (the queue drains), then the rest wait for the next start. */
  drainMs?: number;
  /** First wait of a job postponed by an outage; each next one doubles, up to five times that. */
  outageRetryMs?: number;
  /** Told once a job is stored (committed), so the process that runs jobs, when it is another, can be woken (`nudge`). */
  onAdded?: () => void;
}

interface ClaimedJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
}

/**
 * TypeORM answers [rows, count] for UPDATE and DELETE; a CTE around them makes every answer plain rows.
 * The jobs this process still holds ($3: running, or waiting to be put back after an outage) are not
 * taken again, even when their lease lapsed while the database was unreachable.
 */
const CLAIM_SQL = `
  WITH claimed AS (
    UPDATE jobs SET attempts = attempts + 1, locked_until = now() + make_interval(secs => $2)
    WHERE id IN (
      SELECT id FROM jobs
      WHERE run_at <= now() AND (locked_until IS NULL OR locked_until <= now()) AND NOT (id = ANY($3::bigint[]))
      ORDER BY run_at, id LIMIT $1
      FOR UPDATE SKIP LOCKED)
    RETURNING id::text, name, payload, attempts)
  SELECT * FROM claimed`;

interface FailedRow {
  id: string;
  name: string;
  job_key: string | null;
  attempts: number;
  last_error: string | null;
  failed_at: Date | null;
  created_at: Date;
}
const FAILED_COLUMNS = 'id::text, name, job_key, attempts, last_error, failed_at, created_at';

function toFailedJob(row: FailedRow): FailedJob {
  const queue = declaredJobs().find((job) => job.name === row.name)?.queue.name ?? '';
  return {
    id: row.id,
    queue,
    name: row.name,
    key: row.job_key,
    attempts: row.attempts,
    error: row.last_error,
    failedAt: row.failed_at,
    createdAt: row.created_at,
  };
}

/**
 * One-process mode: jobs are rows in PostgreSQL, so a job that add() accepted survives a crash,
 * and this process runs them with the same handlers BullMQ workers use in scaled mode.
 *
 * A claimed job is locked for a lease (renewed while it runs); it is deleted when its handler
 * succeeds, rescheduled with exponential back-off when it fails, and kept with its last error
 * (run_at = 'infinity') after the last attempt. A job stopped by an outage (the database unreachable)
 * is put back for a little later with the attempt it was given taken back, so outages never use up
 * attempts; while even that cannot be written, this process keeps the job. After a crash, waiting
 * jobs run at start-up and the ones that were running run again once their lease lapses: delivery is
 * at least once, and handlers are idempotent.
 */
export class PgJobQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly backoffMs: number;
  private readonly maxAttempts: number;
  private readonly drainMs: number;
  private readonly outageRetryMs: number | undefined;
  private readonly onAdded: () => void;
  /** Postponements by an outage so far, per job this process ran (for the growing wait). */
  private readonly postponed = new Map<string, number>();
  /** Outage log lines, one when it starts and one when it ends, per kind of statement. */
  private readonly failing = new Set<'claim' | 'renew' | 'postpone'>();
  private drainUntil: number | null = null;
  private handlers = new Map<string, JobHandler>();
  private readonly running = new Map<string, Promise<void>>();
  private loop: Promise<void> | null = null;
  private renewTimer: NodeJS.Timeout | null = null;
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private closed = false;

  constructor(
    private readonly ds: DataSource,
    options: PgJobQueueOptions = {},
  ) {
    super();
    // A handler may batch the jobs that run at the same time: a wide pool keeps those batches large.
    this.concurrency = options.concurrency ?? 32;
    this.leaseMs = options.leaseMs ?? 10_000;
    this.pollMs = options.pollMs ?? 1_000;
    this.backoffMs = options.backoffMs ?? JOB_BACKOFF_MS;
    this.maxAttempts = options.maxAttempts ?? JOB_ATTEMPTS;
    this.drainMs = options.drainMs ?? 5_000;
    this.outageRetryMs = options.outageRetryMs;
    this.onAdded = options.onAdded ?? (() => undefined);
  }

  /** A job was stored by another process: look for due jobs now rather than at the next poll. */
  nudge(): void {
    this.wake();
  }

  async add<Payload>(job: JobDefinition<Payload>, payload: NoInfer<Payload>, options: AddJobOptions = {}): Promise<void> {
    if (this.closed) throw new Error('The job queue is closed');
    // Committed when the statement returns (its own connection), or with the caller's transaction
    // (inTransaction): that is what "durably stored" means here.
    const db = options.inTransaction ? currentManager(this.ds) : this.ds;
    // A job id already stored is kept as it is, unless that job failed for good (run_at infinity):
    // then it starts again from its first attempt.
    await db.query(
      `INSERT INTO jobs (name, payload, job_key, run_at) VALUES ($1, $2::jsonb, $3, COALESCE($4, now()))
       ON CONFLICT (job_key) DO UPDATE SET payload = EXCLUDED.payload, run_at = EXCLUDED.run_at, attempts = 0, last_error = NULL, failed_at = NULL, locked_until = NULL
       WHERE jobs.run_at = 'infinity'`,
      [job.name, JSON.stringify(payload), options.jobId ?? null, options.runAt ?? null],
    );
    const stored = () => {
      this.wake();
      this.onAdded();
    };
    if (options.inTransaction) afterCommit(this.ds, stored);
    else stored();
  }

  /** A committed row with this key (done jobs are deleted; failed ones stay). */
  async exists(_job: JobDefinition<unknown>, jobId: string): Promise<boolean> {
    const rows: unknown[] = await this.ds.query('SELECT 1 FROM jobs WHERE job_key = $1', [jobId]);
    return rows.length > 0;
  }

  /** One row per job kind from the jobs table, summed by the kind's declared queue. */
  async stats(): Promise<QueueStats[]> {
    const rows: { name: string; waiting: number; delayed: number; running: number; failed: number; oldest: number | null }[] = await this.ds.query(
      `SELECT name,
         count(*) FILTER (WHERE run_at <= now() AND (locked_until IS NULL OR locked_until <= now()))::int AS waiting,
         count(*) FILTER (WHERE run_at > now() AND run_at <> 'infinity')::int AS delayed,
         count(*) FILTER (WHERE locked_until > now())::int AS running,
         count(*) FILTER (WHERE run_at = 'infinity')::int AS failed,
         extract(epoch FROM now() - min(run_at) FILTER (WHERE run_at <= now() AND (locked_until IS NULL OR locked_until <= now())))::float AS oldest
       FROM jobs GROUP BY name`,
    );
    const queueOf = new Map(declaredJobs().map((job) => [job.name, job.queue.name]));
    const stats = new Map(declaredQueues().map((queue) => [queue, { queue, waiting: 0, delayed: 0, running: 0, failed: 0, oldestWaitingSeconds: 0 }]));
    for (const row of rows) {
      const s = stats.get(queueOf.get(row.name) ?? '');
      if (!s) continue;
      s.waiting += row.waiting;
      s.delayed += row.delayed;
      s.running += row.running;
      s.failed += row.failed;
      s.oldestWaitingSeconds = Math.max(s.oldestWaitingSeconds, row.oldest ?? 0);
    }
    return [...stats.values()];
  }

  /** A job's created_at is its transaction's start, never later than its add: a job added before is always seen. */
  async pendingBefore(queue: QueueDefinition, before: Date): Promise<boolean> {
    const names = declaredJobs()
      .filter((job) => job.queue.name === queue.name)
      .map((job) => job.name);
    const [{ pending }]: { pending: boolean }[] = await this.ds.query(
      `SELECT EXISTS (SELECT 1 FROM jobs WHERE name = ANY($1::text[]) AND created_at < $2 AND run_at <> 'infinity') AS pending`,
      [names, before],
    );
    return pending;
  }

  async failed(limit: number): Promise<FailedJobs> {
    const [rows, [{ total }]]: [FailedRow[], { total: number }[]] = await Promise.all([
      this.ds.query(`SELECT ${FAILED_COLUMNS} FROM jobs WHERE run_at = 'infinity' ORDER BY failed_at DESC NULLS LAST, id DESC LIMIT $1`, [limit]),
      this.ds.query(`SELECT count(*)::int AS total FROM jobs WHERE run_at = 'infinity'`),
    ]);
    return { jobs: rows.map(toFailedJob), total };
  }

  /**
   * Due at once, from its first attempt; the runner (this process's or another's) takes it at its next
   * look. Like discardFailed, it joins the database transaction open around the call, if any.
   */
  async retryFailed(queue: string, id: string): Promise<FailedJob | null> {
    const job = await this.changeFailed(
      queue,
      id,
      `UPDATE jobs SET run_at = now(), attempts = 0, last_error = NULL, failed_at = NULL, locked_until = NULL
       WHERE id = $1 AND run_at = 'infinity' AND name = ANY($2::text[])`,
    );
    if (job) afterCommit(this.ds, () => this.wake());
    return job;
  }

  async discardFailed(queue: string, id: string): Promise<FailedJob | null> {
    return this.changeFailed(queue, id, `DELETE FROM jobs WHERE id = $1 AND run_at = 'infinity' AND name = ANY($2::text[])`);
  }

  /**
   * Runs `change` (an UPDATE or DELETE of the failed job `id` among the jobs of `queue`) and answers the
   * job as it was before, or null when no failed job of that queue has that id.
   */
  private async changeFailed(queue: string, id: string, change: string): Promise<FailedJob | null> {
    // Row ids are whole numbers; anything else names no row (and must not reach a bigint cast).
    if (!/^[1-9]\d{0,17}$/.test(id)) return null;
    const names = declaredJobs()
      .filter((job) => job.queue.name === queue)
      .map((job) => job.name);
    // Both parts of the statement see the job as it was before the change.
    const rows: FailedRow[] = await currentManager(this.ds).query(
      `WITH before AS (SELECT ${FAILED_COLUMNS} FROM jobs WHERE id = $1), changed AS (${change} RETURNING id::text)
       SELECT before.* FROM before JOIN changed USING (id)`,
      [id, names],
    );
    return rows.length ? toFailedJob(rows[0]) : null;
  }

  /** One pool of `concurrency` for every job, whatever its queue; a job's handler is found by its name. */
  async startWorkers(handlers: readonly JobHandler[]): Promise<void> {
    if (this.closed || this.loop) return;
    this.handlers = new Map(handlers.map((handler) => [handler.job.name, handler]));
    this.loop = this.runLoop();
    this.renewTimer = setInterval(() => void this.renewLeases(), Math.max(10, Math.floor(this.leaseMs / 3)));
    this.renewTimer.unref();
  }

  /**
   * Drains first: the jobs already due, and those they add meanwhile, run until none is left or drainMs
   * passes. What remains is kept for the next start.
   */
  async close(): Promise<void> {
    if (this.loop && this.drainUntil === null) {
      this.drainUntil = Date.now() + this.drainMs;
      this.wake();
      await this.loop;
    }
    this.closed = true;
    this.wake();
    await this.loop;
    await Promise.allSettled([...this.running.values()]);
    // Only now: jobs that were still running kept their locks while they finished.
    if (this.renewTimer) clearInterval(this.renewTimer);
  }

  private async runLoop(): Promise<void> {
    while (!this.closed) {
      if (this.drainUntil !== null && Date.now() >= this.drainUntil) return;
      const free = this.concurrency - this.running.size;
      if (free > 0) {
        const jobs = await this.claim(free);
        for (const job of jobs) this.start(job);
        // A full batch: more may be due, so look again as soon as a slot frees up.
        if (jobs.length === free) continue;
        // Drained: nothing due (or the database unreachable) and nothing running that could add more.
        if (this.drainUntil !== null && jobs.length === 0 && this.running.size === 0) return;
      }
      await this.idle();
    }
  }

  private async claim(limit: number): Promise<ClaimedJob[]> {
    try {
      const rows: ClaimedJob[] = await this.ds.query(CLAIM_SQL, [limit, this.leaseMs / 1000, [...this.running.keys()]]);
      this.recovered('claim', 'Jobs are claimed again');
      return rows.filter((job) => !this.running.has(job.id));
    } catch (err) {
      if (!this.closed) this.failingOnce('claim', `Could not claim jobs (trying again every ${this.pollMs / 1000} s): ${(err as Error).message}`);
      return [];
    }
  }

  private start(job: ClaimedJob): void {
    const run = this.run(job).finally(() => {
      this.running.delete(job.id);
      this.wake();
    });
    this.running.set(job.id, run);
  }

  private async run(job: ClaimedJob): Promise<void> {
    const handler = this.handlers.get(job.name);
    try {
      if (!handler) throw new Error(`No handler for job ${job.name}`);
      await handler.run(job.payload);
    } catch (err) {
      if (isOutage(err)) {
        await this.postpone(job, err as Error);
        return;
      }
      this.postponed.delete(job.id);
      await this.fail(job, err as Error);
      return;
    }
    this.postponed.delete(job.id);
    // Should the delete be lost, the job runs again after its lease: harmless, handlers are idempotent.
    await this.ds.query('DELETE FROM jobs WHERE id = $1', [job.id]).catch((err: Error) => this.logger.warn(`Could not delete job ${job.id}: ${err.message}`));
  }

  private async fail(job: ClaimedJob, err: Error): Promise<void> {
    const final = job.attempts >= this.maxAttempts;
    const delaySeconds = (this.backoffMs * 2 ** (job.attempts - 1)) / 1000;
    if (final) this.logger.error(`Job ${job.name} ${job.id} failed for good after ${job.attempts} attempts: ${err.message}`);
    else this.logger.warn(`Job ${job.name} ${job.id} failed (attempt ${job.attempts}), retrying in ${delaySeconds}s: ${err.message}`);
    await this.ds
      .query(
        `UPDATE jobs SET locked_until = NULL, last_error = $2, failed_at = now(),
           run_at = CASE WHEN $3 THEN 'infinity'::timestamptz ELSE now() + make_interval(secs => $4) END
         WHERE id = $1`,
        [job.id, err.message.slice(0, 2000), final, delaySeconds],
      )
      .catch((e: Error) => this.logger.warn(`Could not reschedule job ${job.id}: ${e.message}`));
  }

  /**
   * Back in line a little later, its attempt taken back (claiming counted it). Until that is written
   * the job stays this process's (a slot of its pool, not claimed again), tried every second or so.
   */
  private async postpone(job: ClaimedJob, err: Error): Promise<void> {
    const postponed = this.postponed.get(job.id) ?? 0;
    this.postponed.set(job.id, postponed + 1);
    const delayMs = outageRetryDelayMs(postponed, this.outageRetryMs);
    for (;;) {
      try {
        await this.ds.query(
          `UPDATE jobs SET attempts = GREATEST(attempts - 1, 0), locked_until = NULL, last_error = $2, run_at = now() + make_interval(secs => $3)
           WHERE id = $1`,
          [job.id, err.message.slice(0, 2000), delayMs / 1000],
        );
        this.recovered('postpone', 'Jobs stopped by the outage are back in line');
        return;
      } catch (e) {
        this.failingOnce('postpone', `Jobs stopped by an outage wait for the database: ${(e as Error).message}`);
        if (this.closed || this.drainUntil !== null) return;
        await new Promise((resolve) => setTimeout(resolve, Math.min(delayMs, 1000)));
      }
    }
  }

  private failingOnce(what: 'claim' | 'renew' | 'postpone', message: string): void {
    if (this.failing.has(what)) return;
    this.failing.add(what);
    this.logger.warn(message);
  }

  private recovered(what: 'claim' | 'renew' | 'postpone', message: string): void {
    if (this.failing.delete(what)) this.logger.log(message);
  }

  /** Running jobs keep their lock; only the jobs of a process that died lose theirs. */
  private async renewLeases(): Promise<void> {
    if (!this.running.size) return;
    await this.ds
      .query('UPDATE jobs SET locked_until = now() + make_interval(secs => $2) WHERE id = ANY($1::bigint[])', [[...this.running.keys()], this.leaseMs / 1000])
      .then(
        () => this.recovered('renew', 'Job leases are renewed again'),
        (err: Error) => this.failingOnce('renew', `Could not renew job leases: ${err.message}`),
      );
  }

  private wake(): void {
    const wakeUp = this.wakeUp;
    this.wakeUp = null;
    if (wakeUp) wakeUp();
    else this.woken = true; // the runner is busy: it looks again before it next sleeps
  }

  /** Until add(), a finished job or close() wakes the runner, or the poll interval passes. */
  private idle(): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    const wait = this.drainUntil === null ? this.pollMs : Math.max(0, Math.min(this.pollMs, this.drainUntil - Date.now()));
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wakeUp = null;
        resolve();
      }, wait);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
