import { describe, expect, it } from '@jest/globals';
import { TtlCache } from './ttl-cache.js';

describe(TtlCache.name, () => {
  let now = 0;
  const clock = () => now;

  it('should load once per key until the value is older than its time to live', async () => {
    const cache = new TtlCache<string, number>(500, 100, clock);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    now += 499;
    expect(await cache.get('a', load)).toBe(1);
    now += 1;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('should answer a stale value at once while one load refreshes it, within staleMs only', async () => {
    const cache = new TtlCache<string, number>(500, 100, clock, 1000);
    let loads = 0;
    let release: () => void = () => undefined;
    const gated = () => new Promise<number>((r) => (release = () => r(++loads)));
    const first = cache.get('a', gated);
    release();
    expect(await first).toBe(1);
    now += 600; // expired, within the stale window
    expect(await Promise.all([cache.get('a', gated), cache.get('a', gated)])).toEqual([1, 1]);
    release(); // the one background load
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('a', gated)).toBe(2);
    expect(loads).toBe(2);
    now += 2000; // past ttl + staleMs: the reader waits for the load
    const late = cache.get('a', gated);
    release();
    expect(await late).toBe(3);
  });

  it('should keep answering the stale value when a background refresh fails', async () => {
    const cache = new TtlCache<string, number>(500, 100, clock, 1000);
    expect(await cache.get('a', async () => 1)).toBe(1);
    now += 600;
    expect(await cache.get('a', async () => Promise.reject(new Error('down')))).toBe(1);
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('a', async () => 2)).toBe(1); // stale again, refreshing
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('a', async () => 3)).toBe(2);
  });

  it('should share one load among simultaneous misses, and keep no failed load', async () => {
    const cache = new TtlCache<string, number>(500, 100, clock);
    let loads = 0;
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++loads), 20));
    expect(await Promise.all([cache.get('k', slow), cache.get('k', slow), cache.get('k', slow)])).toEqual([1, 1, 1]);
    await expect(cache.get('bad', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 7)).toBe(7);
  });

  it('should load afresh on refresh, and never let an older load replace a newer value', async () => {
    const cache = new TtlCache<string, string>(10_000, 100, clock);
    let release: (v: string) => void = () => undefined;
    const old = cache.refresh('k', () => new Promise<string>((r) => (release = r)));
    expect(await cache.refresh('k', async () => 'new')).toBe('new');
    release('old');
    expect(await old).toBe('old');
    expect(await cache.get('k', async () => 'unused')).toBe('new');
  });

  it('should stay within its size by starting over', async () => {
    const cache = new TtlCache<number, number>(10_000, 2, clock);
    await cache.get(1, async () => 1);
    await cache.get(2, async () => 2);
    await cache.get(3, async () => 3);
    let reloaded = false;
    await cache.get(1, async () => ((reloaded = true), 1));
    expect(reloaded).toBe(true);
  });

  it('should forget everything on clear, and not keep or share a load that was under way', async () => {
    const cache = new TtlCache<string, string>(10_000, 100, clock, 10_000);
    await cache.get('a', async () => 'a1');
    let release: (v: string) => void = () => undefined;
    const before = cache.get('b', () => new Promise<string>((r) => (release = r)));
    cache.clear();
    // The next readers load afresh: neither the cached value nor the load under way answers them.
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
    release('b-old');
    expect(await before).toBe('b-old');
    expect(await cache.get('b', async () => 'unused')).toBe('b2');
  });
});
