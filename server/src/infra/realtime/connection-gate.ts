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
/** A connection waits at most this long for its turn, and at most this many wait; beyond, it is refused and its client tries again later. */
export const MAX_WAIT_MS = 10_000;
export const MAX_WAITING = 20_000;
/** How often waiting connections are admitted while some wait. */
const DRAIN_MS = 10;

interface Waiting {
  since: number;
  answer: (admitted: boolean) => void;
}

/**
 * Admission of new live connections (decision 044): a server restart with thousands of watchers
 * brings their handshakes, room joins and refetches all at once, and on one event loop they would
 * hold up the votes. So new connections are admitted at a steady rate, a token bucket of
 * ADMIT_BURST refilled at ADMIT_PER_SECOND, or ADMIT_PER_SECOND_BUSY while the loop is busy. A
 * connection beyond the rate waits its turn (its client keeps waiting, without backing off); one
 * that waited MAX_WAIT_MS, or arrives with MAX_WAITING waiting, is refused and its client tries
 * again with its jittered backoff. Connections already open are never touched.
 */
export class ConnectionGate {
  private last: EventLoopUtilization = performance.eventLoopUtilization();
  private busy = false;
  private tokens = ADMIT_BURST;
  private filledAt = performance.now();
  private readonly waiting: Waiting[] = [];
  private sampler: NodeJS.Timeout | null = null;
  private drainer: NodeJS.Timeout | null = null;

  constructor(private readonly onRefused: () => void = () => {}) {}

  start(): void {
    if (this.sampler) return;
    this.last = performance.eventLoopUtilization();
    this.sampler = setInterval(() => this.sample(), GATE_SAMPLE_MS);
    this.sampler.unref();
  }

  /** Stops sampling; connections still waiting are refused. */
  stop(): void {
    if (this.sampler) clearInterval(this.sampler);
    if (this.drainer) clearTimeout(this.drainer);
    this.sampler = this.drainer = null;
    for (const w of this.waiting.splice(0)) this.refuse(w);
  }

  /** Answers whether a new connection may be opened: at once while the rate allows, else when its turn comes. */
  admit(answer: (admitted: boolean) => void, now = performance.now()): void {
    this.refill(now);
    if (!this.waiting.length && this.tokens >= 1) {
      this.tokens -= 1;
      answer(true);
      return;
    }
    if (this.waiting.length >= MAX_WAITING) {
      this.refuse({ since: now, answer });
      return;
    }
    this.waiting.push({ since: now, answer });
    this.scheduleDrain();
  }

  /** How many connections wait for their turn. */
  get queued(): number {
    return this.waiting.length;
  }

  /** One reading of the event loop: busy or not until the next. */
  sample(utilization = this.utilization()): void {
    this.busy = utilization >= GATE_BUSY_UTILIZATION;
  }

  /** Admits the waiting connections whose turn has come, in order, and refuses those that waited too long. */
  drain(now = performance.now()): void {
    this.drainer = null;
    this.refill(now);
    while (this.waiting.length && now - this.waiting[0].since >= MAX_WAIT_MS) this.refuse(this.waiting.shift()!);
    while (this.waiting.length && this.tokens >= 1) {
      this.tokens -= 1;
      this.waiting.shift()!.answer(true);
    }
    this.scheduleDrain();
  }

  private scheduleDrain(): void {
    if (this.drainer || !this.waiting.length || !this.sampler) return;
    this.drainer = setTimeout(() => this.drain(), DRAIN_MS);
  }

  private refill(now: number): void {
    const rate = this.busy ? ADMIT_PER_SECOND_BUSY : ADMIT_PER_SECOND;
    this.tokens = Math.min(ADMIT_BURST, this.tokens + ((now - this.filledAt) * rate) / 1000);
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
