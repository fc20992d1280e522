import { describe, expect, it } from '@jest/globals';
import { EventLoopSampler, IDLE_SAMPLES, SAMPLE_MS, TickControl, WINDOW_SAMPLES } from './tick-control.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Holds the event loop in turns of `turnMs` for `forMs`; `perTurn` runs after each turn with its length. */
async function holdLoop(forMs: number, turnMs: number, perTurn: (ms: number) => void = () => {}) {
  const until = Date.now() + forMs;
  while (Date.now() < until) {
    const start = performance.now();
    const turn = Date.now() + turnMs;
    while (Date.now() < turn);
    perTurn(performance.now() - start);
    await new Promise((r) => setImmediate(r));
  }
}

describe(TickControl.name, () => {
  const sample = (utilization: number, delayMsP99 = 0) => ({ utilization, delayMsP99, elapsedMs: SAMPLE_MS });

  it('should keep the base tick while the load is not the tallies, however busy the loop', () => {
    const control = new TickControl(100);
    for (let i = 0; i < WINDOW_SAMPLES * 2; i++) control.observe(sample(0.98, 150));
    expect(control.load).toBe(0);
    expect(control.tickFor(5_000)).toBe(100);
  });

  it('should lengthen the ticks until the writes take a small share when votes alone fill the loop', () => {
    const control = new TickControl(100);
    // Votes 0.8 and writes 0.2 at the base tick: at 500 ms the writes take 0.04.
    control.wrote(SAMPLE_MS * 0.2);
    control.observe(sample(1.0));
    expect(control.load).toBe(2);
  });

  it('should choose the shortest tick at which votes and tally writes fit the target, and shorten it only after a second of room', () => {
    const control = new TickControl(100);
    // Writes take 0.6 of the loop at the base tick and the rest 0.4: 1.0 is over the target, 0.4 + 0.24 is not.
    control.wrote(SAMPLE_MS * 0.6);
    control.observe(sample(1.0));
    expect(control.load).toBe(1);
    expect(control.tickFor(10)).toBe(250);
    expect(control.writeShare).toBeCloseTo(0.6);
    // At 250 ms the same room costs 0.24: it stays while the rest does not change.
    for (let i = 0; i < WINDOW_SAMPLES * 2; i++) {
      control.wrote(SAMPLE_MS * 0.24);
      control.observe(sample(0.64));
    }
    expect(control.load).toBe(1);
    // The votes stop: 0.6 at the base tick fits the target again, after IDLE_SAMPLES samples saying so.
    let samples = 0;
    while (control.load > 0 && samples < 40) {
      control.wrote(SAMPLE_MS * 0.24);
      control.observe(sample(0.24));
      samples++;
    }
    expect(control.load).toBe(0);
    expect(samples).toBeGreaterThanOrEqual(IDLE_SAMPLES);
  });

  it('should not lengthen every tick for a room whose audience already keeps it at the longest', () => {
    const control = new TickControl(100, 60_000);
    const own = control.ownStep(40_000);
    expect(control.tickFor(40_000)).toBe(1_000);
    // Its writes take 0.6 of the loop and the rest 0.3: no load step would make them cheaper.
    for (let i = 0; i < WINDOW_SAMPLES * 2; i++) {
      control.wrote(SAMPLE_MS * 0.6, own);
      control.observe(sample(0.9));
    }
    expect(control.load).toBe(0);
    expect(control.tickFor(10)).toBe(100);
  });

  it('should ignore a write whose cost is not a number', () => {
    const control = new TickControl(100);
    control.wrote(Number.NaN);
    control.wrote(undefined as unknown as number);
    control.observe(sample(0.2));
    expect(control.writeShare).toBe(0);
    expect(control.load).toBe(0);
  });

  it('should lengthen the ticks one more step at a long event-loop delay when tally writes are part of the load', () => {
    const control = new TickControl(100);
    control.wrote(SAMPLE_MS * 0.1);
    control.observe(sample(0.3, 120));
    expect(control.load).toBe(1);
    control.wrote(SAMPLE_MS * 0.1);
    control.observe(sample(0.3, 120));
    expect(control.load).toBe(2);
  });

  it("should make a room's tick long enough for its audience's writes to stay within the budget, whatever the load", () => {
    const control = new TickControl(100, 60_000);
    expect(control.tickFor(6_000)).toBe(100);
    expect(control.tickFor(6_001)).toBe(250);
    expect(control.tickFor(600_000)).toBe(1_000);
  });
});

describe(EventLoopSampler.name, () => {
  it("should lengthen the ticks while tally writes hold this process's event loop, and shorten them once it is free", async () => {
    const control = new TickControl(100);
    const sampler = new EventLoopSampler(control);
    sampler.start();
    try {
      await sleep(SAMPLE_MS * 2);
      expect(control.load).toBe(0);
      // Votes alone hold the loop in turns of 60 ms for a second: longer ticks would not help them.
      await holdLoop(1_000, 60);
      await sleep(SAMPLE_MS * 1.5);
      expect(control.load).toBe(0);
      // Tally writes hold it the same way: the ticks lengthen.
      await holdLoop(1_000, 60, (ms) => control.wrote(ms));
      await sleep(SAMPLE_MS * 1.5);
      const held = control.load;
      expect(held).toBeGreaterThanOrEqual(1);
      expect(control.tickFor(10)).toBeGreaterThan(100);
      // Free again: back to the base tick within a few idle samples per step (bounded: a crowded host delays them).
      const end = Date.now() + SAMPLE_MS * (WINDOW_SAMPLES + IDLE_SAMPLES) * (held + 1) * 4;
      while (control.load > 0 && Date.now() < end) await sleep(SAMPLE_MS);
      expect(control.load).toBe(0);
      expect(control.tickFor(10)).toBe(100);
    } finally {
      sampler.stop();
    }
  });
});
