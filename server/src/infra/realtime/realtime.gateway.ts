import { Metrics } from '#server/infra/metrics/metrics.js';
import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, type OnGatewayInit } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { MAX_ROOMS_PER_SOCKET, ROOM_PATTERN, type SubscribeAck } from '#contract/live/events.js';
import { ConnectionGate } from './connection-gate.js';
import { SocketIoPublisher, type RealtimeServer } from './realtime-publisher.js';

function roomList(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length > MAX_ROOMS_PER_SOCKET) return null;
  return value.every((r) => typeof r === 'string' && ROOM_PATTERN.test(r)) ? (value as string[]) : null;
}

/**
 * Socket.IO on the API's own port. Everything pushed is public (vote counts, standings, contest
 * dates), so sockets need no sign-in; a socket chooses its rooms by name, within limits.
 */
// No per-message compression: a broadcast is then framed once for every socket (Socket.IO's pre-encoded frame).
@WebSocketGateway({ transports: ['websocket', 'polling'], serveClient: false, perMessageDeflate: false, pingInterval: 25_000, pingTimeout: 20_000 })
export class RealtimeGateway implements OnGatewayInit, OnApplicationShutdown {
  private readonly logger = new Logger('Realtime');
  private server: RealtimeServer | null = null;
  private readonly gate = new ConnectionGate(() => this.metrics.socketRefused());

  constructor(
    private readonly publisher: SocketIoPublisher,
    private readonly metrics: Metrics,
  ) {}

  afterInit(server: RealtimeServer): void {
    this.server = server;
    this.metrics.gauge('sockets_connected', 'Socket.IO clients connected to this process', null, () => server.engine.clientsCount);
    this.publisher.attach(server);
    // New connections are admitted at a pace the event loop can take next to the votes (connection-gate.ts).
    this.gate.start();
    server.engine.opts.allowRequest = (req, callback) => {
      const socket = req.socket;
      // While it waits, nothing else listens for the connection's errors: a client that gives up must not end the process.
      const ignore = () => {};
      socket.on('error', ignore);
      this.gate.admit(
        (admitted) => {
          socket.off('error', ignore);
          callback(admitted ? null : 'Busy: try again shortly', admitted);
        },
        () => socket.destroyed,
      );
    };
    this.logger.log('Socket.IO gateway ready');
  }

  onApplicationShutdown(): void {
    this.gate.stop();
  }

  /**
   * Shutdown: this process's connections (WebSocket and polling) close now, as a socket never ends on
   * its own; clients reconnect by themselves. Local only: with the Redis adapter, other processes keep theirs.
   */
  closeConnections(): void {
    // Nobody is admitted any more, and whoever waits is refused: the stop need not wait for them.
    this.gate.stop();
    this.server?.engine.close();
  }

  @SubscribeMessage('subscribe')
  async subscribe(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<SubscribeAck> {
    const wanted = roomList(body);
    if (!wanted) return { ok: false, rooms: [...socket.rooms].filter((r) => r !== socket.id), error: 'Unknown or too many rooms' };
    const joined = [...socket.rooms].filter((r) => r !== socket.id);
    if (new Set([...joined, ...wanted]).size > MAX_ROOMS_PER_SOCKET) {
      return { ok: false, rooms: joined, error: 'Too many rooms' };
    }
    await socket.join(wanted);
    return { ok: true, rooms: [...socket.rooms].filter((r) => r !== socket.id) };
  }

  @SubscribeMessage('unsubscribe')
  async unsubscribe(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<SubscribeAck> {
    const rooms = roomList(body);
    if (!rooms) return { ok: false, rooms: [...socket.rooms].filter((r) => r !== socket.id), error: 'Unknown or too many rooms' };
    await Promise.all(rooms.map((r) => socket.leave(r)));
    return { ok: true, rooms: [...socket.rooms].filter((r) => r !== socket.id) };
  }
}
