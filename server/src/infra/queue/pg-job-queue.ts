import { Logger } from '@nestjs/common';
import { sql, type DeleteQueryBuilder, type ExpressionBuilder, type InferResult, type UpdateQueryBuilder } from 'kysely';
import type { DataSource } from 'typeorm';
import { execute } from '#server/infra/database/base.repository.js';
import { prepared, queryBuilder as db } from '#server/infra/database/query-builder.js';
import type { DB, Json } from '#server/infra/database/schema.js';
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

/** The time a job that failed for good is due: never (it is kept, with its last error, until retried or discarded). */
const NEVER = sql<Date>`'infinity'`;
const NOW = sql<Date>`now()`;
/** `seconds` from now. */
const inSeconds = (seconds: number) => sql<Date>`now() + make_interval(secs => ${seconds})`;
/** Job ids as one bigint[] parameter. */
const jobIds = (ids: readonly string[]) => sql<readonly string[]>`${ids}::bigint[]`;

/** A job is due once its time has come, unless a lease that has not lapsed holds it. */
const due = (eb: ExpressionBuilder<DB, 'jobs'>) => eb.and([eb('run_at', '<=', NOW), eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', NOW)])]);

/**
 * Takes up to `limit` due jobs, oldest first, each locked for `leaseSeconds` with its attempt counted;
 * jobs other runners are taking at the same moment are skipped, never waited for. The jobs this
 * process still holds (`held`: running, or waiting to be put back after an outage) are not taken
 * again, even when their lease lapsed while the database was unreachable.
 */
const CLAIM = prepared(3, (limit: number, leaseSeconds: number, held: readonly string[]) =>
  db
    .with('claimed', (qb) =>
      qb
        .updateTable('jobs')
        .set((eb) => ({ attempts: eb('attempts', '+', eb.lit(1)), locked_until: inSeconds(leaseSeconds) }))
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('jobs')
            .select('id')
            .where(due)
            .where((eb) => eb.not(eb.parens(eb('id', '=', eb.fn.any(jobIds(held))))))
            .orderBy('run_at')
            .orderBy('id')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['id', 'name', 'payload', 'attempts']),
    )
    .selectFrom('claimed')
    .selectAll(),
);

type ClaimedJob = InferResult<ReturnType<typeof CLAIM>>[number];

/**
 * Stores a job, due at `runAt` or now. A job id already stored is kept as it is, unless that job
 * failed for good: then it starts again from its first attempt.
 */
const ADD = prepared(4, (name: string, payload: string, jobKey: string | null, runAt: Date | null) =>
  db
    .insertInto('jobs')
    .values({ name, payload: sql<Json>`${payload}::jsonb`, job_key: jobKey, run_at: sql<Date>`COALESCE(${runAt}, now())` })
    .onConflict((oc) =>
      oc
        .column('job_key')
        .doUpdateSet((eb) => ({
          payload: eb.ref('excluded.payload'),
          run_at: eb.ref('excluded.run_at'),
          attempts: 0,
          last_error: null,
          failed_at: null,
          locked_until: null,
        }))
        .where('jobs.run_at', '=', NEVER),
    ),
);

/** A job whose handler succeeded is done. */
const DELETE = prepared(1, (id: string) => db.deleteFrom('jobs').where('id', '=', id));

/** The jobs `ids` stay locked for `leaseSeconds` from now. */
const RENEW = prepared(2, (ids: readonly string[], leaseSeconds: number) =>
  db
    .updateTable('jobs')
    .set({ locked_until: inSeconds(leaseSeconds) })
    .where((eb) => eb('id', '=', eb.fn.any(jobIds(ids)))),
);

const FAILED_COLUMNS = ['id', 'name', 'job_key', 'attempts', 'last_error', 'failed_at', 'created_at'] as const;
type FailedRow = InferResult<ReturnType<typeof failedJobs>>[number];

/** The jobs that failed for good, the latest failure first. */
const failedJobs = (limit: number) =>
  db
    .selectFrom('jobs')
    .select(FAILED_COLUMNS)
    .where('run_at', '=', NEVER)
    .orderBy('failed_at', (ob) => ob.desc().nullsLast())
    .orderBy('id', 'desc')
    .limit(limit);

/** The failed job `id`, when it is one of the jobs `names`. */
const failedOf = (id: string, names: readonly string[]) => (eb: ExpressionBuilder<DB, 'jobs'>) =>
  eb.and([eb('id', '=', id), eb('run_at', '=', NEVER), eb('name', '=', eb.fn.any(eb.val(names)))]);

/** An UPDATE or DELETE of the failed jobs `failed` picks, answering their ids. */
type FailedChange = (
  failed: ReturnType<typeof failedOf>,
) => UpdateQueryBuilder<DB, 'jobs', 'jobs', { id: string }> | DeleteQueryBuilder<DB, 'jobs', { id: string }>;

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
    const em = options.inTransaction ? currentManager(this.ds) : this.ds.manager;
    await execute(em, ADD(job.name, JSON.stringify(payload), options.jobId ?? null, options.runAt ?? null));
    const stored = () => {
      this.wake();
      this.onAdded();
    };
    if (options.inTransaction) afterCommit(this.ds, stored);
    else stored();
  }

  /** A committed row with this key (done jobs are deleted; failed ones stay). */
  async exists(_job: JobDefinition<unknown>, jobId: string): Promise<boolean> {
    const { rows } = await execute(this.ds.manager, db.selectFrom('jobs').select('id').where('job_key', '=', jobId));
    return rows.length > 0;
  }

  /** One row per job kind from the jobs table, summed by the kind's declared queue. */
  async stats(): Promise<QueueStats[]> {
    const { rows } = await execute(
      this.ds.manager,
      db
        .selectFrom('jobs')
        .select((eb) => [
          'name',
          eb.cast<number>(eb.fn.countAll().filterWhere(due(eb)), 'integer').as('waiting'),
          eb.cast<number>(eb.fn.countAll().filterWhere(eb.and([eb('run_at', '>', NOW), eb('run_at', '<>', NEVER)])), 'integer').as('delayed'),
          eb.cast<number>(eb.fn.countAll().filterWhere('locked_until', '>', NOW), 'integer').as('running'),
          eb.cast<number>(eb.fn.countAll().filterWhere('run_at', '=', NEVER), 'integer').as('failed'),
          // How long the longest-waiting due job has waited, in seconds (null when none is due).
          sql<number | null>`extract(epoch FROM now() - ${eb.fn.min('run_at').filterWhere(due(eb))})::float`.as('oldest'),
        ])
        .groupBy('name'),
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
    const { rows } = await execute(
      this.ds.manager,
      db
        .selectFrom('jobs')
        .select('id')
        .where((eb) => eb('name', '=', eb.fn.any(eb.val(names))))
        .where('created_at', '<', before)
        .where('run_at', '<>', NEVER)
        .limit(1),
    );
    return rows.length > 0;
  }

  async failed(limit: number): Promise<FailedJobs> {
    const [jobs, count] = await Promise.all([
      execute(this.ds.manager, failedJobs(limit)),
      execute(
        this.ds.manager,
        db
          .selectFrom('jobs')
          .select(sql<number>`count(*)::int`.as('total'))
          .where('run_at', '=', NEVER),
      ),
    ]);
    return { jobs: jobs.rows.map(toFailedJob), total: count.rows[0].total };
  }

  /**
   * Due at once, from its first attempt; the runner (this process's or another's) takes it at its next
   * look. Like discardFailed, it joins the database transaction open around the call, if any.
   */
  async retryFailed(queue: string, id: string): Promise<FailedJob | null> {
    const job = await this.changeFailed(queue, id, (failed) =>
      db.updateTable('jobs').set({ run_at: NOW, attempts: 0, last_error: null, failed_at: null, locked_until: null }).where(failed).returning('id'),
    );
    if (job) afterCommit(this.ds, () => this.wake());
    return job;
  }

  async discardFailed(queue: string, id: string): Promise<FailedJob | null> {
    return this.changeFailed(queue, id, (failed) => db.deleteFrom('jobs').where(failed).returning('id'));
  }

  /**
   * Runs `change` (an UPDATE or DELETE, of the rows `failed` picks, that returns their ids) on the failed
   * job `id` among the jobs of `queue`, and answers the job as it was before, or null when no failed job
   * of that queue has that id.
   */
  private async changeFailed(queue: string, id: string, change: FailedChange): Promise<FailedJob | null> {
    // Row ids are whole numbers; anything else names no row (and must not be compared with a bigint column).
    if (!/^[1-9]\d{0,17}$/.test(id)) return null;
    const names = declaredJobs()
      .filter((job) => job.queue.name === queue)
      .map((job) => job.name);
    // Both parts of the statement see the job as it was before the change.
    const { rows } = await execute(
      currentManager(this.ds),
      db
        .with('before', (qb) => qb.selectFrom('jobs').select(FAILED_COLUMNS).where('id', '=', id))
        .with('changed', () => change(failedOf(id, names)))
        .selectFrom('before')
        .innerJoin('changed', 'changed.id', 'before.id')
        .selectAll('before'),
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
      const { rows } = await execute(this.ds.manager, CLAIM(limit, this.leaseMs / 1000, [...this.running.keys()]));
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
    await execute(this.ds.manager, DELETE(job.id)).catch((err: Error) => this.logger.warn(`Could not delete job ${job.id}: ${err.message}`));
  }

  private async fail(job: ClaimedJob, err: Error): Promise<void> {
    const final = job.attempts >= this.maxAttempts;
    const delaySeconds = (this.backoffMs * 2 ** (job.attempts - 1)) / 1000;
    if (final) this.logger.error(`Job ${job.name} ${job.id} failed for good after ${job.attempts} attempts: ${err.message}`);
    else this.logger.warn(`Job ${job.name} ${job.id} failed (attempt ${job.attempts}), retrying in ${delaySeconds}s: ${err.message}`);
    await execute(
      this.ds.manager,
      db
        .updateTable('jobs')
        .set({ locked_until: null, last_error: err.message.slice(0, 2000), failed_at: NOW, run_at: final ? NEVER : inSeconds(delaySeconds) })
        .where('id', '=', job.id),
    ).catch((e: Error) => this.logger.warn(`Could not reschedule job ${job.id}: ${e.message}`));
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
        await execute(
          this.ds.manager,
          db
            .updateTable('jobs')
            .set((eb) => ({
              attempts: eb.fn('greatest', [eb('attempts', '-', eb.lit(1)), eb.lit(0)]),
              locked_until: null,
              last_error: err.message.slice(0, 2000),
              run_at: inSeconds(delayMs / 1000),
            }))
            .where('id', '=', job.id),
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
    await execute(this.ds.manager, RENEW([...this.running.keys()], this.leaseMs / 1000)).then(
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
