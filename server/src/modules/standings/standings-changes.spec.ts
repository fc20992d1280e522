import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { LocalStandingsChanges, parseNotice, StandingsChanges } from './standings-changes.js';

const TICK = 100;

/** An adapter whose "other processes" are a list: what it broadcast, and a way to hear them. */
class Recorded extends StandingsChanges {
  readonly broadcasts: number[][] = [];
  listened = 0;
  /** How many of the next broadcasts fail (the transport is away). */
  failing = 0;
  protected async broadcast(groupIds: number[]): Promise<void> {
    if (this.failing > 0) {
      this.failing -= 1;
      throw new Error('not sent');
    }
    this.broadcasts.push(groupIds);
  }
  protected listen(): void {
    this.listened += 1;
  }
  hear(groupIds: number[]): void {
    this.deliver(groupIds);
  }
  reconnected(): void {
    this.resync();
  }
}

describe(StandingsChanges.name, () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it("should run this process's handlers at once, for every change", () => {
    const local = new LocalStandingsChanges(TICK);
    const heard: number[] = [];
    local.subscribe((g) => heard.push(g));
    local.publish(3);
    local.publish(3);
    expect(heard).toEqual([3, 3]);
  });

  it('should reach the other processes at most once per group per tick: the first change at once, the rest at the tick', async () => {
    const changes = new Recorded(TICK);
    changes.publish(1);
    expect(changes.broadcasts).toEqual([[1]]);
    for (let i = 0; i < 50; i++) changes.publish(i % 2 ? 1 : 2);
    expect(changes.broadcasts).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(TICK);
    expect(changes.broadcasts).toEqual([[1], [2, 1]]);
    await jest.advanceTimersByTimeAsync(TICK * 5);
    expect(changes.broadcasts).toHaveLength(2);
    await changes.onApplicationShutdown();
  });

  it("should send the last tick's changes to the other processes when it stops, not drop them", async () => {
    const changes = new Recorded(TICK);
    changes.publish(1);
    changes.publish(2);
    changes.publish(3);
    expect(changes.broadcasts).toEqual([[1]]);
    await changes.onApplicationShutdown();
    expect(changes.broadcasts).toEqual([[1], [2, 3]]);
    await jest.advanceTimersByTimeAsync(TICK * 3);
    expect(changes.broadcasts).toHaveLength(2); // and nothing after the stop
  });

  it('should send the groups of a failed broadcast again at the next tick, with the changes made since', async () => {
    const changes = new Recorded(TICK);
    changes.failing = 1;
    changes.publish(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(changes.broadcasts).toEqual([]);
    changes.publish(2);
    await jest.advanceTimersByTimeAsync(TICK);
    expect(changes.broadcasts).toEqual([[1, 2]]);
    await jest.advanceTimersByTimeAsync(TICK * 3);
    expect(changes.broadcasts).toHaveLength(1);
    await changes.onApplicationShutdown();
  });

  it('should ask every resync handler to read again when the adapter may have missed notices', () => {
    const changes = new Recorded(TICK);
    const resyncs: string[] = [];
    changes.onResync(() => resyncs.push('a'));
    changes.onResync(() => resyncs.push('b'));
    changes.reconnected();
    expect(resyncs).toEqual(['a', 'b']);
  });

  it("should hand the other processes' notices to every handler, and listen once", () => {
    const changes = new Recorded(TICK);
    const a: number[] = [];
    const b: number[] = [];
    changes.subscribe((g) => a.push(g));
    changes.subscribe((g) => b.push(g));
    changes.hear([4, 5]);
    expect(a).toEqual([4, 5]);
    expect(b).toEqual([4, 5]);
    expect(changes.listened).toBe(1);
  });

  it('should read a notice and nothing else', () => {
    expect(parseNotice('123-ab 4,5')).toEqual({ sender: '123-ab', groupIds: [4, 5] });
    expect(parseNotice('123-ab x,-1,0')).toBeNull();
    expect(parseNotice('garbage')).toBeNull();
  });
});
