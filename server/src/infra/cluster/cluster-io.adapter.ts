import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/cluster-adapter';
import type { Server, ServerOptions } from 'socket.io';

/**
 * A clustered start (decision 043): broadcasts travel between the workers through the primary
 * (`@socket.io/cluster-adapter`), so a tally sent by the process that counted reaches every socket.
 * WebSocket only: a connection lands on one worker and stays there, while long-polling's requests
 * would land on any worker (they would need sticky sessions); the site's client starts with
 * WebSocket and never falls back on its own.
 */
export class ClusterIoAdapter extends IoAdapter {
  createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, { ...options, transports: ['websocket'] } as ServerOptions) as Server;
    server.adapter(createAdapter());
    return server;
  }
}
