import { describe, expect, it } from '@jest/globals';
import { MicroBatcher } from './micro-batcher.js';

describe(MicroBatcher.name, () => {
  it('should send what arrives together in one batch, and what arrives meanwhile in the next', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const firstDone = new Promise<void>((r) => (release = r));
    const batcher = new MicroBatcher<number>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await firstDone;
    });
    const first = [1, 2, 3].map((n) => batcher.add(n));
    await new Promise((r) => setImmediate(r));
    const second = [4, 5].map((n) => batcher.add(n));
    release();
    await Promise.all([...first, ...second]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('should never run two batches at once, and respect the size limit', async () => {
    let active = 0;
    let most = 0;
    const sizes: number[] = [];
    const batcher = new MicroBatcher<number>(
      async (items) => {
        active += 1;
        most = Math.max(most, active);
        sizes.push(items.length);
        await new Promise((r) => setTimeout(r, 5));
        active -= 1;
      },
      { maxSize: 4 },
    );
    await Promise.all(Array.from({ length: 10 }, (_, i) => batcher.add(i)));
    expect(most).toBe(1);
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('should reject every add of a failed batch and go on with the next', async () => {
    let calls = 0;
    const batcher = new MicroBatcher<string>(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database down');
    });
    const failed = Promise.allSettled([batcher.add('a'), batcher.add('b')]);
    expect((await failed).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await expect(batcher.add('c')).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });

  it("should settle each add with its own item's answer", async () => {
    const batcher = new MicroBatcher<number, string>(async (items) => items.map((n) => `#${n * 2}`));
    expect(await Promise.all([1, 2, 3].map((n) => batcher.add(n)))).toEqual(['#2', '#4', '#6']);
  });

  it('should reject the whole batch when it answers for the wrong number of items', async () => {
    const batcher = new MicroBatcher<number, number>(async (items) => items.slice(1));
    const settled = await Promise.allSettled([batcher.add(1), batcher.add(2)]);
    expect(settled.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });

  it('should let the first item wait lingerMs for company when asked to', async () => {
    const batches: number[][] = [];
    const batcher = new MicroBatcher<number>(async (items) => void batches.push(items), { lingerMs: 30 });
    const first = batcher.add(1);
    await new Promise((r) => setTimeout(r, 10));
    await Promise.all([first, batcher.add(2)]);
    expect(batches).toEqual([[1, 2]]);
  });

  it('should start batches at least spacingMs apart under a stream, so they grow with the rate, and send a lone item at once', async () => {
    const starts: { at: number; size: number }[] = [];
    const batcher = new MicroBatcher<number>(async (items) => void starts.push({ at: performance.now(), size: items.length }), { spacingMs: 40 });
    const t0 = performance.now();
    await batcher.add(0);
    expect(starts[0].at - t0).toBeLessThan(20); // nothing before it: no wait
    // 20 items over about 100 ms: three or four batches, not twenty.
    const adds: Promise<void>[] = [];
    for (let i = 1; i <= 20; i++) {
      adds.push(batcher.add(i));
      await new Promise((r) => setTimeout(r, 5));
    }
    await Promise.all(adds);
    const later = starts.slice(1);
    expect(later.length).toBeGreaterThanOrEqual(2);
    expect(later.length).toBeLessThanOrEqual(5);
    expect(later.reduce((n, b) => n + b.size, 0)).toBe(20);
    for (let i = 1; i < starts.length; i++) expect(starts[i].at - starts[i - 1].at).toBeGreaterThanOrEqual(39);
  });
});
