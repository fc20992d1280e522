// The RealtimePublisher contract, run against both adapters: the gateway's Socket.IO server
// (one process, api processes) and the Redis emitter (a scaled-mode worker), whose events an api
// process's Redis adapter delivers to its sockets.
import { Metrics } from '#server/infra/metrics/metrics.js';
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import type { ServerToClientEvents } from '#contract/live/events.js';
import { describeOnRedis, uniqueRedisPrefix } from '#test/helpers/redis-half.js';
import { RealtimePublisher, RedisEmitterPublisher, SocketIoPublisher, socketIoKey, type RealtimeServer } from './realtime-publisher.js';

interface Rig {
  publisher: RealtimePublisher;
  /** The Socket.IO server the browsers are connected to. */
  io: RealtimeServer;
  close(): Promise<void>;
}

async function listen(io: Server): Promise<{ url: string; close(): Promise<void> }> {
  const http = createServer();
  io.attach(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Done once the HTTP server has closed (the callback); a failure before that fails the caller.
        io.close(() => resolve()).catch(reject);
      }),
  };
}

const event = 'tally' as keyof ServerToClientEvents;
const payload = (n: number) => ({ n }) as never;

function contract(name: string, make: () => Promise<Rig & { url: string }>): void {
  describe(`RealtimePublisher on ${name}`, () => {
    let rig: Rig & { url: string };
    const sockets: ClientSocket[] = [];
    beforeAll(async () => {
      rig = await make();
    }, 30_000);
    afterAll(async () => {
      for (const s of sockets) s.close();
      await rig.close();
    });

    /** A browser connected to the server, in the given rooms, recording every `tally` event. */
    async function browser(rooms: string[]): Promise<unknown[]> {
      const socket = connect(rig.url, { transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      const got: unknown[] = [];
      socket.on(event as string, (p: unknown) => got.push(p));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const server = (await rig.io.fetchSockets()).find((s) => s.id === socket.id);
      server!.join(rooms);
      return got;
    }

    const until = async (check: () => boolean, ms = 5_000) => {
      const end = Date.now() + ms;
      while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    };

    it('should reach the sockets in the room and no others', async () => {
      const inRoom = await browser(['group:1']);
      const elsewhere = await browser(['group:2']);
      rig.publisher.send('group:1', event, payload(1));
      await until(() => inRoom.length > 0);
      await new Promise((r) => setTimeout(r, 200));
      expect(inRoom).toEqual([{ n: 1 }]);
      expect(elsewhere).toEqual([]);
    });

    it('should reach a socket in several of the rooms only once', async () => {
      const both = await browser(['group:3', 'contestant:mara']);
      const one = await browser(['contestant:mara']);
      rig.publisher.send(['group:3', 'contestant:mara'], event, payload(2));
      await until(() => both.length > 0 && one.length > 0);
      await new Promise((r) => setTimeout(r, 200));
      expect(both).toEqual([{ n: 2 }]);
      expect(one).toEqual([{ n: 2 }]);
    });

    it('should keep the order of events sent to one room', async () => {
      const got = await browser(['group:4']);
      for (let n = 0; n < 20; n++) rig.publisher.send('group:4', event, payload(n));
      await until(() => got.length >= 20);
      expect(got).toEqual(Array.from({ length: 20 }, (_, n) => ({ n })));
    });
  });
}

contract('the Socket.IO server (one process, api)', async () => {
  const io = new Server({ serveClient: false }) as RealtimeServer;
  const publisher = new SocketIoPublisher(new Metrics());
  publisher.attach(io);
  const { url, close } = await listen(io);
  return { publisher, io, url, close };
});

describe('SocketIoPublisher before the gateway attaches its server', () => {
  it('should send nothing and not throw', async () => {
    const publisher = new SocketIoPublisher(new Metrics());
    expect(() => publisher.send('group:1', event, payload(0))).not.toThrow();
    expect(publisher.connected()).toBe(0);
    await expect(publisher.write(['group:1'], event, payload(0))).resolves.toBe(0);
  });
});

/** A socket of `url` in `rooms` of `io`, recording every `tally` event. */
async function joined(io: RealtimeServer, url: string, rooms: string[], sockets: ClientSocket[]): Promise<unknown[]> {
  const socket = connect(url, { transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  const got: unknown[] = [];
  socket.on(event as string, (p: unknown) => got.push(p));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  (await io.local.fetchSockets()).find((s) => s.id === socket.id)!.join(rooms);
  return got;
}

const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
};

describe('SocketIoPublisher as LocalSockets: writes in chunks, one per event-loop turn', () => {
  const sockets: ClientSocket[] = [];
  let io: RealtimeServer;
  let url: string;
  let close: () => Promise<void>;
  let publisher: SocketIoPublisher;
  beforeAll(async () => {
    io = new Server({ serveClient: false }) as RealtimeServer;
    publisher = new SocketIoPublisher(new Metrics());
    publisher.chunkSize = 3;
    publisher.attach(io);
    ({ url, close } = await listen(io));
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await close();
  });

  it('should give every socket of the rooms each message once, in order, over several turns', async () => {
    const watchers = await Promise.all(Array.from({ length: 10 }, (_, i) => joined(io, url, i % 2 ? ['group:7'] : ['group:7', 'contestant:mara'], sockets)));
    const profile = await joined(io, url, ['contestant:mara'], sockets);
    const elsewhere = await joined(io, url, ['group:8'], sockets);
    expect(publisher.audience('group:7')).toBe(10);
    expect(publisher.connected()).toBe(12);

    // Writing 11 sockets 3 a turn takes 4 turns: an immediate queued before it runs before the write ends.
    let turnedMeanwhile = false;
    setImmediate(() => (turnedMeanwhile = true));
    for (let n = 0; n < 5; n++) await publisher.write(['group:7', 'contestant:mara'], event, payload(n));
    expect(turnedMeanwhile).toBe(true);

    const all = [...watchers, profile];
    await until(() => all.every((got) => got.length >= 5));
    await new Promise((r) => setTimeout(r, 200));
    for (const got of all) expect(got).toEqual([0, 1, 2, 3, 4].map((n) => ({ n })));
    expect(elsewhere).toEqual([]);
  });
});

describeOnRedis('LocalSockets with the Redis adapter', (redisUrl) => {
  it("should write only this process's sockets, never another api process's", async () => {
    const prefix = uniqueRedisPrefix('local');
    const clients: Redis[] = [];
    const servers = await Promise.all(
      [0, 1].map(async () => {
        const pub = new Redis(redisUrl, { maxRetriesPerRequest: null });
        const sub = pub.duplicate();
        clients.push(pub, sub);
        const io = new Server({ serveClient: false }) as RealtimeServer;
        io.adapter(createAdapter(pub, sub, { key: socketIoKey(prefix) }));
        return { io, ...(await listen(io)) };
      }),
    );
    const sockets: ClientSocket[] = [];
    try {
      const publisher = new SocketIoPublisher(new Metrics());
      publisher.attach(servers[0].io);
      const mine = await joined(servers[0].io, servers[0].url, ['group:9'], sockets);
      const theirs = await joined(servers[1].io, servers[1].url, ['group:9'], sockets);
      await publisher.write(['group:9'], event, payload(1));
      await until(() => mine.length > 0);
      await new Promise((r) => setTimeout(r, 300));
      expect(mine).toEqual([{ n: 1 }]);
      expect(theirs).toEqual([]);
    } finally {
      for (const s of sockets) s.close();
      await Promise.all(servers.map((s) => s.close()));
      await Promise.allSettled(clients.map((c) => c.quit()));
    }
  });
});

describeOnRedis('RealtimePublisher (worker emitter → api Redis adapter)', (redisUrl) => {
  const prefix = uniqueRedisPrefix('realtime');
  contract('the Redis emitter', async () => {
    // The api side: a Socket.IO server on the classic Redis adapter, keyed as RedisIoAdapter keys it.
    const pub = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    const io = new Server({ serveClient: false }) as RealtimeServer;
    io.adapter(createAdapter(pub, sub, { key: socketIoKey(prefix) }));
    const { url, close } = await listen(io);
    // The worker side: no Socket.IO server, only a Redis connection.
    const workerRedis = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const publisher = new RedisEmitterPublisher(workerRedis, prefix, new Metrics());
    return {
      publisher,
      io,
      url,
      close: async () => {
        await close();
        await Promise.allSettled([pub.quit(), sub.quit(), workerRedis.quit()]);
      },
    };
  });
});
