import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { TallyEvent } from '#contract/live/events.js';
import type { LocalSockets } from '#server/infra/realtime/realtime-publisher.js';
import { FULL_TALLY_EVERY_MS, LiveTallies } from './live-tallies.js';
import { rankByVotes } from './ranking.js';
import type { GroupStandings } from './standings.service.js';
import { IDLE_SAMPLES, SAMPLE_MS, TickControl, WRITE_BUDGET } from './tick-control.js';

const TICK = 100;

interface Sent {
  rooms: string[];
  event: string;
  payload: TallyEvent;
}

describe(LiveTallies.name, () => {
  /** The database: votes per entry of each group (entry id → votes). */
  let db: Map<number, Map<number, number>>;
  let reads: number;
  let sent: Sent[];
  let tallies: LiveTallies;
  let control: TickControl;
  /** This process's sockets in each room; and whether it holds any at all. */
  let audience: Map<string, number>;
  let connected: number;
  /** What a write to this process's sockets does. */
  let writeTo: (rooms: string[], event: string, payload: TallyEvent) => Promise<number>;

  /** How many of the next reads fail (the database is away). */
  let failingReads: number;

  const read = async (groupId: number): Promise<GroupStandings | null> => {
    reads += 1;
    if (failingReads > 0) {
      failingReads -= 1;
      throw new Error('connection terminated');
    }
    const votes = db.get(groupId);
    if (!votes) return null;
    const ranked = rankByVotes([...votes].map(([id, v]) => ({ id, current_contest_votes: v, joined_at: id })));
    const items = ranked.map((e) => ({
      id: e.id,
      username: `fan${e.id}`,
      current_contest_votes: e.current_contest_votes,
      paid_votes: 0,
      rank: e.rank,
      is_eliminated: false,
    }));
    return {
      groupId,
      groupNumber: 1,
      contestId: 7,
      items,
      totals: new Map(ranked.map((e) => [e.id, e.current_contest_votes + 100])),
    } as unknown as GroupStandings;
  };
  const vote = (groupId: number, entryId: number, n = 1) => {
    const votes = db.get(groupId)!;
    votes.set(entryId, votes.get(entryId)! + n);
    tallies.changed(groupId);
  };
  const entriesOf = (s: Sent) => s.payload.entries.map((e) => [e.entry_id, e.votes, e.rank]);

  beforeEach(() => {
    jest.useFakeTimers();
    db = new Map([
      [
        5,
        new Map([
          [1, 10],
          [2, 5],
          [3, 0],
        ]),
      ],
      [6, new Map([[4, 1]])],
    ]);
    reads = 0;
    failingReads = 0;
    sent = [];
    audience = new Map();
    connected = 1;
    writeTo = async (rooms, event, payload) => {
      sent.push({ rooms, event, payload });
      return 0;
    };
    const sockets = {
      connected: () => connected,
      audience: (room: string) => audience.get(room) ?? 0,
      write: (rooms: string[], event: string, payload: TallyEvent) => writeTo(rooms, event, payload),
    } as unknown as LocalSockets;
    control = new TickControl(TICK);
    tallies = new LiveTallies(read, sockets, control);
  });
  afterEach(() => {
    tallies.close();
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('should send at most one tally per tick for a stream of votes, the last with the latest counts', async () => {
    for (let i = 1; i <= 100; i++) {
      vote(5, 3);
      await jest.advanceTimersByTimeAsync(TICK / 10); // 100 votes over one second
    }
    await jest.advanceTimersByTimeAsync(TICK * 2);
    expect(sent.length).toBeGreaterThanOrEqual(9);
    expect(sent.length).toBeLessThanOrEqual(11);
    expect(reads).toBe(sent.length);
    const last = sent.at(-1)!;
    expect(last.event).toBe('tally');
    expect(last.payload.entries.find((e) => e.entry_id === 3)).toMatchObject({ votes: 100, total: 200, rank: 1 });
  });

  it("should send a group's first tally in full, then only the entries whose votes or rank changed", async () => {
    vote(5, 3, 0);
    await jest.advanceTimersByTimeAsync(TICK);
    expect(sent).toHaveLength(1);
    expect(sent[0].payload).toMatchObject({ contest_id: 7, group_id: 5, full: true });
    expect(entriesOf(sent[0])).toEqual([
      [1, 10, 1],
      [2, 5, 2],
      [3, 0, 3],
    ]);
    expect(sent[0].rooms).toEqual(['group:5', 'contestant:fan1', 'contestant:fan2', 'contestant:fan3']);

    vote(5, 3, 1); // votes only: 3 stays third
    await jest.advanceTimersByTimeAsync(TICK);
    expect(sent[1].payload.full).toBe(false);
    expect(entriesOf(sent[1])).toEqual([[3, 1, 3]]);
    expect(sent[1].rooms).toEqual(['group:5', 'contestant:fan3']);

    vote(5, 3, 5); // 3 passes 2: both ranks change, 1 is untouched
    await jest.advanceTimersByTimeAsync(TICK);
    expect(entriesOf(sent[2])).toEqual([
      [3, 6, 2],
      [2, 5, 3],
    ]);
  });

  it('should send each changed group once per tick, and nothing when nothing changed', async () => {
    vote(5, 1);
    vote(6, 4);
    vote(5, 2);
    await jest.advanceTimersByTimeAsync(TICK);
    expect(sent.map((s) => s.payload.group_id).sort()).toEqual([5, 6]);
    tallies.changed(5); // marked, but the standings read the same
    await jest.advanceTimersByTimeAsync(TICK * 4);
    expect(sent).toHaveLength(2);
    expect(reads).toBe(3);
  });

  it('should restate every entry at least every few seconds while the group keeps changing', async () => {
    vote(5, 1);
    await jest.advanceTimersByTimeAsync(TICK);
    for (let t = 0; t < FULL_TALLY_EVERY_MS; t += TICK) {
      vote(5, 1);
      await jest.advanceTimersByTimeAsync(TICK);
    }
    const full = sent.filter((s) => s.payload.full);
    expect(full).toHaveLength(2);
    expect(full[1].payload.entries).toHaveLength(3);
    expect(sent.filter((s) => !s.payload.full).every((s) => s.payload.entries.length === 1)).toBe(true);
  });

  it('should try a tally whose read failed again at the next tick, without waiting for another change', async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    failingReads = 2;
    vote(5, 3, 20);
    await jest.advanceTimersByTimeAsync(TICK / 2);
    expect(sent).toEqual([]);
    expect(reads).toBe(1);
    await jest.advanceTimersByTimeAsync(TICK * 3);
    expect(reads).toBe(3); // once per tick, not in a tight loop
    expect(sent).toHaveLength(1);
    expect(sent[0].payload.entries.find((e) => e.entry_id === 3)).toMatchObject({ votes: 20, rank: 1 });
    await jest.advanceTimersByTimeAsync(TICK * 5);
    expect(reads).toBe(3); // and once sent, nothing more until the next change
  });

  it('should send in full again after a tally that could not be written', async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    vote(5, 1);
    await jest.advanceTimersByTimeAsync(TICK);
    expect(sent).toHaveLength(1);
    let failWrite = true;
    const write = writeTo;
    writeTo = async (to, event, payload) => {
      if (failWrite) {
        failWrite = false;
        throw new Error('write failed');
      }
      return write(to, event, payload);
    };
    vote(5, 3, 20);
    await jest.advanceTimersByTimeAsync(TICK * 3);
    expect(sent).toHaveLength(2);
    expect(sent[1].payload.full).toBe(true);
    expect(sent[1].payload.entries.find((e) => e.entry_id === 3)).toMatchObject({ votes: 20, rank: 1 });
  });

  it('should read again, on a resync, the groups watched or tallied here, and send what changed unheard', async () => {
    audience.set('group:5', 3);
    db.get(5)!.set(3, 50); // counted while this process's notices were lost
    db.get(6)!.set(4, 9); // nobody here watches group 6
    expect(tallies.resync([5, 6]).sort()).toEqual([5]);
    await jest.advanceTimersByTimeAsync(TICK);
    expect(reads).toBe(1);
    expect(sent).toHaveLength(1);
    expect(sent[0].payload.entries.find((e) => e.entry_id === 3)).toMatchObject({ votes: 50, rank: 1 });

    // A group tallied here lately is read again too; unchanged, it sends nothing.
    audience.delete('group:5');
    expect(tallies.resync([])).toEqual([5]);
    await jest.advanceTimersByTimeAsync(TICK * 2);
    expect(reads).toBe(2);
    expect(sent).toHaveLength(1);
  });

  it('should skip a group that no longer exists', async () => {
    tallies.changed(404);
    await jest.advanceTimersByTimeAsync(TICK);
    expect(sent).toEqual([]);
  });

  it('should read and write nothing in a process that holds no sockets', async () => {
    connected = 0;
    vote(5, 1);
    await jest.advanceTimersByTimeAsync(TICK * 3);
    expect(reads).toBe(0);
    expect(sent).toEqual([]);
  });

  /** Votes for group 5 every 10 ms for `ms`, then the tallies sent meanwhile and the last one's count for entry 3. */
  async function stream(ms: number): Promise<{ tallies: number; last: number | undefined }> {
    const before = sent.length;
    for (let t = 0; t < ms; t += 10) {
      vote(5, 3);
      await jest.advanceTimersByTimeAsync(10);
    }
    await jest.advanceTimersByTimeAsync(2_000); // every tick due has gone out
    const mine = sent.slice(before);
    return { tallies: mine.length, last: mine.at(-1)?.payload.entries.find((e) => e.entry_id === 3)?.votes };
  }

  it("should lengthen a room's tick when its audience here times the tick rate passes the write budget", async () => {
    expect(tallies.tickMs()).toEqual({});
    vote(5, 1);
    await jest.advanceTimersByTimeAsync(TICK);
    audience.set('group:5', (WRITE_BUDGET * TICK) / 1000); // just within the budget at the base tick
    expect(tallies.tickMs()).toEqual({ 5: TICK });
    audience.set('group:5', (WRITE_BUDGET * TICK) / 1000 + 1);
    expect(tallies.tickMs()).toEqual({ 5: TICK * 2.5 });
    audience.set('group:5', WRITE_BUDGET * 10); // more than the budget even at the longest tick: the cap
    expect(tallies.tickMs()).toEqual({ 5: TICK * 10 });
    audience.set('group:5', (WRITE_BUDGET * TICK * 5) / 1000);
    const { tallies: n, last } = await stream(2_000);
    expect(n).toBeGreaterThanOrEqual(3);
    expect(n).toBeLessThanOrEqual(5); // one per 500 ms, not 20
    expect(last).toBe(200); // the latest count: a longer tick loses nothing
  });

  it("should tell the tick control how long each tally's write held the event loop", async () => {
    writeTo = async (rooms, event, payload) => {
      sent.push({ rooms, event, payload });
      return SAMPLE_MS / 2;
    };
    vote(5, 1);
    await jest.advanceTimersByTimeAsync(TICK);
    expect(sent).toHaveLength(1);
    control.observe({ utilization: 0.9, delayMsP99: 0, elapsedMs: SAMPLE_MS });
    expect(control.writeShare).toBeCloseTo(0.5);
    expect(control.load).toBeGreaterThanOrEqual(1);
  });

  it('should lengthen every tick while tally writes load the event loop, and shorten it again once idle', async () => {
    // Tally writes hold the loop for a tenth of each sample, and it is late by 120 ms: one step more each time.
    const loaded = () => {
      control.wrote(SAMPLE_MS / 10);
      control.observe({ utilization: 0.5, delayMsP99: 120, elapsedMs: SAMPLE_MS });
    };
    const idle = { utilization: 0.1, delayMsP99: 1, elapsedMs: SAMPLE_MS };
    vote(5, 1);
    await jest.advanceTimersByTimeAsync(TICK);
    loaded();
    expect(tallies.tickMs()).toEqual({ 5: TICK * 2.5 });
    loaded();
    loaded();
    loaded();
    expect(tallies.tickMs()).toEqual({ 5: TICK * 10 }); // the cap
    const slow = await stream(3_000);
    expect(slow.tallies).toBeLessThanOrEqual(4); // about one a second
    expect(slow.last).toBe(300);

    for (let i = 0; i < IDLE_SAMPLES; i++) control.observe(idle);
    expect(tallies.tickMs()).toEqual({ 5: TICK * 5 });
    for (let i = 0; i < IDLE_SAMPLES * 2; i++) control.observe(idle);
    expect(tallies.tickMs()).toEqual({ 5: TICK });
    const quick = await stream(1_000);
    expect(quick.tallies).toBeGreaterThanOrEqual(9); // a big audience on a quiet night: still the base tick
    expect(quick.last).toBe(400);
  });
});
