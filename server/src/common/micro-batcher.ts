/**
 * Groups work that arrives together: items added while a batch runs wait and go, together, into the
 * next one. One batch runs at a time, so under load batches grow by themselves, and at rest an item
 * goes out on the next tick alone: no timer, no added latency. Each add() settles with its batch,
 * with the item's own answer when the batch gives one per item (in the items' order).
 */
export class MicroBatcher<T, R = void> {
  private waiting: { item: T; resolve: (result: R) => void; reject: (err: unknown) => void }[] = [];
  private running = false;

  constructor(
    private readonly run: (items: T[]) => Promise<readonly R[] | void>,
    private readonly maxSize = 500,
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.running) {
        this.running = true;
        // On the next tick: everything added in this one (a burst of jobs) goes out together.
        setImmediate(() => void this.drain());
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
