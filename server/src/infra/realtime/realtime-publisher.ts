import { Injectable } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import { Metrics } from '#server/infra/metrics/metrics.js';
import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerEventName, ServerEventPayload, ServerToClientEvents } from '#contract/live/events.js';
import { inTurns } from './in-turns.js';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

/** The Redis keys (pub/sub channel prefix) the api processes' Socket.IO Redis adapter listens on. */
export const socketIoKey = (prefix: string) => `${prefix}:socket.io`;

/**
 * The way the server pushes an event to browsers wherever they are connected: send(room, event,
 * payload); live tallies instead are made in each process for its own sockets (LocalSockets). Several rooms at once reach
 * a socket that follows more than one of them only once. Two adapters (decision 013):
 * - `SocketIoPublisher` (one process, and every api process): the gateway's own Socket.IO server,
 *   which in scaled mode broadcasts through `@socket.io/redis-adapter` to the other api processes;
 * - `RedisEmitterPublisher` (a worker process, scaled mode): `@socket.io/redis-emitter` publishes on
 *   the same Redis channels that adapter listens to, so no Socket.IO server runs in the worker.
 */
export abstract class RealtimePublisher {
  abstract send<E extends ServerEventName>(room: string | string[], event: E, payload: ServerEventPayload<E>): void;
}

/**
 * Sockets written per event-loop turn by `LocalSockets.write`: one emit (the message encoded once)
 * per chunk. Measured in docs/decisions/042-votes-first-fan-out.md: a chunk this size takes a few ms.
 */
export const SOCKETS_PER_TURN = 100;

/**
 * This process's own sockets, and only them (decision 042): how many follow a room, and a message
 * written to the sockets of some rooms spread over event-loop turns (SOCKETS_PER_TURN a turn), so
 * that a big audience never holds up the requests waiting behind it. A process without a Socket.IO
 * server (a scaled-mode worker) holds none.
 */
export abstract class LocalSockets {
  /** Sockets connected to this process. */
  abstract connected(): number;
  /** This process's sockets in the room. */
  abstract audience(room: string): number;
  /**
   * Writes the event to this process's sockets in any of the rooms (each once), in chunks, one per
   * turn; resolves when every chunk is written, with the ms the chunks held the event loop in all.
   * Messages written one after the other arrive in order.
   */
  abstract write<E extends ServerEventName>(rooms: string[], event: E, payload: ServerEventPayload<E>): Promise<number>;
}

/** Sends through the gateway's Socket.IO server, once the gateway has attached it (before: nothing to reach). */
@Injectable()
export class SocketIoPublisher extends RealtimePublisher implements LocalSockets {
  /** Sockets per turn of `write` (SOCKETS_PER_TURN; smaller in tests). */
  chunkSize = SOCKETS_PER_TURN;

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

  connected(): number {
    return this.io?.engine.clientsCount ?? 0;
  }

  audience(room: string): number {
    return this.io?.of('/').adapter.rooms.get(room)?.size ?? 0;
  }

  async write<E extends ServerEventName>(rooms: string[], event: E, payload: ServerEventPayload<E>): Promise<number> {
    const io = this.io;
    if (!io) return 0;
    const held = io.of('/').adapter.rooms;
    const ids = new Set<string>();
    for (const room of rooms) for (const id of held.get(room) ?? []) ids.add(id);
    if (!ids.size) return 0;
    this.metrics.roomUpdate(event);
    // `local`: only this process's sockets (never a Redis or cluster broadcast); each socket's own
    // room is its id, so one chunk is one emit, encoded once for all its sockets.
    return inTurns([...ids], this.chunkSize, (chunk) => (io.local.to(chunk).emit as (e: string, p: unknown) => boolean)(event, payload));
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
