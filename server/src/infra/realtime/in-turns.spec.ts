import { describe, expect, it } from '@jest/globals';
import { inTurns } from './in-turns.js';

describe(inTurns.name, () => {
  it('should hand every item over once, in order, one chunk per event-loop turn', async () => {
    const items = Array.from({ length: 1_001 }, (_, i) => i);
    const written: number[][] = [];
    /** Turns of the event loop seen while writing: an immediate that counts itself and queues the next. */
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const turnsAt: number[] = [];
    await inTurns(items, 250, (chunk) => {
      written.push(chunk);
      turnsAt.push(turns);
    });
    counting = false;
    expect(written.map((c) => c.length)).toEqual([250, 250, 250, 250, 1]);
    expect(written.flat()).toEqual(items);
    // Each chunk after the first was written in a later turn than the one before it.
    for (let i = 1; i < turnsAt.length; i++) expect(turnsAt[i]).toBeGreaterThan(turnsAt[i - 1]);
  });

  it('should write a small audience at once, in the same turn', async () => {
    const written: string[][] = [];
    const done = inTurns(['a', 'b'], 250, (chunk) => written.push(chunk));
    expect(written).toEqual([['a', 'b']]);
    await done;
  });

  it('should report how long the chunks held the event loop, not the turns between them', async () => {
    const spin = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    let chunks = 0;
    let others = 0;
    // Other work of 30 ms between the chunks: counted in the wall time, never in the busy time.
    const other = setInterval(() => {
      others++;
      spin(30);
    }, 0);
    try {
      const start = performance.now();
      const busy = await inTurns([1, 2, 3, 4], 1, () => {
        chunks++;
        spin(10);
      });
      const wall = performance.now() - start;
      expect(chunks).toBe(4);
      expect(others).toBeGreaterThanOrEqual(1);
      expect(busy).toBeGreaterThanOrEqual(40);
      expect(busy).toBeLessThan(wall - 25);
      expect(busy).toBeLessThan(70);
    } finally {
      clearInterval(other);
    }
  });
});
