import { Injectable } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import { Metrics } from '#server/infra/metrics/metrics.js';
import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerEventName, ServerEventPayload, ServerToClientEvents } from '#contract/events.js';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

/** The Redis keys (pub/sub channel prefix) the api processes' Socket.IO Redis adapter listens on. */
export const socketIoKey = (prefix: string) => `${prefix}:socket.io`;

/**
 * The one way the server pushes to browsers: send(room, event, payload). Several rooms at once reach
 * a socket that follows more than one of them only once. Two adapters (decision 013):
 * - `SocketIoPublisher` (one process, and every api process): the gateway's own Socket.IO server,
 *   which in scaled mode broadcasts through `@socket.io/redis-adapter` to the other api processes;
 * - `RedisEmitterPublisher` (a worker process, scaled mode): `@socket.io/redis-emitter` publishes on
 *   the same Redis channels that adapter listens to, so no Socket.IO server runs in the worker.
 */
export abstract class RealtimePublisher {
  abstract send<E extends ServerEventName>(room: string | string[], event: E, payload: ServerEventPayload<E>): void;
}

/** Sends through the gateway's Socket.IO server, once the gateway has attached it (before: nothing to reach). */
@Injectable()
export class SocketIoPublisher extends RealtimePublisher {
  private io: RealtimeServer | null = null;

  constructor(private readonly metrics: Metrics) {
    super();
  }

  attach(io: RealtimeServer): void {
    this.io = io;
  }

  send<E extends ServerEventName>(room: string | string[], event: E, payload: ServerEventPayload<E>): void {
    if (!this.io) return;
    this.metrics.roomUpdate(event);
    // Socket.IO's typed emit cannot narrow a generic event name; the signature above keeps callers typed.
    (this.io.to(room).emit as (e: string, p: unknown) => boolean)(event, payload);
  }
}

/**
 * Publishes on Redis for the api processes' Redis adapter to deliver. Uses the given (infra) ioredis
 * connection for PUBLISH only; that connection's owner closes it.
 */
export class RedisEmitterPublisher extends RealtimePublisher {
  private readonly emitter: Emitter<ServerToClientEvents>;

  constructor(
    redis: Redis,
    prefix: string,
    private readonly metrics: Metrics,
  ) {
    super();
    this.emitter = new Emitter<ServerToClientEvents>(redis, { key: socketIoKey(prefix) });
  }

  send<E extends ServerEventName>(room: string | string[], event: E, payload: ServerEventPayload<E>): void {
    this.metrics.roomUpdate(event);
    (this.emitter.to(room).emit as (e: string, p: unknown) => boolean)(event, payload);
  }
}
