export interface MicroBatcherOptions {
  /** Most items in one batch. */
  maxSize?: number;
  /**
   * How long the first item of a batch waits for company when nothing is running (ms). 0: the next
   * tick. A few milliseconds turn a steady stream into fewer, larger batches for that much latency.
   */
  lingerMs?: number;
  /**
   * Batches start at least this far apart (ms). Under a stream of items each batch then carries what
   * arrived in that time, so the batches grow with the rate rather than their number; an item that
   * arrives after a quiet spell goes out at once (or after `lingerMs`).
   */
  spacingMs?: number;
}

/**
 * Groups work that arrives together: items added while a batch runs wait and go, together, into the
 * next one. One batch runs at a time, so under load batches grow by themselves; at rest an item goes
 * out alone on the next tick, or after `lingerMs`. Each add() settles with its batch, with the
 * item's own answer when the batch gives one per item (in the items' order).
 */
export class MicroBatcher<T, R = void> {
  private waiting: { item: T; resolve: (result: R) => void; reject: (err: unknown) => void }[] = [];
  private running = false;
  private lastStart = -Infinity;
  private readonly maxSize: number;
  private readonly lingerMs: number;
  private readonly spacingMs: number;

  constructor(
    private readonly run: (items: T[]) => Promise<readonly R[] | void>,
    { maxSize = 500, lingerMs = 0, spacingMs = 0 }: MicroBatcherOptions = {},
  ) {
    this.maxSize = maxSize;
    this.lingerMs = lingerMs;
    this.spacingMs = spacingMs;
  }

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.running) {
        this.running = true;
        // On the next tick at the earliest: everything added in this one (a burst of jobs) goes out together.
        const wait = Math.max(this.lingerMs, this.untilSpaced());
        if (wait > 0) setTimeout(() => void this.drain(), wait);
        else setImmediate(() => void this.drain());
      }
    });
  }

  /** How long until the next batch may start (spacingMs after the last one started). */
  private untilSpaced(): number {
    return this.spacingMs > 0 ? Math.max(0, this.lastStart + this.spacingMs - performance.now()) : 0;
  }

  private async drain(): Promise<void> {
    while (this.waiting.length) {
      const wait = this.untilSpaced();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      this.lastStart = performance.now();
      const batch = this.waiting.splice(0, this.maxSize);
      try {
        const results = await this.run(batch.map((w) => w.item));
        if (results && results.length !== batch.length) throw new Error(`A batch of ${batch.length} answered ${results.length} results`);
        batch.forEach((w, i) => w.resolve(results ? results[i] : (undefined as R)));
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    this.running = false;
  }
}
