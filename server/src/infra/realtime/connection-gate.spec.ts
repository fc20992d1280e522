import { describe, expect, it } from '@jest/globals';
import { ADMIT_BURST, ADMIT_PER_SECOND, ADMIT_PER_SECOND_BUSY, ConnectionGate, GATE_BUSY_UTILIZATION, MAX_WAIT_MS } from './connection-gate.js';

/** Asks the gate for `n` connections at `at` ms; returns each one's answer as it comes (undefined: still waiting). */
function ask(gate: ConnectionGate, n: number, at: number) {
  const answers: (boolean | undefined)[] = Array.from({ length: n }, () => undefined);
  for (let i = 0; i < n; i++) gate.admit((ok) => (answers[i] = ok), at);
  return answers;
}

/** Drains the gate every 10 ms from `from` to `to`, as its timer does. */
function drainUntil(gate: ConnectionGate, from: number, to: number) {
  for (let t = from + 10; t <= to; t += 10) gate.drain(t);
}

describe(ConnectionGate.name, () => {
  it('should admit a burst at once, then the rest in order at its rate, without refusing them', () => {
    const gate = new ConnectionGate();
    const t0 = performance.now();
    const answers = ask(gate, ADMIT_BURST + 100, t0);
    expect(answers.slice(0, ADMIT_BURST).every((a) => a === true)).toBe(true);
    expect(answers.slice(ADMIT_BURST).every((a) => a === undefined)).toBe(true);
    expect(gate.queued).toBe(100);
    // 50 ms later: ADMIT_PER_SECOND × 0.05 more, the first in line first.
    gate.drain(t0 + 50);
    const more = (ADMIT_PER_SECOND * 50) / 1000;
    expect(answers.filter((a) => a === true)).toHaveLength(ADMIT_BURST + more);
    expect(answers.slice(0, ADMIT_BURST + more).every((a) => a === true)).toBe(true);
    drainUntil(gate, t0 + 50, t0 + 1_000);
    expect(answers.every((a) => a === true)).toBe(true);
    expect(gate.queued).toBe(0);
  });

  it('should admit at its busy rate after a busy sample of the event loop', () => {
    const gate = new ConnectionGate();
    gate.sample(GATE_BUSY_UTILIZATION);
    const t0 = performance.now();
    const answers = ask(gate, ADMIT_BURST + 100, t0);
    gate.drain(t0 + 100);
    expect(answers.filter((a) => a === true)).toHaveLength(ADMIT_BURST + (ADMIT_PER_SECOND_BUSY * 100) / 1000);
    gate.sample(0.1);
    gate.drain(t0 + 150);
    expect(answers.filter((a) => a === true).length).toBeGreaterThanOrEqual(
      ADMIT_BURST + (ADMIT_PER_SECOND_BUSY * 100) / 1000 + (ADMIT_PER_SECOND * 50) / 1000,
    );
  });

  it('should refuse a connection that waited too long, and count it', () => {
    let refused = 0;
    const gate = new ConnectionGate(() => refused++);
    gate.sample(1);
    const t0 = performance.now();
    const answers = ask(gate, ADMIT_BURST + 10_000, t0);
    drainUntil(gate, t0, t0 + MAX_WAIT_MS / 2);
    const admitted = ADMIT_BURST + (ADMIT_PER_SECOND_BUSY * MAX_WAIT_MS) / 2 / 1000;
    expect(answers.filter((a) => a === true)).toHaveLength(admitted);
    expect(refused).toBe(0);
    gate.drain(t0 + MAX_WAIT_MS);
    expect(answers.filter((a) => a === true)).toHaveLength(admitted);
    expect(answers.filter((a) => a === false)).toHaveLength(ADMIT_BURST + 10_000 - admitted);
    expect(refused).toBe(ADMIT_BURST + 10_000 - admitted);
    expect(gate.queued).toBe(0);
  });

  it('should refuse whoever still waits when it stops', () => {
    const gate = new ConnectionGate();
    gate.start();
    const answers = ask(gate, ADMIT_BURST + 3, performance.now());
    gate.stop();
    expect(answers.slice(ADMIT_BURST)).toEqual([false, false, false]);
  });
});
