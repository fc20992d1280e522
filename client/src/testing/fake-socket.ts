// A stand-in for the Socket.IO connection in component tests: records what the client subscribes to
// and lets a test push server events, drop the connection, fail reconnect attempts and reconnect.
import { act } from '@testing-library/react';
import type { ServerEventName, ServerEventPayload, SubscribeAck } from '#contract/live/events';
import type { RealtimeSocket } from '../lib/realtime/realtime-client';

type Handler = (...args: unknown[]) => void;

const BATCH_WAIT_MS = 40;

export class FakeSocket implements RealtimeSocket {
  connected = false;
  /** Every subscribe/unsubscribe the client sent, in order. */
  readonly sent: { event: 'subscribe' | 'unsubscribe'; rooms: string[] }[] = [];
  /** Acknowledgements the server has not sent yet (`confirm()` sends them). */
  private readonly acks: { rooms: string[]; ack: (result: SubscribeAck) => void }[] = [];
  private readonly handlers = new Map<string, Handler[]>();

  constructor({ connected = true }: { connected?: boolean } = {}) {
    this.connected = connected;
  }

  on(event: string, listener: (...args: never[]) => void): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener as Handler]);
    return this;
  }

  emit(event: 'subscribe' | 'unsubscribe', rooms: string[], ack?: (result: SubscribeAck) => void): this {
    this.sent.push({ event, rooms: [...rooms] });
    if (ack) this.acks.push({ rooms: [...rooms], ack });
    return this;
  }

  /** The server confirms every subscribe sent so far. */
  confirm(ok = true): void {
    const pending = this.acks.splice(0);
    act(() => {
      for (const { rooms, ack } of pending) ack({ ok, rooms });
    });
  }

  /** The rooms the server would have this socket in now. */
  joined(): Set<string> {
    const rooms = new Set<string>();
    for (const { event, rooms: list } of this.sent) {
      for (const room of list) {
        if (event === 'subscribe') rooms.add(room);
        else rooms.delete(room);
      }
    }
    return rooms;
  }

  /**
   * The server pushes an event. Awaited: the store tells React about cache patches on the next
   * animation frame (Redux Toolkit's auto-batching), so this waits a little longer inside act.
   */
  async push<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): Promise<void> {
    await act(async () => {
      this.fire(event, payload);
      await new Promise((resolve) => setTimeout(resolve, BATCH_WAIT_MS));
    });
  }

  disconnect(): void {
    this.connected = false;
    this.sent.length = 0; // a new connection starts in no rooms
    this.acks.length = 0; // and answers nothing sent on the old one
    act(() => this.fire('disconnect', 'transport close'));
  }

  /** One reconnect attempt fails (the server is not answering yet). */
  failAttempt(): void {
    act(() => this.fire('connect_error', new Error('xhr poll error')));
  }

  reconnect(): void {
    this.connected = true;
    act(() => this.fire('connect'));
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
}
