import { performance, type EventLoopUtilization } from 'node:perf_hooks';

/** How often the gate reads the event loop's utilization. */
export const GATE_SAMPLE_MS = 250;
/** After a sample whose loop was in use at least this share of the time, the gate admits at its busy rate. */
export const GATE_BUSY_UTILIZATION = 0.75;
/** New connections admitted per second while the loop has room, and while it is busy. */
export const ADMIT_PER_SECOND = 500;
export const ADMIT_PER_SECOND_BUSY = 100;
/** Most connections admitted at once (a token bucket's size): admissions are spread, never a burst. */
export const ADMIT_BURST = 25;
/** A connection waits at most this long for its turn (half socket.io-client's 20 s connect timeout); beyond, it is refused and its client tries again later. */
export const MAX_WAIT_MS = 10_000;
/** How often waiting connections are admitted while some wait. */
const DRAIN_MS = 10;

/** A connection's answer: admitted or not. */
export type Admission = (admitted: boolean) => void;

interface Waiting {
  since: number;
  answer: Admission;
  gone: () => boolean;
}

/**
 * Admission of new live connections (decision 044): a server restart with thousands of watchers
 * brings their handshakes, room joins and refetches all at once, and on one event loop they would
 * hold up the votes. So new connections are admitted at a steady rate, a token bucket of
 * ADMIT_BURST refilled at ADMIT_PER_SECOND, or ADMIT_PER_SECOND_BUSY while the loop is busy. A
 * connection beyond the rate waits its turn (its client keeps waiting, without backing off); one
 * that would wait more than MAX_WAIT_MS at the current rate is refused at once, and its client tries
 * again with its jittered backoff. Connections already open are never touched; one whose client left
 * while waiting is dropped without taking a turn. Stopped, the gate admits nobody.
 */
export class ConnectionGate {
  private last: EventLoopUtilization = performance.eventLoopUtilization();
  private busy = false;
  private tokens = ADMIT_BURST;
  private filledAt: number;
  private readonly waiting: Waiting[] = [];
  private sampler: NodeJS.Timeout | null = null;
  private drainer: NodeJS.Timeout | null = null;
  private stopped = false;

  /** `onRefused`: a connection was refused (for the metrics); `now`: the clock, in ms. */
  constructor(
    private readonly onRefused: () => void = () => {},
    private readonly now: () => number = () => performance.now(),
  ) {
    this.filledAt = now();
  }

  /** Samples the event loop from now on (without it the gate admits at its idle rate). */
  start(): void {
    if (this.sampler || this.stopped) return;
    this.last = performance.eventLoopUtilization();
    this.sampler = setInterval(() => this.sample(), GATE_SAMPLE_MS);
    this.sampler.unref();
  }

  /** Admits nobody from now on; connections still waiting are refused. */
  stop(): void {
    this.stopped = true;
    if (this.sampler) clearInterval(this.sampler);
    if (this.drainer) clearTimeout(this.drainer);
    this.sampler = this.drainer = null;
    for (const w of this.waiting.splice(0)) this.refuse(w);
  }

  /**
   * Answers whether a new connection may be opened: at once while the rate allows, else when its
   * turn comes. `gone`: whether its client has left meanwhile.
   */
  admit(answer: Admission, gone: () => boolean = () => false): void {
    const now = this.now();
    if (this.stopped) return this.refuse({ since: now, answer, gone });
    this.refill(now);
    if (!this.waiting.length && this.tokens >= 1) {
      this.tokens -= 1;
      return answer(true);
    }
    // Those in line are admitted at the current rate: beyond what it serves within MAX_WAIT_MS, nobody waits in vain.
    if (this.waiting.length >= (this.rate() * MAX_WAIT_MS) / 1000) return this.refuse({ since: now, answer, gone });
    this.waiting.push({ since: now, answer, gone });
    this.scheduleDrain();
  }

  /** How many connections wait for their turn. */
  get queued(): number {
    return this.waiting.length;
  }

  /** One reading of the event loop: busy or not until the next. */
  sample(utilization = this.utilization()): void {
    // The time until now is credited at the rate that held during it.
    this.refill(this.now());
    this.busy = utilization >= GATE_BUSY_UTILIZATION;
  }

  /** Admits the waiting connections whose turn has come, in order; drops those whose client left and refuses those that waited too long. */
  drain(): void {
    this.drainer = null;
    const now = this.now();
    this.refill(now);
    while (this.waiting.length) {
      const first = this.waiting[0];
      if (first.gone()) {
        this.waiting.shift();
        first.answer(false);
      } else if (now - first.since >= MAX_WAIT_MS) {
        this.refuse(this.waiting.shift()!);
      } else if (this.tokens >= 1) {
        this.tokens -= 1;
        this.waiting.shift();
        first.answer(true);
      } else break;
    }
    this.scheduleDrain();
  }

  private scheduleDrain(): void {
    if (this.drainer || !this.waiting.length || this.stopped) return;
    this.drainer = setTimeout(() => this.drain(), DRAIN_MS);
    this.drainer.unref();
  }

  private rate(): number {
    return this.busy ? ADMIT_PER_SECOND_BUSY : ADMIT_PER_SECOND;
  }

  private refill(now: number): void {
    this.tokens = Math.min(ADMIT_BURST, this.tokens + (Math.max(0, now - this.filledAt) * this.rate()) / 1000);
    this.filledAt = now;
  }

  private refuse(w: Waiting): void {
    this.onRefused();
    w.answer(false);
  }

  private utilization(): number {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, this.last);
    this.last = now;
    return utilization;
  }
}
