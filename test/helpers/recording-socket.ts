// A browser stand-in for integration tests: one Socket.IO connection (websocket only) that records
// every event it receives, in order.
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '#contract/live/events.js';

export interface RecordingSocket {
  socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  received: { event: string; payload: unknown }[];
}

/** Connected when it resolves; close it with `socket.close()`. */
export async function recordingSocket(baseUrl: string): Promise<RecordingSocket> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(baseUrl, { transports: ['websocket'], reconnection: false });
  const received: RecordingSocket['received'] = [];
  socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, received };
}
