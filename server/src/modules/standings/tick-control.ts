import { monitorEventLoopDelay, performance, type EventLoopUtilization, type IntervalHistogram } from 'node:perf_hooks';

/** A tick is the base tick (LIVE_TICK_MS) times one of these: 100 ms → 250 ms → 500 ms → 1 s at the default. */
export const TICK_STEPS = [1, 2.5, 5, 10] as const;

/**
 * The thresholds of decision 042 (measured there). A sample of the event loop is busy when it was
 * in use for at least BUSY_UTILIZATION of the time or its delay (p99) reached BUSY_DELAY_MS; idle
 * when it was in use at most IDLE_UTILIZATION of the time and not busy (an idle process on a host
 * crowded by other work sees delays of 15–38 ms that are not its own). WRITE_BUDGET: a room's
 * socket writes per second (its local audience × ticks per second) at most, whatever the load.
 */
export const BUSY_UTILIZATION = 0.85;
export const BUSY_DELAY_MS = 40;
export const IDLE_UTILIZATION = 0.5;
export const WRITE_BUDGET = 60_000;
/** Idle samples in a row before ticks shorten one step (a busy sample lengthens them at once). */
export const IDLE_SAMPLES = 2;
/** How often the event loop is sampled. */
export const SAMPLE_MS = 250;

export interface LoadSample {
  /** Event-loop utilization over the sample, 0..1. */
  utilization: number;
  /** The event loop's delay over the sample, 99th percentile, in ms. */
  delayMsP99: number;
}

/**
 * How long a room's tick is (decision 042): the shortest step at which the room's local audience ×
 * ticks per second stays within WRITE_BUDGET, lengthened by one more step for each busy sample of
 * the event loop and shortened again, one step per IDLE_SAMPLES idle samples, down to that shortest.
 * So a big audience on a quiet night still gets the base tick, and votes come first when the process is busy.
 */
export class TickControl {
  /** Steps added to every room's own, for the process's load (0: not busy). */
  private loadSteps = 0;
  private idleRun = 0;

  constructor(
    readonly baseMs: number,
    private readonly budget = WRITE_BUDGET,
  ) {}

  /** One sample of the process's event loop. */
  observe(sample: LoadSample): void {
    const busy = sample.utilization >= BUSY_UTILIZATION || sample.delayMsP99 >= BUSY_DELAY_MS;
    const idle = !busy && sample.utilization <= IDLE_UTILIZATION;
    if (busy) {
      this.loadSteps = Math.min(TICK_STEPS.length - 1, this.loadSteps + 1);
      this.idleRun = 0;
    } else if (idle && ++this.idleRun >= IDLE_SAMPLES) {
      this.loadSteps = Math.max(0, this.loadSteps - 1);
      this.idleRun = 0;
    } else if (!idle) this.idleRun = 0;
  }

  /** The steps added for load now (for the metrics). */
  get load(): number {
    return this.loadSteps;
  }

  /** The tick of a room with this many sockets in this process, in ms. */
  tickFor(audience: number): number {
    let step = 0;
    while (step < TICK_STEPS.length - 1 && (audience * 1000) / (this.baseMs * TICK_STEPS[step]) > this.budget) step++;
    return this.baseMs * TICK_STEPS[Math.min(TICK_STEPS.length - 1, step + this.loadSteps)];
  }
}

/** The delay monitor's timer, in ms: it records each interval whole, so an idle loop reads about this much. */
const RESOLUTION_MS = 10;

/** Samples this process's event loop every SAMPLE_MS (utilization and delay) into a TickControl. */
export class EventLoopSampler {
  private readonly delay: IntervalHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private last: EventLoopUtilization = performance.eventLoopUtilization();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly control: TickControl) {}

  start(): void {
    if (this.timer) return;
    this.delay.enable();
    this.last = performance.eventLoopUtilization();
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.delay.disable();
  }

  private sample(): void {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, this.last);
    this.last = now;
    // The histogram's values are in ns and include the timer's own interval; an empty one reads as no delay.
    const delayMsP99 = this.delay.count ? Math.max(0, this.delay.percentile(99) / 1e6 - RESOLUTION_MS) : 0;
    this.delay.reset();
    this.control.observe({ utilization, delayMsP99 });
  }
}
