import { describe, expect, it } from '@jest/globals';
import { EventEmitter } from 'node:events';
import { RestartPolicy, stopWorkers, type StoppableWorker } from './cluster-supervision.js';

const limits = { firstPauseMs: 1_000, longestPauseMs: 8_000, windowMs: 60_000, jobsRestarts: 5 };

describe(RestartPolicy.name, () => {
  it('should pause longer before each restart of a worker that keeps crashing, up to the longest pause, each worker on its own', () => {
    let now = 0;
    const policy = new RestartPolicy(limits, () => now);
    const pauses = [];
    for (let i = 0; i < 6; i++) {
      pauses.push(policy.afterExit(2, true));
      now += 1_000;
    }
    expect(pauses).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000].map((restartInMs) => ({ restartInMs })));
    // Another worker's crashes do not lengthen this one's pause.
    expect(policy.afterExit(3, true)).toEqual({ restartInMs: 1_000 });
    // A worker that stayed up longer than the window starts again from the first pause.
    now += 61_000;
    expect(policy.afterExit(2, true)).toEqual({ restartInMs: 1_000 });
  });

  it('should never stop the start for an api process that keeps crashing, but stop it when the jobs process cannot be kept up', () => {
    let now = 0;
    const policy = new RestartPolicy(limits, () => now);
    for (let i = 0; i < 20; i++) expect(policy.afterExit(2, true)).toHaveProperty('restartInMs');
    for (let i = 0; i < 5; i++) {
      expect(policy.afterExit(1, true)).toHaveProperty('restartInMs');
      now += 1_000;
    }
    expect(policy.afterExit(1, true)).toEqual({ stop: 'server process 1 (the jobs) stopped 6 times within 60 s' });
  });

  it('should stop the start for a worker that was never ready', () => {
    expect(new RestartPolicy(limits).afterExit(2, false)).toEqual({ stop: 'server process 2 could not start' });
  });
});

/** A worker that exits shortly after SIGKILL, and after SIGTERM when `exitsOnTerm`; it records the signals it got. */
function fakeWorker(exitsOnTerm: boolean): StoppableWorker & { signals: string[]; exitedAt?: number } {
  const events = new EventEmitter();
  const w = {
    signals: [] as string[],
    exitedAt: undefined as number | undefined,
    dead: false,
    isDead: () => w.dead,
    once: (event: 'exit', listener: () => void) => events.once(event, listener),
    process: {
      kill: (signal: NodeJS.Signals) => {
        w.signals.push(signal);
        if (signal === 'SIGKILL' || exitsOnTerm)
          setTimeout(() => {
            w.dead = true;
            w.exitedAt = Date.now();
            events.emit('exit');
          }, 10);
      },
    },
  };
  return w;
}

describe(stopWorkers.name, () => {
  it('should SIGTERM every worker, SIGKILL one still running after the grace, and answer only once all have exited', async () => {
    const polite = fakeWorker(true);
    const stuck = fakeWorker(false);
    const start = Date.now();
    const killed = await stopWorkers([polite, stuck], 200);
    const end = Date.now();
    expect(killed).toBe(1);
    expect(polite.signals).toEqual(['SIGTERM']);
    expect(stuck.signals).toEqual(['SIGTERM', 'SIGKILL']);
    expect(stuck.exitedAt! - start).toBeGreaterThanOrEqual(200);
    expect(end).toBeGreaterThanOrEqual(stuck.exitedAt!);
  });

  it('should kill nothing when every worker stops within the grace', async () => {
    const workers = [fakeWorker(true), fakeWorker(true)];
    expect(await stopWorkers(workers, 5_000)).toBe(0);
    expect(workers.every((w) => w.signals.join() === 'SIGTERM' && w.isDead())).toBe(true);
  });
});
