import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { createRedis } from '#server/infra/redis/redis-clients.js';
import { socketIoKey } from './realtime-publisher.js';

/**
 * Scaled mode: Socket.IO broadcasts travel through Redis, so every api process delivers them. The
 * classic (pub/sub) adapter, not the sharded one: a worker publishes with `@socket.io/redis-emitter`,
 * which speaks only the classic adapter's channels (decision 013).
 */
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
    // A broadcast is never waited on: while Redis is away it is dropped (fail fast), not queued for
    // later; the subscriber waits for Redis and subscribes again when it returns.
    const pub = createRedis(this.redisUrl, 'socket.io-pub', 'fail-fast');
    const sub = createRedis(this.redisUrl, 'socket.io-sub', 'patient');
    this.clients.push(pub, sub);
    server.adapter(createAdapter(pub, sub, { key: socketIoKey(this.prefix) }));
    return server;
  }

  async dispose(): Promise<void> {
    await super.dispose();
    await Promise.allSettled(this.clients.map((c) => c.quit()));
  }
}
