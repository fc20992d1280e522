import { Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerEventName, ServerEventPayload, ServerToClientEvents } from '#contract/events.js';

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents>;

/**
 * The one way the server pushes to browsers: send(room, event, payload). In an api process the
 * gateway's Socket.IO server is attached; in a worker process an HTTP-less Socket.IO server on the
 * Redis adapter is, so its events reach sockets connected to any api process.
 */
@Injectable()
export class RealtimePublisher {
  private io: RealtimeServer | null = null;

  attach(io: RealtimeServer): void {
    this.io = io;
  }

  /** Several rooms at once reach a socket that follows more than one of them only once. */
  send<E extends ServerEventName>(room: string | string[], event: E, payload: ServerEventPayload<E>): void {
    if (!this.io) return;
    // Socket.IO's typed emit cannot narrow a generic event name; the signature above keeps callers typed.
    (this.io.to(room).emit as (e: string, p: unknown) => boolean)(event, payload);
  }
}
