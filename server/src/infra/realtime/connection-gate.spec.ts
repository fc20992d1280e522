import { afterEach, describe, expect, it } from '@jest/globals';
import { ADMIT_BURST, ADMIT_PER_SECOND, ADMIT_PER_SECOND_BUSY, ConnectionGate, GATE_BUSY_UTILIZATION, MAX_WAIT_MS } from './connection-gate.js';

/** A gate on a clock of whole milliseconds that only the test moves. */
function gateAt(onRefused?: () => void) {
  const clock = { ms: 1_000 };
  const gate = new ConnectionGate(onRefused, () => clock.ms);
  gates.push(gate);
  return { gate, clock };
}
const gates: ConnectionGate[] = [];
afterEach(() => gates.splice(0).forEach((g) => g.stop()));

/** Asks the gate for `n` connections; returns each one's answer as it comes (undefined: still waiting). */
function ask(gate: ConnectionGate, n: number, gone: () => boolean = () => false) {
  const answers: (boolean | undefined)[] = Array.from({ length: n }, () => undefined);
  for (let i = 0; i < n; i++) gate.admit((ok) => (answers[i] = ok), gone);
  return answers;
}

/** Moves the clock in steps of 10 ms up to `to`, draining the line at each, as the gate's timer does. */
function drainUntil(gate: ConnectionGate, clock: { ms: number }, to: number) {
  while (clock.ms < to) {
    clock.ms = Math.min(to, clock.ms + 10);
    gate.drain();
  }
}

const count = (answers: (boolean | undefined)[], value: boolean | undefined) => answers.filter((a) => a === value).length;

describe(ConnectionGate.name, () => {
  it('should admit a burst at once, then the rest in order at its rate, without refusing them', () => {
    const { gate, clock } = gateAt();
    const answers = ask(gate, ADMIT_BURST + 100);
    expect(answers.slice(0, ADMIT_BURST).every((a) => a === true)).toBe(true);
    expect(count(answers, undefined)).toBe(100);
    expect(gate.queued).toBe(100);
    // 50 ms later: ADMIT_PER_SECOND × 0.05 more, the first in line first.
    drainUntil(gate, clock, clock.ms + 50);
    const admitted = ADMIT_BURST + (ADMIT_PER_SECOND * 50) / 1000;
    expect(count(answers, true)).toBe(admitted);
    expect(answers.slice(0, admitted).every((a) => a === true)).toBe(true);
    drainUntil(gate, clock, clock.ms + 1_000);
    expect(answers.every((a) => a === true)).toBe(true);
    expect(gate.queued).toBe(0);
  });

  it('should admit at its busy rate after a busy sample of the event loop, and at its own rate again after an idle one', () => {
    const { gate, clock } = gateAt();
    gate.sample(GATE_BUSY_UTILIZATION);
    const answers = ask(gate, ADMIT_BURST + 100);
    drainUntil(gate, clock, clock.ms + 100);
    expect(count(answers, true)).toBe(ADMIT_BURST + (ADMIT_PER_SECOND_BUSY * 100) / 1000);
    gate.sample(0.1);
    drainUntil(gate, clock, clock.ms + 50);
    expect(count(answers, true)).toBe(ADMIT_BURST + (ADMIT_PER_SECOND_BUSY * 100) / 1000 + (ADMIT_PER_SECOND * 50) / 1000);
  });

  it('should refuse at once whom its rate cannot admit within the longest wait, and whoever waited that long', () => {
    let refused = 0;
    const { gate, clock } = gateAt(() => refused++);
    const line = (ADMIT_PER_SECOND * MAX_WAIT_MS) / 1000;
    const answers = ask(gate, ADMIT_BURST + line + 10);
    expect(count(answers, false)).toBe(10);
    expect(refused).toBe(10);
    expect(gate.queued).toBe(line);
    // The loop turns busy: the line moves at the busy rate, and those it cannot reach in time are refused.
    gate.sample(1);
    drainUntil(gate, clock, clock.ms + MAX_WAIT_MS);
    const admitted = count(answers, true) - ADMIT_BURST;
    expect(admitted).toBeGreaterThanOrEqual((ADMIT_PER_SECOND_BUSY * MAX_WAIT_MS) / 1000 - 1);
    expect(admitted).toBeLessThanOrEqual((ADMIT_PER_SECOND_BUSY * MAX_WAIT_MS) / 1000);
    expect(count(answers, false)).toBe(10 + line - admitted);
    expect(refused).toBe(10 + line - admitted);
    expect(gate.queued).toBe(0);
  });

  it('should drop a waiting connection whose client left, without using a turn', () => {
    let refused = 0;
    const { gate, clock } = gateAt(() => refused++);
    const left = ask(gate, ADMIT_BURST + 5, () => true);
    const staying = ask(gate, 5);
    drainUntil(gate, clock, clock.ms + 10);
    expect(count(left, false)).toBe(5);
    expect(count(staying, true)).toBe(5);
    expect(refused).toBe(0);
  });

  it('should refuse whoever still waits when it stops, and everybody after', () => {
    const { gate } = gateAt();
    gate.start();
    const answers = ask(gate, ADMIT_BURST + 3);
    gate.stop();
    expect(answers.slice(ADMIT_BURST)).toEqual([false, false, false]);
    expect(ask(gate, 1)).toEqual([false]);
  });

  it('should answer a waiting connection by its own timer', async () => {
    const gate = new ConnectionGate();
    gates.push(gate);
    const answers = ask(gate, ADMIT_BURST + 2);
    const until = Date.now() + 2_000;
    while (answers.includes(undefined) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(answers.every((a) => a === true)).toBe(true);
  });
});
