import { describe, expect, it, jest } from '@jest/globals';
import { tallyOf } from '@/testing/tally';
import { FakeSocket } from '@/testing/fake-socket';
import { LIVE_RECONNECT } from '#contract/live/events';
import { browserSocketFactory, PUSH_RACE_WINDOW_MS, RealtimeClient } from './realtime-client';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(RealtimeClient.name, () => {
  it('should make no socket until a room is wanted, then one for every room', async () => {
    const factory = jest.fn(() => new FakeSocket());
    const client = new RealtimeClient(factory);
    client.on('tally', () => {});
    await flush();
    expect(factory).not.toHaveBeenCalled();

    client.retain(['group:5']);
    client.retain(['contestant:vera']);
    await flush();
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('should count rooms: join once, leave only when the last holder lets go', async () => {
    const socket = new FakeSocket();
    const client = new RealtimeClient(() => socket);
    const releaseA = client.retain(['group:5', 'contests']);
    await flush();
    const releaseB = client.retain(['group:5']);
    expect(socket.sent).toEqual([{ event: 'subscribe', rooms: ['group:5', 'contests'] }]);

    releaseA();
    releaseA(); // a second call changes nothing
    expect(socket.joined()).toEqual(new Set(['group:5']));
    releaseB();
    expect(socket.joined()).toEqual(new Set());
    expect(client.rooms()).toEqual([]);
  });

  it('should skip room names the server would refuse', async () => {
    const socket = new FakeSocket();
    const client = new RealtimeClient(() => socket);
    client.retain(['group:5', 'contestant:Bad Name!', 'nonsense']);
    await flush();
    expect(socket.joined()).toEqual(new Set(['group:5']));
  });

  it('should join every room again after a reconnect and ask for a resync once they are joined, not on the first connect', async () => {
    const socket = new FakeSocket({ connected: false });
    const client = new RealtimeClient(() => socket);
    const resync = jest.fn();
    client.onResync(resync);
    client.retain(['group:5', 'contestant:vera']);
    await flush();
    expect(socket.sent).toEqual([]); // nothing is sent while offline

    socket.reconnect();
    expect(socket.joined()).toEqual(new Set(['group:5', 'contestant:vera']));
    socket.confirm();
    expect(resync).not.toHaveBeenCalled();

    socket.disconnect();
    client.retain(['contests']);
    socket.reconnect();
    expect(socket.joined()).toEqual(new Set(['group:5', 'contestant:vera', 'contests']));
    expect(resync).not.toHaveBeenCalled(); // not before the rooms are joined again: a read now could miss a change
    socket.confirm();
    expect(resync).toHaveBeenCalledTimes(1);
  });

  it('should tell joined listeners which rooms the server confirmed, so pages refetch what was read before the join', async () => {
    const socket = new FakeSocket();
    const client = new RealtimeClient(() => socket);
    const joined: string[][] = [];
    client.onJoined((rooms) => joined.push(rooms));
    const release = client.retain(['group:5', 'contestant:vera']);
    await flush();
    expect(joined).toEqual([]); // not before the server answers
    socket.confirm();
    expect(joined).toEqual([['group:5', 'contestant:vera']]);

    // A room let go before the answer came is not reported; a refused join is not either.
    client.retain(['contests']);
    release();
    socket.confirm();
    client.retain(['group:6']);
    socket.confirm(false);
    expect(joined).toEqual([['group:5', 'contestant:vera'], ['contests']]);
  });

  it("should pass events to listeners until they stop listening, and remember each contestant's latest tally entry", async () => {
    const socket = new FakeSocket();
    const client = new RealtimeClient(() => socket);
    const seen: number[] = [];
    const off = client.on('tally', (event) => seen.push(event.entries[0].total));
    client.retain(['contestant:vera']);
    await flush();
    await socket.push('tally', tallyOf(5, [{ entry_id: 31, username: 'Vera', votes: 41, total: 121 }]));
    off();
    await socket.push(
      'tally',
      tallyOf(5, [
        { entry_id: 31, username: 'Vera', votes: 42, total: 122 },
        { entry_id: 32, username: 'otto', votes: 40, rank: 2 },
      ]),
    );
    expect(seen).toEqual([121]);
    expect(client.latestVotesFor('vera')?.total).toBe(122);
    expect(client.latestVotesFor('Otto')?.rank).toBe(2);
  });

  it('should hand back only entries pushed since shortly before a query started, and forget those of rooms no longer followed', async () => {
    const socket = new FakeSocket();
    const client = new RealtimeClient(() => socket);
    const releaseGroup = client.retain(['group:5']);
    const releaseVera = client.retain(['contestant:vera']);
    await flush();
    await socket.push('tally', tallyOf(5, [{ entry_id: 31, username: 'Vera', votes: 41 }]));
    const justBefore = client.queryStart();
    expect(client.latestVotesFor('vera', justBefore)?.votes).toBe(41); // may be newer than the read about to start

    const now = Date.now();
    const later = jest.spyOn(Date, 'now').mockImplementation(() => now + PUSH_RACE_WINDOW_MS + 1);
    try {
      const since = client.queryStart();
      expect(client.latestVotesFor('vera', since)).toBeUndefined(); // older than any read started now
      expect(client.latestEntriesPushed(since)).toEqual([]);
      await socket.push('tally', tallyOf(5, [{ entry_id: 32, username: 'otto', votes: 40 }]));
      expect(client.latestEntriesPushed(since).map((e) => e.username)).toEqual(['otto']);
    } finally {
      later.mockRestore();
    }

    // Left rooms bring no tally to restate a void: their entries are dropped, unless another followed room brings them.
    releaseGroup();
    expect(client.latestVotesFor('vera')?.votes).toBe(41); // her own room still brings her tallies
    expect(client.latestVotesFor('otto')).toBeUndefined();
    releaseVera();
    expect(client.latestEntriesPushed()).toEqual([]);
  });

  it('should ask for a resync once per reconnect that succeeded, not on the attempts that failed before it', async () => {
    const socket = new FakeSocket();
    const client = new RealtimeClient(() => socket);
    const resync = jest.fn();
    client.onResync(resync);
    client.retain(['group:5']);
    await flush();
    socket.confirm();

    socket.disconnect();
    socket.failAttempt();
    socket.failAttempt();
    socket.failAttempt();
    expect(resync).not.toHaveBeenCalled();
    socket.reconnect();
    socket.confirm();
    expect(resync).toHaveBeenCalledTimes(1);
    socket.disconnect();
    socket.reconnect();
    socket.confirm();
    expect(resync).toHaveBeenCalledTimes(2);
  });

  it('should report reconnecting only once a loss outlasts the grace, only while rooms are followed, and live again once back', async () => {
    const socket = new FakeSocket();
    const client = new RealtimeClient(() => socket, { graceMs: 40 });
    const changes = jest.fn();
    client.onStatus(changes);
    expect(client.status()).toBe('idle');
    const release = client.retain(['group:5']);
    await flush();
    expect(client.status()).toBe('live');

    // A blip shorter than the grace is never reported.
    socket.disconnect();
    expect(client.status()).toBe('idle');
    socket.reconnect();
    await sleep(80);
    expect(client.status()).toBe('live');

    socket.disconnect();
    socket.failAttempt();
    await sleep(80);
    expect(client.status()).toBe('reconnecting');
    changes.mockClear();
    release(); // no page follows live data any more: nothing to say
    expect(client.status()).toBe('idle');
    expect(changes).toHaveBeenCalled();
    changes.mockClear();
    client.retain(['group:6', 'contests']); // several rooms at once: still heard as the first
    expect(client.status()).toBe('reconnecting');
    expect(changes).toHaveBeenCalled();
    socket.reconnect();
    expect(client.status()).toBe('live');
  });

  it('should report a first connection that fails as reconnecting too, once past the grace', async () => {
    const socket = new FakeSocket({ connected: false });
    const client = new RealtimeClient(() => socket, { graceMs: 20 });
    client.retain(['group:5']);
    await flush();
    socket.failAttempt();
    expect(client.status()).toBe('idle');
    await sleep(60);
    expect(client.status()).toBe('reconnecting');
    socket.reconnect();
    expect(client.status()).toBe('live');
  });

  it('should make the real socket reconnect with jittered exponential backoff: 0.5 s doubling to at most 10 s, each delay moved by up to half', async () => {
    expect(LIVE_RECONNECT).toEqual({ reconnectionDelay: 500, reconnectionDelayMax: 10_000, randomizationFactor: 0.5 });
    // A port nothing listens on: the socket is made, its settings read, then closed.
    const socket = (await browserSocketFactory('http://127.0.0.1:9')()) as unknown as {
      io: { reconnection(): boolean; reconnectionDelay(): number; reconnectionDelayMax(): number; randomizationFactor(): number };
      close(): void;
    };
    try {
      expect(socket.io.reconnection()).toBe(true);
      expect(socket.io.reconnectionDelay()).toBe(500);
      expect(socket.io.reconnectionDelayMax()).toBe(10_000);
      expect(socket.io.randomizationFactor()).toBe(0.5);
    } finally {
      socket.close();
    }
  });
});
