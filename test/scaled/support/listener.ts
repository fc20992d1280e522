// A browser stand-in: one Socket.IO connection (websocket only, as several api processes need no
// sticky sessions that way) subscribed to rooms, recording every event it receives.
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, StandingsChangedEvent, SubscribeAck, VotesChangedEvent } from '#contract/events.js';

export interface Listener {
  socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  votes: VotesChangedEvent[];
  standings: StandingsChangedEvent[];
  close(): void;
}

export async function listen(baseUrl: string, rooms: string[]): Promise<Listener> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(baseUrl, { transports: ['websocket'], reconnection: false, timeout: 10_000 });
  const listener: Listener = { socket, votes: [], standings: [], close: () => socket.close() };
  socket.on('votes', (e) => listener.votes.push(e));
  socket.on('standings', (e) => listener.standings.push(e));
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ack = await socket.timeout(10_000).emitWithAck('subscribe', rooms);
    if (!ack.ok) throw new Error(`subscribe refused: ${JSON.stringify(ack satisfies SubscribeAck)}`);
  } catch (err) {
    socket.close();
    throw err;
  }
  return listener;
}
