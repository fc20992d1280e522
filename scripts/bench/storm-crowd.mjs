// A reconnecting crowd (a child process of the bench, see storm.mjs): full socket.io-client sockets that
// reconnect as the app's pages do (the client's backoff settings, LIVE_RECONNECT), join their room again
// and then read their group's leaderboard once, the refetch of a page after a reconnect. Each socket notes
// when it lost its connection, when it was back, when its room was joined again, its refetch's answer and
// the first tally it got after that (wall-clock milliseconds, comparable across the bench's processes).
import { io } from 'socket.io-client';
import { LIVE_RECONNECT } from '#contract/live/events.js';
import { loopback, send } from './http.mjs';

/** Sockets per source address, as the other crowds. */
const PER_ADDRESS = 1000;
/** This crowd's addresses: loopback block 4 (the watcher crowd's is 3, the fans' 2). */
const BLOCK = 4;

/** The app's settings, or for a comparison others (BENCH_STORM_BACKOFF, JSON: e.g. socket.io-client's defaults, 1000 → 5000 ms). */
const BACKOFF = { ...LIVE_RECONNECT, ...JSON.parse(process.env.BENCH_STORM_BACKOFF || '{}') };

let sockets = [];

function watcher(origin, room, groupId, at) {
  const localAddress = loopback(Math.floor(at / PER_ADDRESS), BLOCK);
  const s = io(origin, { transports: ['websocket'], forceNew: true, timeout: 20_000, localAddress, ...BACKOFF });
  const w = { s, connects: 0, lostAt: null, backAt: null, joinedAt: null, firstTallyAt: null, refetch: null, attempts: 0 };
  w.ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket: not subscribed within 20 s')), 20_000);
    s.on('connect', () => {
      const again = w.connects++ > 0;
      if (again) w.backAt = Date.now();
      s.emit('subscribe', [room], (ack) => {
        if (!again) {
          clearTimeout(timer);
          if (ack?.ok) resolve();
          else reject(new Error(`subscribe refused: ${JSON.stringify(ack)}`));
          return;
        }
        w.joinedAt = Date.now();
        // Once per reconnect, after the room is joined (a read before the join could miss a change).
        // On a connection of its own, as a page's fetch would open after its socket was lost.
        void send(origin, 'GET', `/api/v1/groups/${groupId}/leaderboard`, localAddress).then((a) => {
          w.refetch = { status: a.status, ms: a.ms };
        });
      });
    });
  });
  s.on('disconnect', () => {
    if (w.lostAt === null) w.lostAt = Date.now();
  });
  s.io.on('reconnect_attempt', () => w.attempts++);
  s.on('tally', () => {
    if (w.joinedAt !== null && w.firstTallyAt === null) w.firstTallyAt = Date.now();
  });
  return w;
}

process.on('message', async (m) => {
  if (m.type === 'connect') {
    try {
      for (let i = 0; i < m.n; i += 100) {
        const wave = Array.from({ length: Math.min(100, m.n - i) }, (_, k) => watcher(m.origin, m.room, m.groupId, m.offset + i + k));
        sockets = sockets.concat(wave);
        await Promise.all(wave.map((w) => w.ready));
      }
      process.send({ type: 'connected', total: sockets.length });
    } catch (err) {
      process.send({ type: 'connected', error: String(err?.message ?? err) });
    }
  } else if (m.type === 'report') {
    process.send({
      type: 'report',
      sockets: sockets.length,
      connected: sockets.filter((w) => w.s.connected).length,
      lost: sockets.filter((w) => w.lostAt !== null).length,
      attempts: sockets.reduce((a, w) => a + w.attempts, 0),
      backAt: sockets.map((w) => w.backAt).filter((t) => t !== null),
      joinedAt: sockets.map((w) => w.joinedAt).filter((t) => t !== null),
      firstTallyAt: sockets.map((w) => w.firstTallyAt).filter((t) => t !== null),
      refetches: sockets.map((w) => w.refetch).filter(Boolean),
    });
  } else if (m.type === 'close') {
    sockets.forEach((w) => w.s.close());
    sockets = [];
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0)); // the benchmark ended
process.send({ type: 'ready' });
