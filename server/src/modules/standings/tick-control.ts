import { monitorEventLoopDelay, performance, type EventLoopUtilization, type IntervalHistogram } from 'node:perf_hooks';

/** A tick is the base tick (LIVE_TICK_MS) times one of these: 100 ms → 250 ms → 500 ms → 1 s at the default. */
export const TICK_STEPS = [1, 2.5, 5, 10] as const;

/**
 * The thresholds of decision 042 (measured there). TARGET_UTILIZATION: the share of its time this
 * process's event loop may be in use, votes and tally writes together, before ticks lengthen; with
 * more, votes wait behind the writes. BUSY_DELAY_MS: an event-loop delay (p99) that lengthens the
 * ticks one more step at once, when tally writes are part of the load (at least FANOUT_MATERIAL of
 * the loop's time). WRITE_BUDGET: a room's socket writes per second (its local audience × ticks per
 * second) at most, whatever the load.
 */
export const TARGET_UTILIZATION = 0.75;
export const BUSY_DELAY_MS = 100;
export const FANOUT_MATERIAL = 0.05;
export const WRITE_BUDGET = 60_000;
/** How often the event loop is sampled. */
export const SAMPLE_MS = 250;
/**
 * The load is the mean of the last samples over the longest tick (at least this many: one second at
 * the default 100 ms base), so that the window holds a tally at every step and a single write never
 * decides alone.
 */
export const WINDOW_SAMPLES = 4;
/** Samples in a row that allow shorter ticks before they shorten one step (longer ones apply at once). */
export const IDLE_SAMPLES = 4;

const LAST = TICK_STEPS.length - 1;

export interface LoadSample {
  /** Event-loop utilization over the sample, 0..1. */
  utilization: number;
  /** The event loop's delay over the sample, 99th percentile, in ms. */
  delayMsP99: number;
  /** How long the sample was, in ms (SAMPLE_MS unless the loop was late). */
  elapsedMs: number;
}

/**
 * How long a room's tick is (decision 042): the shortest step at which the room's local audience ×
 * ticks per second stays within WRITE_BUDGET, lengthened by the process's load steps. The load steps
 * come from what the tally writes cost: each write reports how long it held the event loop, so each
 * sample splits the loop's utilization into the writes' share and the rest (votes, pages); the load
 * steps are the fewest at which the rest plus the writes, scaled to that tick, stay within
 * TARGET_UTILIZATION (or, when the rest alone is over it, at which the writes take at most
 * FANOUT_MATERIAL; or, when no step can, the fewest at which they take least). Each room's writes are
 * scaled by its own step (rooms whose audience already lengthens their tick gain less from more).
 * So a busy process whose load is not the tallies keeps its ticks (longer ones would not help its
 * votes), a big audience on a quiet night still gets the base tick, and when votes and watchers
 * compete the ticks lengthen until the votes have room.
 */
export class TickControl {
  /** Steps added to every room's own, for the process's load (0: not busy). */
  private loadSteps = 0;
  private idleRun = 0;
  /** Ms the tally writes held the event loop since the last sample. */
  private writingMs = 0;
  /** The same writes as they would cost per second at the base tick, by the rooms' own (budget) step. */
  private atBaseMs: number[] = TICK_STEPS.map(() => 0);
  /** The last samples: utilization, the writes' share of the loop, and that share at the base tick by own step. */
  private readonly window: { used: number; writes: number; atBase: number[] }[] = [];
  private readonly windowSamples: number;
  private writes = 0;

  constructor(
    readonly baseMs: number,
    private readonly budget = WRITE_BUDGET,
  ) {
    this.windowSamples = Math.max(WINDOW_SAMPLES, Math.ceil((baseMs * TICK_STEPS[LAST]) / SAMPLE_MS));
  }

  /**
   * A tally write held the event loop for this long, in ms (the sum of its turns), for a room whose
   * own step (ownStep) is this.
   */
  wrote(busyMs: number, ownStep = 0): void {
    if (!Number.isFinite(busyMs) || busyMs <= 0) return;
    const own = Math.max(0, Math.min(LAST, ownStep));
    this.writingMs += busyMs;
    // At the base tick the same room is written as many times more often as its tick is now longer.
    this.atBaseMs[own] += busyMs * TICK_STEPS[Math.min(LAST, own + this.loadSteps)];
  }

  /** One sample of the process's event loop. */
  observe(sample: LoadSample): void {
    const per = (ms: number) => (sample.elapsedMs > 0 ? ms / sample.elapsedMs : 0);
    this.window.push({ used: sample.utilization, writes: Math.min(sample.utilization, per(this.writingMs)), atBase: this.atBaseMs.map(per) });
    this.writingMs = 0;
    this.atBaseMs = TICK_STEPS.map(() => 0);
    if (this.window.length > this.windowSamples) this.window.shift();
    const mean = (value: (s: (typeof this.window)[number]) => number) => this.window.reduce((sum, s) => sum + value(s), 0) / this.window.length;
    const used = mean((s) => s.used);
    this.writes = Math.min(
      used,
      mean((s) => s.writes),
    );
    const atBase = TICK_STEPS.map((_, own) => mean((s) => s.atBase[own]));
    const rest = used - this.writes;
    // The writes' share at each load step: a room's ticks per second scale inversely with its tick.
    const projected = TICK_STEPS.map((_, load) => atBase.reduce((sum, cost, own) => sum + cost / TICK_STEPS[Math.min(LAST, own + load)], 0));
    // Within the target; when the rest alone is over it, the writes at most FANOUT_MATERIAL.
    const limit = rest > TARGET_UTILIZATION ? rest + FANOUT_MATERIAL : TARGET_UTILIZATION;
    let wanted = projected.findIndex((writes) => rest + writes <= limit);
    // Out of reach: the fewest steps that write least (rooms already at the longest tick gain nothing from more).
    if (wanted < 0) wanted = projected.findIndex((writes) => writes <= projected[LAST] + 1e-9);
    if (sample.delayMsP99 >= BUSY_DELAY_MS && this.writes >= FANOUT_MATERIAL) wanted = Math.min(LAST, Math.max(wanted, this.loadSteps + 1));
    if (wanted > this.loadSteps) {
      this.loadSteps = wanted;
      this.idleRun = 0;
    } else if (wanted < this.loadSteps) {
      if (++this.idleRun >= IDLE_SAMPLES) {
        this.loadSteps--;
        this.idleRun = 0;
      }
    } else this.idleRun = 0;
  }

  /** The steps added for load now (for the metrics). */
  get load(): number {
    return this.loadSteps;
  }

  /** The tally writes' share of this process's event loop, smoothed (for the metrics). */
  get writeShare(): number {
    return this.writes;
  }

  /** The step a room with this many sockets in this process has without load: the shortest within the write budget. */
  ownStep(audience: number): number {
    let step = 0;
    while (step < LAST && (audience * 1000) / (this.baseMs * TICK_STEPS[step]) > this.budget) step++;
    return step;
  }

  /** The tick of a room with this many sockets in this process, in ms. */
  tickFor(audience: number): number {
    return this.baseMs * TICK_STEPS[Math.min(LAST, this.ownStep(audience) + this.loadSteps)];
  }
}

/** The delay monitor's timer, in ms: it records each interval whole, so an idle loop reads about this much. */
const RESOLUTION_MS = 10;

/** Samples this process's event loop every SAMPLE_MS (utilization and delay) into a TickControl. */
export class EventLoopSampler {
  private readonly delay: IntervalHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private last: EventLoopUtilization = performance.eventLoopUtilization();
  private lastAt = performance.now();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly control: TickControl) {}

  start(): void {
    if (this.timer) return;
    this.delay.enable();
    this.last = performance.eventLoopUtilization();
    this.lastAt = performance.now();
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
    const at = performance.now();
    const elapsedMs = at - this.lastAt;
    this.lastAt = at;
    // The histogram's values are in ns and include the timer's own interval; an empty one reads as no delay.
    const delayMsP99 = this.delay.count ? Math.max(0, this.delay.percentile(99) / 1e6 - RESOLUTION_MS) : 0;
    this.delay.reset();
    this.control.observe({ utilization, delayMsP99, elapsedMs });
  }
}
