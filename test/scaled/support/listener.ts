// A browser stand-in: one Socket.IO connection (websocket only, as several api processes need no
// sticky sessions that way) subscribed to rooms, recording every tally it receives.
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, SubscribeAck, TallyEntry, TallyEvent } from '#contract/live/events.js';

export interface Listener {
  socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  tallies: TallyEvent[];
  /** Every tally entry of this contestant, in the order received. */
  entriesOf(username: string): TallyEntry[];
  /** What the tallies so far say of this contestant (the last entry naming them). */
  latest(username: string): TallyEntry | undefined;
  close(): void;
}

export async function listen(baseUrl: string, rooms: string[]): Promise<Listener> {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(baseUrl, { transports: ['websocket'], reconnection: false, timeout: 10_000 });
  const tallies: TallyEvent[] = [];
  const entriesOf = (username: string) => tallies.flatMap((t) => t.entries.filter((e) => e.username === username));
  const listener: Listener = { socket, tallies, entriesOf, latest: (username) => entriesOf(username).at(-1), close: () => socket.close() };
  socket.on('tally', (e) => tallies.push(e));
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
