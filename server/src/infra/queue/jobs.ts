// The job queue's vocabulary. infra/queue names no job and no queue: the code that owns them declares
// them (defineQueue, defineJob) beside their handlers, and the runner and the adapters work from what
// was declared (docs/architecture.md#jobs-and-queues).

/** Carries a job's payload type for the compiler; no value ever has this key. */
declare const payloadType: unique symbol;

/** A queue: a BullMQ queue of that name in scaled mode, whose workers each run `concurrency` jobs at once. */
export interface QueueDefinition {
  /** BullMQ's queue name in Redis: jobs already stored there wait under it, so it never changes. */
  readonly name: string;
  readonly concurrency: number;
}

/** A kind of job: its name (stored with each job, and how its handler is found) and its queue. */
export interface JobDefinition<Payload> {
  /** Stored with each job (a PostgreSQL row, a BullMQ job): jobs already stored carry it, so it never changes. */
  readonly name: string;
  readonly queue: QueueDefinition;
  readonly [payloadType]?: Payload;
}

const queues = new Map<string, QueueDefinition>();
const jobs = new Map<string, JobDefinition<unknown>>();

/** Declares a queue, once per name. */
export function defineQueue(definition: QueueDefinition): QueueDefinition {
  const { name, concurrency } = definition;
  if (queues.has(name)) throw new Error(`Queue ${name} is declared twice`);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error(`Queue ${name}: concurrency must be a whole number of at least 1, not ${concurrency}`);
  const queue = Object.freeze({ name, concurrency });
  queues.set(name, queue);
  return queue;
}

/** A job declared without its payload type gets this parameter type, which no definition matches. */
type NamesItsPayload<Payload, Definition> = [Payload] extends [never] ? { 'a job names its payload type: defineJob<Payload>(…)': never } : Definition;

/**
 * Declares a job, once per name, on a declared queue: `defineJob<Payload>({ name, queue })`. Without its
 * payload type it does not compile; add() and @OnJob then take only that payload.
 */
export function defineJob<Payload = never>(definition: NamesItsPayload<Payload, { name: string; queue: QueueDefinition }>): JobDefinition<Payload> {
  const { name, queue } = definition as { name: string; queue: QueueDefinition };
  if (jobs.has(name)) throw new Error(`Job ${name} is declared twice`);
  if (queues.get(queue.name) !== queue) throw new Error(`Job ${name}: its queue ${queue.name} is not one declared with defineQueue`);
  const job: JobDefinition<Payload> = Object.freeze({ name, queue });
  jobs.set(name, job);
  return job;
}

/** Every job declared so far: a module's jobs are declared when its code is loaded. */
export const declaredJobs = (): JobDefinition<unknown>[] => [...jobs.values()];

export interface AddJobOptions {
  /**
   * Fixed id derived from the work (`<kind>:<what it is about>`); a second add with the same id is a
   * no-op while the first is kept, except that a job that failed every attempt starts again.
   */
  jobId?: string;
  /**
   * Store the job in the database transaction open around this call (a `@Transactional()` method),
   * so that it commits or rolls back with that transaction's other writes; the runner sees it after
   * the commit. Only the PostgreSQL queue can: BullMQ stores on Redis at once, with or without it.
   */
  inTransaction?: boolean;
  /** Not before this time (a scheduled job); until then it waits, stored like any other. Past or absent: now. */
  runAt?: Date;
}

/** A job's handler as the queue runs it (JobRunnerService builds them from the @OnJob methods). */
export interface JobHandler {
  readonly job: JobDefinition<unknown>;
  run(payload: unknown): Promise<void>;
}

/** A handler for `job` that takes only that job's payload. */
export const jobHandler = <Payload>(job: JobDefinition<Payload>, run: (payload: NoInfer<Payload>) => Promise<void>): JobHandler => ({
  job,
  run: (payload) => run(payload as Payload),
});

export const JOB_ATTEMPTS = 5;
export const JOB_BACKOFF_MS = 1000;

/** A job stopped by an outage (PostgreSQL or Redis unreachable) tries again after this long, doubling, ... */
export const OUTAGE_RETRY_MS = 1000;
/** ... up to this many times the first wait: a job runs at most this long after the outage ends. */
const OUTAGE_RETRY_GROWTH = 5;

/** The wait before a job's next try after `postponed` earlier postponements by an outage (none spends an attempt). */
export const outageRetryDelayMs = (postponed: number, firstMs = OUTAGE_RETRY_MS): number =>
  Math.min(firstMs * 2 ** Math.min(postponed, 10), firstMs * OUTAGE_RETRY_GROWTH);

/** One queue's jobs as they stand (for metrics): every declared queue is answered, empty ones with zeros. */
export interface QueueStats {
  queue: string;
  /** Due, waiting for a worker. */
  waiting: number;
  /** Scheduled for later, or waiting for a retry. */
  delayed: number;
  running: number;
  /** Failed every attempt, kept. */
  failed: number;
  /** How long the oldest waiting job has been due (0: none waits). */
  oldestWaitingSeconds: number;
}

/** A job that failed every attempt, kept with its last error until retried or discarded. */
export interface FailedJob {
  /** The queue's own id (a row id, a BullMQ job id): with the queue, it names the job. */
  id: string;
  queue: string;
  /** The job's kind (its declared name). */
  name: string;
  /** The fixed id it was added with, if any (`<kind>:<what it is about>`). */
  key: string | null;
  attempts: number;
  error: string | null;
  /** When its last attempt failed (null: failed before the queue kept that). */
  failedAt: Date | null;
  createdAt: Date;
}

/** The newest failed jobs of every queue, and how many there are in all. */
export interface FailedJobs {
  jobs: FailedJob[];
  total: number;
}

/** The queues of the declared jobs, by name. */
export const declaredQueues = (): string[] => [...new Set(declaredJobs().map((job) => job.queue.name))].sort();

/** Told of each failed job attempt (metrics implement it); the runner works without one. */
export abstract class JobObserver {
  abstract jobFailed(job: string): void;
}

/**
 * The queue adapter: BullMQ on Redis in scaled mode, a PostgreSQL-backed runner in this process otherwise.
 * A handler that fails because PostgreSQL or Redis cannot be reached (isOutage) uses no attempt: its
 * job waits (outageRetryDelayMs) and runs again, however long the outage; other errors use the attempts.
 */
export abstract class JobQueue {
  /** Every declared queue's jobs as they stand. */
  abstract stats(): Promise<QueueStats[]>;
  /**
   * Whether a job added to `queue` before `before` still waits, is scheduled (for later, or a retry) or
   * runs: work handed in by then that is not done yet. Jobs that failed for good are not pending.
   * BullMQ looks at its waiting line's head only, so a retried job back in line behind newer ones is
   * not seen there; everything else is.
   */
  abstract pendingBefore(queue: QueueDefinition, before: Date): Promise<boolean>;
  /** The newest `limit` jobs that failed every attempt, of every declared queue, newest first. */
  abstract failed(limit: number): Promise<FailedJobs>;
  /**
   * Runs a failed job again from its first attempt: answers it as it was, or null when that queue holds
   * no failed job of that id (never was, or already retried or discarded).
   */
  abstract retryFailed(queue: string, id: string): Promise<FailedJob | null>;
  /** Removes a failed job for good: answers it as it was, or null as for retryFailed. */
  abstract discardFailed(queue: string, id: string): Promise<FailedJob | null>;
  /** Resolves once the job is durably stored (a committed row, or written to Redis); rejects otherwise. */
  abstract add<Payload>(job: JobDefinition<Payload>, payload: NoInfer<Payload>, options?: AddJobOptions): Promise<void>;
  /**
   * Whether a job added with this id is stored: waiting, scheduled, running, or failed for good. A job
   * that is done is removed, so it is not. Asked through the connection add() uses, so an add still
   * on its way there is stored or refused before this answers (how a caller settles an add whose
   * answer was lost with the connection).
   */
  abstract exists(job: JobDefinition<unknown>, jobId: string): Promise<boolean>;
  /** Start processing with these handlers, one per job (only in processes that run workers). */
  abstract startWorkers(handlers: readonly JobHandler[]): Promise<void>;
  /** Stop taking jobs and wait for the running ones (PgJobQueue first drains the jobs already due, for a bounded time). */
  abstract close(): Promise<void>;
}
