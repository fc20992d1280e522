import { describe, expect, it } from '@jest/globals';
import { EventLoopSampler, IDLE_SAMPLES, SAMPLE_MS, TickControl } from './tick-control.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(EventLoopSampler.name, () => {
  it("should lengthen the ticks while this process's event loop is held, and shorten them once it is free", async () => {
    const control = new TickControl(100);
    const sampler = new EventLoopSampler(control);
    sampler.start();
    try {
      await sleep(SAMPLE_MS * 2);
      expect(control.load).toBe(0);
      // The loop held in turns of 60 ms for a second: busy by either measure.
      const until = Date.now() + 1_000;
      while (Date.now() < until) {
        const turn = Date.now() + 60;
        while (Date.now() < turn);
        await new Promise((r) => setImmediate(r));
      }
      await sleep(SAMPLE_MS * 1.5);
      const held = control.load;
      expect(held).toBeGreaterThanOrEqual(1);
      expect(control.tickFor(10)).toBeGreaterThan(100);
      // Free again: back to the base tick within a few idle samples per step (bounded: a crowded host delays them).
      const end = Date.now() + SAMPLE_MS * IDLE_SAMPLES * (held + 1) * 4;
      while (control.load > 0 && Date.now() < end) await sleep(SAMPLE_MS);
      expect(control.load).toBe(0);
      expect(control.tickFor(10)).toBe(100);
    } finally {
      sampler.stop();
    }
  });
});
