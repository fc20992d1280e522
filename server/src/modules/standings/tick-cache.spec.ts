import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { TickCache } from './tick-cache.js';

const TICK = 100;
const MAX_AGE = 500;

describe(TickCache.name, () => {
  /** The "database": the value of each key, the reads made, and when. */
  let value: number;
  let reads: number[];
  let cache: TickCache<number, number>;

  beforeEach(() => {
    jest.useFakeTimers();
    value = 1;
    reads = [];
    cache = new TickCache(
      async () => {
        reads.push(Date.now());
        const v = value;
        await new Promise((r) => setTimeout(r, 5)); // a read takes a while
        return v;
      },
      TICK,
      MAX_AGE,
    );
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('should read once for many simultaneous readers, of either kind', async () => {
    const answers = Promise.all([...Array.from({ length: 500 }, () => cache.recent(7)), ...Array.from({ length: 500 }, () => cache.latest(7))]);
    await jest.advanceTimersByTimeAsync(10);
    expect(new Set(await answers)).toEqual(new Set([1]));
    expect(reads).toHaveLength(1);
  });

  it('should give the latest readers a read begun after the change, at most one read per tick', async () => {
    await Promise.all([cache.latest(7), jest.advanceTimersByTimeAsync(10)]);
    value = 2;
    cache.changed(7); // 10 ms after the first read began
    const afterChange = cache.latest(7);
    const more = Array.from({ length: 100 }, () => cache.latest(7));
    await jest.advanceTimersByTimeAsync(TICK);
    expect(await afterChange).toBe(2);
    expect(new Set(await Promise.all(more))).toEqual(new Set([2]));
    expect(reads).toHaveLength(2);
    expect(reads[1] - reads[0]).toBeGreaterThanOrEqual(TICK); // it waited for its tick
  });

  it('should answer leaderboards from the latest read while it is young enough, then read again', async () => {
    await Promise.all([cache.latest(7), jest.advanceTimersByTimeAsync(10)]);
    value = 2;
    cache.changed(7);
    expect(await cache.recent(7)).toBe(1); // still young: the tallies' next read brings the change
    expect(reads).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(MAX_AGE);
    const later = cache.recent(7);
    await jest.advanceTimersByTimeAsync(10);
    expect(await later).toBe(2);
    expect(reads).toHaveLength(2);
  });

  it('should not keep a failed read', async () => {
    let fail = true;
    const flaky = new TickCache<number, number>(
      async () => {
        if (fail) throw new Error('database away');
        return 3;
      },
      TICK,
      MAX_AGE,
    );
    await expect(flaky.recent(1)).rejects.toThrow('database away');
    fail = false;
    const next = flaky.recent(1);
    await jest.advanceTimersByTimeAsync(TICK);
    expect(await next).toBe(3);
  });
});
