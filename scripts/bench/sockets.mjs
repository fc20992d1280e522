// (c) Vote-to-socket latency: for each size of BENCH_SOCKETS, that many Socket.IO clients watch one
// group (all but BENCH_SOCKET_PROBES of them in crowd processes, crowd.mjs) while votes for the group
// arrive at each rate of BENCH_SOCKET_RATES; the probes here time when each vote becomes visible.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { stopProcess } from '#test/scaled/support/cluster.mjs';
import { drain } from './check.mjs';
import { memoryOf, phase, rssOf } from './cpu.mjs';
import { pickedFanLane } from './fans.mjs';
import { loopback, timed } from './http.mjs';
import { stats } from './load.mjs';
import { log, S, sleep, want } from './settings.mjs';

/** The socket phase's fans vote from loopback block 2 (fans.mjs). */
const FAN_BLOCK = 2;
/** The crowd's sockets connect from loopback block 3, this many sockets per address. */
export const CROWD_BLOCK = 3;
export const SOCKETS_PER_ADDRESS = 1000;
/** After the last vote's answer, how long the probes may take to see every vote. */
const VISIBLE_WAIT_MS = 10_000;
/** The live events that carry a contestant's contest count, and where: (event) => [[username, count], ...]. */
const COUNTS = {
  votes: (e) => [[e.username, e.current_contest_votes]],
  standings: (e) => (e.standings ?? []).map((x) => [x.username, x.current_contest_votes]),
  tally: (e) => (e.entries ?? []).map((x) => [x.username, x.votes]),
};

/**
 * `n` Socket.IO clients (websocket only, as browsers connect), spread over the api processes, each
 * subscribed to `room` (the probes; the crowd's sockets are raw-sockets.mjs); with `block` they connect from
 * addresses of that loopback block (SOCKETS_PER_ADDRESS each), so that no address pair runs short of ports.
 */
export async function connectSockets(apis, room, n, { offset = 0, block = null } = {}) {
  const sockets = [];
  const connectOne = (i) =>
    new Promise((resolve, reject) => {
      const s = io(apis[i % apis.length], {
        transports: ['websocket'],
        reconnection: false,
        timeout: 20_000,
        ...(block === null ? {} : { localAddress: loopback(Math.floor(i / SOCKETS_PER_ADDRESS), block) }),
      });
      s.once('connect_error', reject);
      s.once('connect', () =>
        s.timeout(20_000).emit('subscribe', [room], (err, ack) => (err || !ack?.ok ? reject(err ?? new Error(JSON.stringify(ack))) : resolve(s))),
      );
      sockets.push(s);
    });
  try {
    for (let i = 0; i < n; i += 100) await Promise.all(Array.from({ length: Math.min(100, n - i) }, (_, k) => connectOne(offset + i + k)));
  } catch (err) {
    sockets.forEach((s) => s.close());
    throw err;
  }
  return sockets;
}

/**
 * A crowd process (crowd.mjs): a share of the watching sockets lives in child processes, so that
 * decoding their events (every socket gets every event of the group) does not delay this process,
 * which times the probe sockets. It still shares the machine's cores with the app, as real fans would not.
 */
export function startCrowd(name, module = './crowd.mjs') {
  const child = fork(fileURLToPath(new URL(module, import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let waiting = null;
  child.on('message', (m) => {
    if (waiting?.answer === m.type) {
      const w = waiting;
      waiting = null;
      if (m.error) w.reject(new Error(`${name}: ${m.error}`));
      else w.resolve(m);
    }
  });
  child.on('exit', (code) => waiting?.reject(new Error(`${name} exited (${code})`)));
  /** One request at a time: sends `msg` (if any) and waits for the answer of type `answer`. */
  const ask = (msg, answer) =>
    new Promise((resolve, reject) => {
      waiting = { answer, resolve, reject };
      if (msg) child.send(msg);
    });
  return {
    name,
    child,
    ready: ask(null, 'ready'),
    connect: (m) => ask({ type: 'connect', ...m }, 'connected'),
    count: () => ask({ type: 'count' }, 'count'),
    report: () => ask({ type: 'report' }, 'report'),
    /** Asks the crowd to close its sockets and exit; stops it if it has not within 5 s. */
    close: async () => {
      if (child.exitCode === null && child.signalCode === null && child.connected) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.send({ type: 'close' });
        await Promise.race([exited, sleep(5000)]);
      }
      await stopProcess(child, 10_000);
    },
  };
}

/**
 * The probes' timings of one run of votes. A vote is visible on a socket at the first event of any
 * name (`votes`, `standings`, `tally`) that shows its contestant's contest count at or above the
 * vote's expected count; the same is timed per event name. A vote's expected count is the
 * contestant's baseline plus its place among the contestant's votes not refused (`sent`, in the
 * order sent; a refused vote leaves the list, which moves the later ones down by one).
 */
export function watchProbes(probes, sent, baseline) {
  const lat = { any: [], votes: [], standings: [], tally: [] };
  const offs = probes.map((s) => {
    const seen = { any: new Map(), votes: new Map(), standings: new Map(), tally: new Map() };
    const saw = (name, username, n, now) => {
      const list = sent.get(username);
      if (!list || !Number.isFinite(n)) return;
      const base = baseline.get(username);
      for (const key of ['any', name]) {
        const from = seen[key].get(username) ?? base;
        if (n <= from) continue;
        seen[key].set(username, n);
        for (let k = from + 1; k <= n; k++) {
          const v = list[k - base - 1];
          if (v) lat[key].push(now - v.dueAt);
        }
      }
    };
    const handlers = Object.entries(COUNTS).map(([name, countsOf]) => {
      const on = (e) => {
        const now = performance.now();
        for (const [username, n] of countsOf(e ?? {})) saw(name, username, n, now);
      };
      s.on(name, on);
      return [name, on];
    });
    return () => handlers.forEach(([name, on]) => s.off(name, on));
  });
  return { lat, stop: () => offs.forEach((off) => off()) };
}

/**
 * `count` votes at `rate` a second for the watched group's contestants in turn (open loop: vote i
 * is due at start + i / rate, and its HTTP and visibility latencies run from then), from lanes of
 * fans (at most BENCH_RATE_CONNECTIONS; a vote waits when all are busy). Several votes for one
 * contestant may be in flight; the probes time each.
 */
export async function socketVotes({ apis, probes, contestants, baseline, tally, rate, count }) {
  const sent = new Map(contestants.map((c) => [c.username, []]));
  const watch = watchProbes(probes, sent, baseline);
  const lanes = [];
  const idle = [];
  const lane = () => {
    if (idle.length) return idle.pop();
    if (lanes.length >= S.rateConnections) return null;
    lanes.push(pickedFanLane(apis, FAN_BLOCK));
    return lanes.at(-1);
  };
  const answers = new Float64Array(Math.max(1, count));
  const statuses = {};
  const backlog = [];
  let issued = 0;
  let done = 0;
  let accepted = 0;
  let mostWaiting = 0;
  const send = (l, v) => {
    const { pool, req } = l.next(v.username);
    timed(pool, req, v.dueAt).then((a) => {
      statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      answers[done++] = a.ms;
      if (a.status === 201) {
        tally.accepted++;
        accepted++;
      } else {
        // Not counted: the contestant's later votes expect one less.
        const list = sent.get(v.username);
        list.splice(list.indexOf(v), 1);
      }
      const next = backlog.shift();
      if (next) send(l, next);
      else idle.push(l);
    });
  };
  const t0 = performance.now();
  try {
    await new Promise((resolve) => {
      const giveUp = Date.now() + (count / rate + 30) * 1000;
      const tick = () => {
        const due = Math.min(count, Math.floor(((performance.now() - t0) * rate) / 1000) + 1);
        while (issued < due) {
          const v = { username: contestants[issued % contestants.length].username, dueAt: t0 + (issued * 1000) / rate };
          issued++;
          sent.get(v.username).push(v);
          const l = lane();
          if (l) send(l, v);
          else backlog.push(v);
        }
        mostWaiting = Math.max(mostWaiting, backlog.length);
        if (done >= count || Date.now() > giveUp) resolve();
        else setTimeout(tick, 1);
      };
      tick();
    });
    const sending = (performance.now() - t0) / 1000;
    // Votes still waiting for a connection when the step gave up are never sent; those on their way are
    // waited for (at most a minute more), so that every vote the server accepted is in the tally.
    const unsent = backlog.splice(0).length;
    const settleBy = Date.now() + 60_000;
    while (done < issued - unsent && Date.now() < settleBy) await sleep(50);
    // Every probe should see every accepted vote: wait for that (for each event name that arrived at all), or give up.
    const wanted = accepted * probes.length;
    const complete = () =>
      watch.lat.any.length >= wanted && ['votes', 'standings', 'tally'].every((k) => !watch.lat[k].length || watch.lat[k].length >= wanted);
    const until = Date.now() + VISIBLE_WAIT_MS;
    while (!complete() && Date.now() < until) await sleep(50);
    const { lat } = watch;
    return {
      offered: rate,
      sent: issued,
      accepted,
      unanswered: issued - done,
      unsent,
      statuses,
      rate: done / sending,
      connections: lanes.length,
      mostWaiting,
      elapsed: (performance.now() - t0) / 1000,
      probes: probes.length,
      wanted,
      http: stats(answers, done),
      visible: stats(lat.any, lat.any.length),
      votes: stats(lat.votes, lat.votes.length),
      standings: stats(lat.standings, lat.standings.length),
      tally: stats(lat.tally, lat.tally.length),
    };
  } finally {
    watch.stop();
    lanes.forEach((l) => l.close());
  }
}

/** Splits `n` into `parts` near-equal whole shares. */
const shares = (n, parts) => Array.from({ length: parts }, (_, k) => Math.ceil((n * (k + 1)) / parts) - Math.ceil((n * k) / parts));

/**
 * One size: `size` sockets connected (timed), the api processes' memory per socket, then a run of
 * votes per rate of BENCH_SOCKET_RATES (each after a warm-up at that rate, its figures dropped).
 * Every crowd process is added to `extraProcesses` (for the CPU figures and the cleanup) while it runs.
 */
async function socketSize(ctx, size, countsNow) {
  const { apis, contest, watched, tally, processes, extraProcesses, cluster } = ctx;
  const room = `group:${watched}`;
  const watchedContestants = contest.contestants.filter((x) => x.groupId === watched);
  const nProbes = Math.min(size, S.socketProbes);
  const crowdSize = size - nProbes;
  const crowds = Array.from({ length: crowdSize ? Math.ceil(crowdSize / S.crowdPerProcess) : 0 }, (_, k) => startCrowd(`socket-crowd-${k + 1}`));
  for (const c of crowds) extraProcesses.push({ name: c.name, child: c.child });
  const apiRss = async () => Object.values(await memoryOf(cluster.apis)).reduce((a, b) => a + b, 0);
  const probes = [];
  try {
    await Promise.all(crowds.map((c) => c.ready));
    const rssBefore = await apiRss();
    const crowdRss = async () => (await Promise.all(crowds.map((c) => rssOf(c.child.pid)))).reduce((a, b) => a + (b ?? 0), 0);
    const crowdRssBefore = await crowdRss();
    log(`(c) ${size} sockets on ${room} (${nProbes} timed here, ${crowdSize} in ${crowds.length} crowd process(es)): connecting ...`);
    // In ten waves, the crowds' shares then the probes', so that the timed sockets sit all along the room's delivery order.
    const t0 = performance.now();
    const crowdShares = crowds.map((_, k) => shares(shares(crowdSize, crowds.length)[k], 10));
    const probeShares = shares(nProbes, 10);
    for (let wave = 0, c = 0; wave < 10; wave++) {
      await Promise.all(
        crowds.map((crowd, k) => {
          const n = crowdShares[k][wave];
          const offset = c;
          c += n;
          return n ? crowd.connect({ apis, room, n, offset }) : null;
        }),
      );
      probes.push(...(await connectSockets(apis, room, probeShares[wave], { offset: c })));
      c += probeShares[wave];
    }
    const connectSeconds = (performance.now() - t0) / 1000;
    await sleep(1000); // the connections' buffers settle
    const rssAfter = await apiRss();
    const crowdRssAfter = await crowdRss();
    const result = {
      sockets: size,
      probes: nProbes,
      crowdSockets: crowdSize,
      crowdProcesses: crowds.length,
      connectSeconds,
      apiRss: { before: rssBefore, after: rssAfter, perSocket: (rssAfter - rssBefore) / size },
      crowdRssPerSocket: crowdSize ? (crowdRssAfter - crowdRssBefore) / crowdSize : null,
      rates: [],
    };
    log(
      `    connected in ${connectSeconds.toFixed(1)} s; api processes ${(rssBefore / 2 ** 20).toFixed(0)} → ${(rssAfter / 2 ** 20).toFixed(0)} MiB resident (${((rssAfter - rssBefore) / size / 1024).toFixed(1)} KiB per socket)`,
    );
    const crowdCounts = async () => {
      const all = await Promise.all(crowds.map((c) => c.count()));
      const byName = {};
      for (const a of all) for (const [k, v] of Object.entries(a.byName)) byName[k] = (byName[k] ?? 0) + v;
      return {
        at: performance.now(),
        sockets: all.reduce((a, b) => a + b.sockets, 0),
        total: all.reduce((a, b) => a + b.total, 0),
        byName,
        mostInASecond: Math.max(0, ...all.map((a) => a.mostInASecond)),
      };
    };
    /**
     * Counts until the crowd has had no event for half a second (10 s at most): the last count, when
     * the count before it was taken (`movedAt`: about when the last event came, if it moved), and
     * the most in one second over all of them.
     */
    const settle = async () => {
      let last = await crowdCounts();
      let movedAt = last.at;
      let most = last.mostInASecond;
      for (const until = Date.now() + 10_000; Date.now() < until;) {
        await sleep(500);
        const next = await crowdCounts();
        most = Math.max(most, next.mostInASecond);
        const moved = next.total !== last.total;
        if (moved) movedAt = next.at;
        last = next;
        if (!moved) break;
      }
      return { ...last, movedAt, mostInASecond: most };
    };
    for (const rate of S.socketRates) {
      const count = S.socketVotes ?? Math.min(S.socketMaxVotes, Math.max(1, Math.round(rate * S.socketSeconds)));
      log(`    ${count} votes at ${rate}/s for group ${watched}'s contestants ...`);
      const args = { apis, probes, contestants: watchedContestants, tally, rate };
      if (S.warmupSeconds > 0)
        await socketVotes({ ...args, baseline: await countsNow(), count: Math.min(S.socketMaxVotes, Math.ceil(S.warmupSeconds * rate)) });
      const baseline = await countsNow();
      const before = await settle();
      const run = await phase(() => socketVotes({ ...args, baseline, count }), processes);
      const after = await settle();
      // From the last count before the votes to about when the crowd's last event came.
      const seconds = (after.movedAt - before.at) / 1000;
      const perSocket = (n) => (after.sockets ? n / after.sockets / seconds : null);
      run.crowd = {
        sockets: after.sockets,
        seconds,
        messages: after.total - before.total,
        perSocketPerSecond: perSocket(after.total - before.total),
        byName: Object.fromEntries(Object.entries(after.byName).map(([k, v]) => [k, perSocket(v - (before.byName[k] ?? 0))])),
        mostInASecond: after.mostInASecond,
      };
      run.memory = await memoryOf(processes());
      result.rates.push(run);
    }
    return result;
  } finally {
    probes.forEach((so) => so.close());
    await Promise.all(crowds.map((c) => c.close()));
    for (const c of crowds)
      extraProcesses.splice(
        extraProcesses.findIndex((p) => p.child === c.child),
        1,
      );
  }
}

/**
 * Every size of BENCH_SOCKETS in turn, everything closed in between. A size that fails (its sockets
 * could not all connect, e.g. at the app's open-files limit) is reported with its error, and the next
 * size still runs.
 */
export async function socketRuns(ctx) {
  const { contest, watched, db, tally } = ctx;
  /** The watched group's contest counts once every accepted vote is counted. */
  const countsNow = async () => {
    await drain(db, contest.contestId, tally.accepted);
    const { rows } = await db.query(
      'SELECT u.username, e.current_contest_votes FROM contest_entries e JOIN users u ON u.id = e.user_id WHERE e.group_id = $1',
      [watched],
    );
    return new Map(rows.map((row) => [row.username, row.current_contest_votes]));
  };
  const sizes = [];
  for (const size of S.socketSizes) {
    try {
      sizes.push(await socketSize(ctx, size, countsNow));
    } catch (err) {
      log(`    ${size} sockets FAILED: ${String(err?.message ?? err).split('\n')[0]}`);
      sizes.push({ sockets: size, error: String(err?.message ?? err).split('\n')[0] });
    }
    // The app lets the closed sockets go before the next size's memory is measured.
    await sleep(2000);
  }
  return sizes;
}

/** The socket phase on the scaled cluster. */
export async function socketPhase(ctx, r) {
  if (!want('sockets')) return;
  r.sockets = await socketRuns(ctx);
}
