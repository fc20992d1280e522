export interface MicroBatcherOptions {
  /** Most items in one batch. */
  maxSize?: number;
  /**
   * How long the first item of a batch waits for company when nothing is running (ms). 0: the next
   * tick. A few milliseconds turn a steady stream into fewer, larger batches for that much latency.
   */
  lingerMs?: number;
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
  private readonly maxSize: number;
  private readonly lingerMs: number;

  constructor(
    private readonly run: (items: T[]) => Promise<readonly R[] | void>,
    { maxSize = 500, lingerMs = 0 }: MicroBatcherOptions = {},
  ) {
    this.maxSize = maxSize;
    this.lingerMs = lingerMs;
  }

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.running) {
        this.running = true;
        // On the next tick at the earliest: everything added in this one (a burst of jobs) goes out together.
        if (this.lingerMs > 0) setTimeout(() => void this.drain(), this.lingerMs);
        else setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.waiting.length) {
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
