import { describe, expect, it, jest } from '@jest/globals';
import { tallyOf } from '@/testing/tally';
import { FakeSocket } from '@/testing/fake-socket';
import { RealtimeClient } from './realtime-client';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

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
});
