// (g) The reconnect storm (one-process app): BENCH_STORM_SOCKETS watchers (storm-crowd.mjs: full
// socket.io-client sockets with the app's reconnect settings, each joining its room again and reading its
// group's leaderboard once after a reconnect) follow one group; the app is stopped as Ctrl-C stops it and
// started again on the same data; from the moment it answers /api/v1/health again, votes for the group
// arrive at BENCH_STORM_RATE a second for BENCH_STORM_SECONDS. Figures: how long until 99 % of the watchers
// were back (connected, room joined) and had seen a vote move their screen (their first tally after
// that), their refetches, the votes' answers meanwhile, and the standings reads the app's /metrics counts
// (when it has such a counter).
import { LIVE_RECONNECT } from '#contract/live/events.js';
import { drain } from './check.mjs';
import { phase } from './cpu.mjs';
import { stats } from './load.mjs';
import { log, S, sleep } from './settings.mjs';
import { socketVotes, startCrowd } from './sockets.mjs';

/** Splits `n` into `parts` near-equal whole shares. */
const shares = (n, parts) => Array.from({ length: parts }, (_, k) => Math.ceil((n * (k + 1)) / parts) - Math.ceil((n * k) / parts));

/** Seconds after `from` by which `share` of `total` had happened (`times`: Date.now() values), or null if fewer did. */
const by = (times, total, share, from) => {
  const need = Math.ceil(total * share);
  if (times.length < need) return null;
  return (Math.max(from, [...times].sort((a, b) => a - b)[need - 1]) - from) / 1000;
};

/** The app's counters whose name says they count standings reads (`screamstage_standings_reads_total`: the per-tick cache's reads). */
async function standingsReads(baseUrl) {
  const text = await fetch(`${baseUrl}/metrics`)
    .then((res) => (res.ok ? res.text() : ''))
    .catch(() => '');
  const lines = text.split('\n').filter((l) => l && !l.startsWith('#') && /standings[a-z_]*read|read[a-z_]*standings/i.test(l));
  if (!lines.length) return null;
  return Object.fromEntries(lines.map((l) => [l.slice(0, l.lastIndexOf(' ')), Number(l.slice(l.lastIndexOf(' ') + 1))]));
}

export async function stormPhase(ctx) {
  const { app, apis, contest, watched, db, tally, extraProcesses } = ctx;
  const room = `group:${watched}`;
  const n = S.stormSockets;
  const crowds = Array.from({ length: Math.ceil(n / S.crowdPerProcess) }, (_, k) => startCrowd(`storm-crowd-${k + 1}`, './storm-crowd.mjs'));
  for (const c of crowds) extraProcesses.push({ name: c.name, child: c.child });
  const reports = async () => {
    const all = await Promise.all(crowds.map((c) => c.report()));
    const joined = (k) => all.flatMap((a) => a[k]);
    return {
      sockets: all.reduce((a, b) => a + b.sockets, 0),
      connected: all.reduce((a, b) => a + b.connected, 0),
      lost: all.reduce((a, b) => a + b.lost, 0),
      attempts: all.reduce((a, b) => a + b.attempts, 0),
      backAt: joined('backAt'),
      joinedAt: joined('joinedAt'),
      firstTallyAt: joined('firstTallyAt'),
      refetches: joined('refetches'),
    };
  };
  try {
    await Promise.all(crowds.map((c) => c.ready));
    log(`(g) reconnect storm: ${n} reconnecting watchers on ${room} in ${crowds.length} crowd process(es): connecting ...`);
    const t0 = performance.now();
    const parts = shares(n, crowds.length);
    await Promise.all(
      crowds.map((c, k) => c.connect({ origin: app.baseUrl, room, groupId: watched, n: parts[k], offset: parts.slice(0, k).reduce((a, b) => a + b, 0) })),
    );
    const connectSeconds = (performance.now() - t0) / 1000;
    await sleep(1000);
    const watchedContestants = contest.contestants.filter((x) => x.groupId === watched);
    const baseline = new Map(
      (
        await db.query('SELECT u.username, e.current_contest_votes FROM contest_entries e JOIN users u ON u.id = e.user_id WHERE e.group_id = $1', [watched])
      ).rows.map((row) => [row.username, row.current_contest_votes]),
    );
    log(`    connected in ${connectSeconds.toFixed(1)} s; restarting the app (SIGTERM, then npm start again on the same data) ...`);
    const run = await phase(async () => {
      const restart = await app.restart();
      log(
        `    stopped in ${((restart.downAt - restart.stoppedAt) / 1000).toFixed(1)} s, answering again ${((restart.answeringAt - restart.downAt) / 1000).toFixed(1)} s later; ${S.stormRate} votes/s for ${S.stormSeconds} s ...`,
      );
      const count = Math.round(S.stormRate * S.stormSeconds);
      const votes = await socketVotes({ apis, probes: [], contestants: watchedContestants, baseline, tally, rate: S.stormRate, count });
      // The stragglers: wait (bounded) until 99 % of the watchers are back and have seen a tally.
      const until = Date.now() + S.stormWaitSeconds * 1000;
      let last = await reports();
      while (Date.now() < until && (last.joinedAt.length < 0.99 * n || last.firstTallyAt.length < 0.99 * n)) {
        await sleep(1000);
        last = await reports();
      }
      return { restart, votes, last };
    }, ctx.processes);
    const { restart, votes, last } = run;
    const from = restart.answeringAt;
    const refetchMs = Float64Array.from(last.refetches.map((x) => x.ms));
    const refetchStatuses = {};
    for (const x of last.refetches) refetchStatuses[x.status] = (refetchStatuses[x.status] ?? 0) + 1;
    const since = (times) => stats(Float64Array.from(times.map((t) => Math.max(0, t - from))), times.length);
    await drain(db, contest.contestId, tally.accepted);
    return {
      sockets: n,
      backoff: { ...LIVE_RECONNECT, ...JSON.parse(process.env.BENCH_STORM_BACKOFF || '{}') },
      crowdProcesses: crowds.length,
      connectSeconds,
      stopSeconds: (restart.downAt - restart.stoppedAt) / 1000,
      startSeconds: (restart.answeringAt - restart.downAt) / 1000,
      lost: last.lost,
      attempts: last.attempts,
      back: last.joinedAt.length,
      connectedAtEnd: last.connected,
      back99: by(last.joinedAt, n, 0.99, from),
      backTimes: since(last.joinedAt),
      visible99: by(last.firstTallyAt, n, 0.99, from),
      visibleTimes: since(last.firstTallyAt),
      refetch: { ...stats(refetchMs, refetchMs.length), statuses: refetchStatuses },
      votes: { offered: votes.offered, sent: votes.sent, accepted: votes.accepted, unanswered: votes.unanswered, statuses: votes.statuses, http: votes.http },
      standingsReads: await standingsReads(app.baseUrl),
      // Over this long since the app answered again (at most one read per changed group per tick).
      standingsSeconds: (Date.now() - from) / 1000,
      cores: run.cores,
      benchLoad: run.benchLoad,
      otherLoad: run.otherLoad,
      steal: run.steal,
      generatorLag: run.generatorLag,
    };
  } finally {
    await Promise.all(crowds.map((c) => c.close()));
    for (const c of crowds)
      extraProcesses.splice(
        extraProcesses.findIndex((p) => p.child === c.child),
        1,
      );
  }
}
