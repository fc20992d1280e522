import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents, SubscribeAck } from '#contract/live/events.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

describe('Socket.IO gateway', () => {
  let t: TestServer;
  let socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  beforeAll(async () => {
    t = await startTestServer();
    socket = io(t.baseUrl, { transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  });
  afterAll(async () => {
    socket?.close();
    await t.stop();
  });

  const subscribe = (rooms: unknown) => new Promise<SubscribeAck>((resolve) => socket.emit('subscribe', rooms as string[], resolve));

  it('should accept a websocket connection on the API port', () => {
    expect(socket.connected).toBe(true);
  });

  it('should join rooms named after what they follow', async () => {
    const ack = await subscribe(['contests', 'group:7', 'contestant:mara_voss']);
    expect(ack.ok).toBe(true);
    expect(ack.rooms).toEqual(expect.arrayContaining(['contests', 'group:7', 'contestant:mara_voss']));
  });

  it('should refuse unknown room names and keep the rooms it had', async () => {
    const ack = await subscribe(['admin:secrets']);
    expect(ack).toMatchObject({ ok: false, error: 'Unknown or too many rooms' });
    expect(ack.rooms).toContain('group:7');
    expect((await subscribe('group:1')).ok).toBe(false);
  });

  it('should refuse more than 50 rooms', async () => {
    const many = Array.from({ length: 60 }, (_, i) => `group:${i + 100}`);
    expect((await subscribe(many)).ok).toBe(false);
  });

  it('should leave rooms on unsubscribe', async () => {
    const ack = await new Promise<SubscribeAck>((resolve) => socket.emit('unsubscribe', ['group:7'], resolve));
    expect(ack.ok).toBe(true);
    expect(ack.rooms).not.toContain('group:7');
  });
});
