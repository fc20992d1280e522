import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Graceful stop of the HTTP server: no new connections, requests in progress finish, then every
 * connection closes. Node's server.close() closes only the connections idle at that moment; one
 * that finishes a request later would stay open for its keep-alive time (72 s), and upgraded
 * (WebSocket) connections are not counted as idle at all, so both are closed here.
 */
export class ConnectionDrain {
  /** Set when the drain starts: requests then answer 503 and every answer closes its connection. */
  closing = false;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  /** Resolves once every connection is closed; true if the requests finished within graceMs, false if cut. */
  async drain(graceMs: number): Promise<boolean> {
    this.closing = true;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    // A busy connection turns idle the moment its answer is sent.
    const reaper = setInterval(() => this.server.closeIdleConnections(), 50);
    let cut = false;
    const deadline = setTimeout(() => {
      cut = true;
      for (const socket of this.sockets) socket.destroy();
    }, graceMs);
    try {
      await closed;
    } finally {
      clearInterval(reaper);
      clearTimeout(deadline);
    }
    return !cut;
  }
}
