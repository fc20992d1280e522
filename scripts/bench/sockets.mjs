// (c) Vote-to-socket latency: BENCH_SOCKETS Socket.IO clients watch one group (most of them in
// the crowd process, crowd.mjs) while BENCH_SOCKET_VOTES votes arrive at BENCH_SOCKET_RATE a second.
import { fork } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { drain } from './check.mjs';
import { phase } from './cpu.mjs';
import { loopback, send } from './http.mjs';
import { stats } from './load.mjs';
import { log, S, sleep, want } from './settings.mjs';

/**
 * A Socket.IO parser for the crowd: its events are counted by name, their JSON never parsed, so
 * that simulating a thousand fans takes less of the CPU the app needs. (Same wire protocol.)
 */
const countingParser = {
  Encoder: class {
    encode(p) {
      let out = String(p.type);
      if (p.nsp && p.nsp !== '/') out += `${p.nsp},`;
      if (p.id !== undefined) out += p.id;
      if (p.data !== undefined) out += JSON.stringify(p.data);
      return [out];
    }
  },
  Decoder: class extends EventEmitter {
    add(text) {
      if (typeof text !== 'string') return;
      const type = Number(text[0]);
      if (type === 2) {
        this.emit('decoded', { type, nsp: '/', data: [/^2\d*\["([^"]+)"/.exec(text)?.[1] ?? '?', null] });
        return;
      }
      const id = /^\d+/.exec(text.slice(1))?.[0];
      const rest = text.slice(1 + (id?.length ?? 0));
      this.emit('decoded', { type, nsp: '/', id: id === undefined ? undefined : Number(id), data: rest ? JSON.parse(rest) : undefined });
    }

    destroy() {
      this.removeAllListeners();
    }
  },
};

/** `n` Socket.IO clients (websocket only, as browsers connect), spread over the api processes, each subscribed to `room`. */
export async function connectSockets(apis, room, n, offset = 0, lite = false) {
  const sockets = [];
  const connectOne = (i) =>
    new Promise((resolve, reject) => {
      const s = io(apis[i % apis.length], { transports: ['websocket'], reconnection: false, timeout: 20_000, ...(lite ? { parser: countingParser } : {}) });
      s.once('connect_error', reject);
      s.once('connect', () =>
        s.timeout(20_000).emit('subscribe', [room], (err, ack) => (err || !ack?.ok ? reject(err ?? new Error(JSON.stringify(ack))) : resolve(s))),
      );
      sockets.push(s);
    });
  for (let i = 0; i < n; i += 100) await Promise.all(Array.from({ length: Math.min(100, n - i) }, (_, k) => connectOne(offset + i + k)));
  return sockets;
}

/**
 * The crowd: most of the watching sockets live in a child process (crowd.mjs), so that decoding
 * their events (every socket gets every vote of the group) does not delay this process, which
 * times the probe sockets. It still shares the machine's cores with the app, as real fans would not.
 */
function startCrowd() {
  const child = fork(fileURLToPath(new URL('./crowd.mjs', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let waiting = null;
  child.on('message', (m) => {
    if (waiting?.answer === m.type) {
      const w = waiting;
      waiting = null;
      w.resolve(m);
    }
  });
  child.on('exit', (code) => waiting?.reject(new Error(`the socket crowd exited (${code})`)));
  /** One request at a time: sends `msg` (if any) and waits for the answer of type `answer`. */
  const ask = (msg, answer) =>
    new Promise((resolve, reject) => {
      waiting = { answer, resolve, reject };
      if (msg) child.send(msg);
    });
  return {
    child,
    ready: ask(null, 'ready'),
    connect: (m) => ask({ type: 'connect', ...m }, 'connected'),
    count: () => ask({ type: 'count' }, 'count'),
    close: () => child.connected && child.send({ type: 'close' }),
  };
}

/** Fans of the socket phase (and its warm-up), each voting once from an address of its own. */
let socketVoter = 0;

/**
 * `count` votes at BENCH_SOCKET_RATE per second for the watched group's contestants (one vote per
 * contestant in flight, so each count names one vote); every socket records when the `votes`
 * event with that count, and the first `standings` showing it, arrive.
 */
async function socketLatency(apis, sockets, contestants, baseline, tally, count = S.socketVotes) {
  const probes = new Map(); // `${username}:${count}` → send time (ms)
  const votesLat = [];
  const standingsLat = [];
  const listeners = [];
  for (const s of sockets) {
    const seen = new Map();
    const onVotes = (e) => {
      const t = probes.get(`${e.username}:${e.current_contest_votes}`);
      if (t !== undefined) votesLat.push(performance.now() - t);
    };
    s.on('votes', onVotes);
    const onStandings = (e) => {
      const now = performance.now();
      for (const item of e.standings) {
        const from = seen.get(item.username) ?? baseline.get(item.username) ?? 0;
        for (let n = from + 1; n <= item.current_contest_votes; n++) {
          const t = probes.get(`${item.username}:${n}`);
          if (t !== undefined) standingsLat.push(now - t);
        }
        if (item.current_contest_votes > from) seen.set(item.username, item.current_contest_votes);
      }
    };
    s.on('standings', onStandings);
    listeners.push(() => {
      s.off('votes', onVotes);
      s.off('standings', onStandings);
    });
  }
  const expected = new Map(baseline);
  const busy = new Set();
  const answers = [];
  const start = performance.now();
  const pending = [];
  let sent = 0;
  for (let i = 0; i < count; i++) {
    const wait = start + (i * 1000) / S.socketRate - performance.now();
    if (wait > 0) await sleep(wait);
    const c = contestants.find((x, k) => !busy.has(x.username) && k >= i % contestants.length) ?? contestants.find((x) => !busy.has(x.username));
    if (!c) continue; // every contestant has a vote in flight: skip this slot rather than blur counts
    busy.add(c.username);
    const n = expected.get(c.username) + 1;
    expected.set(c.username, n);
    const key = `${c.username}:${n}`;
    probes.set(key, performance.now());
    sent++;
    pending.push(
      send(apis[i % apis.length], 'POST', `/api/v1/contestants/${c.username}/vote`, loopback(socketVoter++, 2)).then((a) => {
        answers.push(a.ms);
        if (a.status === 201) tally.accepted++;
        else {
          probes.delete(key);
          expected.set(c.username, n - 1);
        }
        busy.delete(c.username);
      }),
    );
  }
  await Promise.all(pending);
  const wanted = probes.size * sockets.length;
  const until = Date.now() + 10_000;
  while ((votesLat.length < wanted || standingsLat.length < wanted) && Date.now() < until) await sleep(100);
  listeners.forEach((off) => off());
  const elapsed = (performance.now() - start) / 1000;
  return {
    sent,
    accepted: probes.size,
    probes: sockets.length,
    elapsed,
    wanted,
    votes: stats(votesLat, votesLat.length),
    standings: stats(standingsLat, standingsLat.length),
    http: stats(answers, answers.length),
  };
}

/**
 * The socket phase. The crowd process is added to `extraProcesses` (for the CPU figures and the
 * cleanup) while it runs.
 */
export async function socketPhase({ apis, contest, watched, db, tally, processes, extraProcesses }, r) {
  if (!want('sockets')) return;
  log(`(c) vote-to-socket latency with ${S.sockets} sockets on group:${watched} ...`);
  const watchedContestants = contest.contestants.filter((x) => x.groupId === watched);
  const countsNow = async () => {
    await drain(db, contest.contestId, tally.accepted);
    const { rows } = await db.query(
      'SELECT u.username, e.current_contest_votes FROM contest_entries e JOIN users u ON u.id = e.user_id WHERE e.group_id = $1',
      [watched],
    );
    return new Map(rows.map((row) => [row.username, row.current_contest_votes]));
  };
  // 50 timed sockets here, the rest in the crowd process; they join in turns, so the timed
  // ones sit all along the room's delivery order.
  const probes = Math.min(S.sockets, 50);
  const crowdSize = S.sockets - probes;
  const crowd = startCrowd();
  extraProcesses.push({ name: 'socket-crowd', child: crowd.child });
  const sockets = [];
  try {
    await crowd.ready;
    for (let wave = 0, c = 0; wave < 10; wave++) {
      const nCrowd = Math.ceil((crowdSize * (wave + 1)) / 10) - Math.ceil((crowdSize * wave) / 10);
      if (nCrowd) await crowd.connect({ apis, room: `group:${watched}`, n: nCrowd, offset: c });
      c += nCrowd;
      const nProbe = Math.ceil((probes * (wave + 1)) / 10) - Math.ceil((probes * wave) / 10);
      sockets.push(...(await connectSockets(apis, `group:${watched}`, nProbe, c)));
      c += nProbe;
    }
    // Warm-up at the same rate (its figures dropped), then the measured votes.
    if (S.warmupSeconds > 0) await socketLatency(apis, sockets, watchedContestants, await countsNow(), tally, Math.ceil(S.warmupSeconds * S.socketRate));
    const baseline = await countsNow();
    const before = await crowd.count();
    r.live = await phase(() => socketLatency(apis, sockets, watchedContestants, baseline, tally), processes);
    const after = await crowd.count();
    r.live.crowd = { sockets: after.sockets, votes: after.votes - before.votes, wanted: r.live.accepted * after.sockets };
  } finally {
    sockets.forEach((so) => so.close());
    crowd.close();
  }
}
