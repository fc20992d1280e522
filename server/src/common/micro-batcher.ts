/**
 * Groups work that arrives together: items added while a batch runs wait and go, together, into the
 * next one. One batch runs at a time, so under load batches grow by themselves, and at rest an item
 * goes out on the next tick alone: no timer, no added latency. Each add() settles with its batch.
 */
export class MicroBatcher<T> {
  private waiting: { item: T; resolve: () => void; reject: (err: unknown) => void }[] = [];
  private running = false;

  constructor(
    private readonly run: (items: T[]) => Promise<void>,
    private readonly maxSize = 500,
  ) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
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
        await this.run(batch.map((w) => w.item));
        for (const w of batch) w.resolve();
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    this.running = false;
  }
}
