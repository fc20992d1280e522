// How the primary of a clustered start keeps its workers up and stops them (decision 043).

/** What the primary does once a worker died: fork it again after a pause, or stop the whole start. */
export type AfterExit = { restartInMs: number } | { stop: string };

export interface RestartLimits {
  /** The first pause before a worker is forked again; each further crash within `windowMs` doubles it. */
  firstPauseMs: number;
  /** The longest pause. */
  longestPauseMs: number;
  /** Crashes older than this are forgotten: a worker that stayed up this long starts from the first pause. */
  windowMs: number;
  /** Worker 1 runs the jobs: after this many restarts within `windowMs` it is not kept up, and the start stops. */
  jobsRestarts: number;
}

export const RESTART_LIMITS: RestartLimits = { firstPauseMs: 1_000, longestPauseMs: 30_000, windowMs: 60_000, jobsRestarts: 5 };

/**
 * Restarts with an exponential pause per worker, so a worker that keeps crashing cannot keep the
 * primary forking; the others serve meanwhile. Only worker 1, which runs the jobs, stops the start
 * when it cannot be kept up; a worker that was never ready stops it too (a port taken, a bad setting
 * would fail again the same way).
 */
export class RestartPolicy {
  private readonly crashes = new Map<number, number[]>();

  constructor(
    private readonly limits: RestartLimits = RESTART_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Worker `n` died; `everReady`: it had been ready at least once since the start. */
  afterExit(n: number, everReady: boolean): AfterExit {
    if (!everReady) return { stop: `server process ${n} could not start` };
    const now = this.now();
    const recent = (this.crashes.get(n) ?? []).filter((at) => at > now - this.limits.windowMs);
    if (n === 1 && recent.length >= this.limits.jobsRestarts) {
      return { stop: `server process 1 (the jobs) stopped ${recent.length + 1} times within ${this.limits.windowMs / 1000} s` };
    }
    recent.push(now);
    this.crashes.set(n, recent);
    return { restartInMs: Math.min(this.limits.firstPauseMs * 2 ** (recent.length - 1), this.limits.longestPauseMs) };
  }
}

/** The part of a cluster `Worker` that stopping it needs. */
export interface StoppableWorker {
  isDead(): boolean;
  once(event: 'exit', listener: () => void): unknown;
  process: { kill(signal: NodeJS.Signals): unknown };
}

/**
 * SIGTERMs every worker (each stops as one process does: HTTP, then the app) and waits for all to
 * exit; one still running after `graceMs` is SIGKILLed and waited for, so whatever comes next (the
 * database stopping) never runs under a live worker. Answers how many had to be killed.
 */
export async function stopWorkers(workers: StoppableWorker[], graceMs: number): Promise<number> {
  let killed = 0;
  await Promise.all(
    workers.map(
      (w) =>
        new Promise<void>((resolve) => {
          if (w.isDead()) return resolve();
          const late = setTimeout(() => {
            killed++;
            w.process.kill('SIGKILL');
          }, graceMs);
          w.once('exit', () => {
            clearTimeout(late);
            resolve();
          });
          w.process.kill('SIGTERM');
        }),
    ),
  );
  return killed;
}
