import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type ServerOptions } from 'socket.io';

export const socketIoKey = (prefix: string) => `${prefix}:socket.io`;

/** Scaled mode: Socket.IO broadcasts travel through Redis, so every api process delivers them. */
export class RedisIoAdapter extends IoAdapter {
  private readonly clients: Redis[] = [];

  constructor(
    app: INestApplicationContext,
    private readonly redisUrl: string,
    private readonly prefix: string,
  ) {
    super(app);
  }

  createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options) as Server;
    const pub = new Redis(this.redisUrl, { maxRetriesPerRequest: null });
    const sub = pub.duplicate();
    this.clients.push(pub, sub);
    server.adapter(createAdapter(pub, sub, { key: socketIoKey(this.prefix) }));
    return server;
  }

  async dispose(): Promise<void> {
    await super.dispose();
    await Promise.allSettled(this.clients.map((c) => c.quit()));
  }
}

/** A worker has no HTTP server; this Socket.IO server only publishes through the Redis adapter. */
export function createEmitOnlyServer(redisUrl: string, prefix: string): { server: Server; close(): Promise<void> } {
  const pub = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const sub = pub.duplicate();
  const server = new Server({ serveClient: false });
  server.adapter(createAdapter(pub, sub, { key: socketIoKey(prefix) }));
  return {
    server,
    close: async () => {
      // close() unsubscribes the adapter, then fails on the engine this HTTP-less server never had:
      // awaited and caught, or the rejection would crash the worker in the middle of its shutdown.
      await server.close().catch(() => undefined);
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
