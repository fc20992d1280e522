// The figures, printed as they have been since the first runs (docs/benchmarks.md quotes them).
import os from 'node:os';
import { fmt, log, ms, S } from './settings.mjs';

/** What the bench runs on and how, before the load. */
export function printHeader(idle, layout = 'scaled') {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  log(`\nScreamStage benchmark: ${os.cpus().length} CPUs (${cpu}), ${fmt(os.totalmem() / 2 ** 30, 1)} GiB, Node ${process.version}`);
  log(
    {
      'one-process': 'layout: one app process (npm start: API and workers) with its embedded PostgreSQL, load generator in this process',
      faults: `layout: ${S.apis} api + ${S.workers} worker process(es), PostgreSQL through a loopback proxy and a redis-server of the bench's own (appendfsync always), load generator in this process`,
    }[layout] ?? `layout: ${S.apis} api + ${S.workers} worker process(es), PostgreSQL and Redis on 127.0.0.1, load generator in this process`,
  );
  log(`phases: ${S.warmupSeconds} s warm-up + ${S.seconds} s measured, concurrency ${S.concurrency}, at most ${S.maxRequests} requests each`);
  log(`data: 1 current contest, ${S.groups} groups of ${S.perGroup} contestants`);
  // Everything shares these cores: other work on the machine lowers every figure.
  log(
    `machine idle before the load: ${idle === null ? 'unknown' : `${fmt(idle * 100)}%`}${idle !== null && idle < 0.9 ? '  WARNING: something else is using the CPU; figures will be low' : ''}\n`,
  );
}

/**
 * The standings reads per second since the restart, against one per tick (LIVE_TICK_MS, 100 ms by
 * default) for the one group the storm votes for and its watchers refetch (the others do not change).
 */
function readsPerTick(x) {
  if (!x.standingsReads || !x.standingsSeconds) return '';
  const reads = Object.values(x.standingsReads).reduce((a, b) => a + b, 0);
  return ` (${fmt(reads / x.standingsSeconds, 1)} a second over ${fmt(x.standingsSeconds)} s; one per tick of the watched group is at most ${fmt(1000 / Number(S.appEnv.LIVE_TICK_MS ?? 100))})`;
}

/** Every phase's figures (`r`), the scaled cluster's database check (null when it did not run), and with BENCH_JSON=1 all of it as JSON. */
export function printResults(r, check) {
  const ratio = (x) => (r.ceiling ? fmt(x.rate / r.ceiling.rate, 2) : '-');
  const load = (x) =>
    (x.otherLoad === undefined ? '' : `   cpu: bench ${fmt(x.benchLoad * 100)}%, other ${fmt(x.otherLoad * 100)}%${x.otherLoad > 0.05 ? ' (DISTURBED)' : ''}`) +
    (x.steal === undefined ? '' : `, steal ${fmt(x.steal * 100)}%${x.steal > 0.05 ? ' (the host took CPU time)' : ''}`) +
    `, generator lag p99 ${fmt(x.generatorLag.p99, 0)} ms` +
    (x.cores
      ? `\n${' '.repeat(48)}cores: ${Object.entries(x.cores)
          .sort((a, b) => b[1] - a[1])
          .map(([k, v]) => `${k} ${fmt(v, 2)}`)
          .join(', ')}`
      : '');
  const line = (label, x, target = '') =>
    log(
      `  ${label.padEnd(44)} ${fmt(x.rate).padStart(6)} req/s   ${ms(x)}   ratio ${ratio(x)}   [${Object.entries(x.statuses)
        .map(([k, v]) => `${k}×${v}`)
        .join(' ')}]${target}${load(x)}`,
    );
  log('\nResults');
  if (r.ceiling) line('(d) ceiling      GET /site', r.ceiling);
  if (r.shell)
    line(
      '    app shell    GET /login (page path)',
      r.shell,
      r.ceiling ? `   target ≥ 50 % of the ceiling: ${fmt((100 * r.shell.rate) / r.ceiling.rate)} %` : '',
    );
  if (r.drawn)
    line('    drawn page   GET /leaderboard (server-drawn)', r.drawn, r.ceiling ? `   ${fmt((100 * r.drawn.rate) / r.ceiling.rate)} % of the ceiling` : '');
  if (r.health) line('    health       GET /health (SELECT 1 + PING)', r.health);
  if (r.votes) line('(a) free votes   POST /contestants/{u}/vote', r.votes, '   target ≥ 3000/s (aim 5000), p99 < 50 ms');
  for (const x of r.votesRate ?? [])
    line(
      `(a) free votes at ${x.offered}/s offered`,
      x,
      `   target p99 < 50 ms at ≥ 3000/s   (${x.connections} connections, at most ${x.mostWaiting} votes waiting for one, ${x.unanswered} unanswered; ${x.drain.counted} votes still to count at the end, counted in ${fmt(x.drain.seconds, 1)} s)`,
    );
  if (r.surge) {
    const x = r.surge;
    line(`(a) surge at ${x.offered}/s offered for ${x.seconds} s`, x);
    log(
      `${' '.repeat(19)}${x.accepted} accepted (${x.connections} connections, at most ${x.mostWaiting} votes waiting for one, ${x.unanswered} unanswered); at the end of the load: backlog ${x.end.backlog} votes, lag ${fmt(x.end.lag, 1)} s`,
    );
    log(
      `${' '.repeat(19)}at most: backlog ${x.maxBacklog} votes, lag ${fmt(x.maxLag, 1)} s; ${x.drainSeconds === null ? `NOT drained: ${x.leftOver} votes still uncounted when the counting stopped moving` : `all counted ${fmt(x.drainSeconds, 1)} s after the load stopped`}`,
    );
    printSurgeTable(x);
  }
  if (r.intake) line("(a') intake only, worker(s) paused", r.intake, '   diagnostic');
  if (r.challengeIssue) line("(a'') challenges  GET /votes/challenge", r.challengeIssue);
  if (r.challengeVotes) line("(a'') free votes, each with a solved challenge", r.challengeVotes, '   compare with (a)');
  if (r.board) line('(b) leaderboard  GET /groups/{id}/leaderboard', r.board, '   target ratio ≥ 0.60');
  for (const size of r.sockets ?? []) printSockets(size, load);
  if (r.drain)
    log(
      `  worker(s)        counted ${r.drain.counted} votes in ${fmt(r.drain.seconds, 1)} s after the vote phase (${fmt(r.drain.counted / r.drain.seconds)} votes/s)`,
    );
  if (r.intakeDrain)
    log(
      `                   counted ${r.intakeDrain.counted} votes in ${fmt(r.intakeDrain.seconds, 1)} s after the intake phase (${fmt(r.intakeDrain.counted / r.intakeDrain.seconds)} votes/s)`,
    );
  if (r.payments) {
    const p = r.payments;
    const fails = Object.entries(p.failures)
      .map(([k, v]) => `${k}×${v}`)
      .join(' ');
    log(
      `  (e) payments     ${p.completed}/${p.purchases} TEST MODE purchases at once answered in ${fmt(p.answeredSeconds, 1)} s, all credited after ${fmt(p.creditedSeconds, 1)} s${fails ? `   failures: ${fails}` : ''}`,
    );
    log(`                   buy-votes ${ms(p.start)};  Pay ${ms(p.pay)};  capture ${ms(p.capture)};  whole purchase ${ms(p.total)}`);
    const c = p.check;
    log(
      `                   check: ${c.credited}/${c.payments} credited, ${c.ledger_rows} paid ledger rows of ${c.ledger_votes} votes, bought ${c.bought}, entries ${c.entries}, profiles ${c.profiles}: ${p.pass ? 'PASS' : 'FAIL'}`,
    );
  }
  if (r.oneProcess) {
    const x = r.oneProcess;
    if (x.error) log(`  (f) one process  FAILED: ${x.error}`);
    else {
      line('(f) one process  POST /contestants/{u}/vote', x, '   npm start: API, workers and embedded PostgreSQL in one process');
      if (x.cores) {
        const app = x.cores.app ?? 0;
        const pg = x.cores['app/children'] ?? 0;
        log(
          `${' '.repeat(19)}cpu split (cores): the app ${fmt(app, 2)} + its PostgreSQL ${fmt(pg, 2)} = ${fmt(app + pg, 2)}; the generator ${fmt(x.cores.generator, 2)}`,
        );
      }
      log(
        `  its workers      counted ${x.drain.counted} votes in ${fmt(x.drain.seconds, 1)} s after the vote phase (${fmt(x.drain.counted / x.drain.seconds)} votes/s)`,
      );
      log(
        `  check (f)        accepted ${x.accepted}; ledger ${x.final.ledger}, entries ${x.final.entries}, profiles ${x.final.profiles}: ${x.pass ? 'PASS' : 'FAIL'}`,
      );
    }
  }
  if (r.faults) printFaults(r.faults, load);
  if (r.oneProcessSockets) {
    const x = r.oneProcessSockets;
    log(`  (f) one process, watchers${x.webConcurrency ? ` (WEB_CONCURRENCY=${x.webConcurrency})` : ''}`);
    if (x.error) log(`                   FAILED: ${x.error}`);
    for (const size of x.sizes ?? []) printSockets(size, load);
    if (x.final)
      log(
        `  check (f)        accepted ${x.accepted}; ledger ${x.final.ledger}, entries ${x.final.entries}, profiles ${x.final.profiles}: ${x.pass ? 'PASS' : 'FAIL'}`,
      );
  }
  if (r.oneProcessStorm) printStorm(r.oneProcessStorm, load);
  if (check)
    log(
      `  check            accepted ${check.accepted}; ledger ${check.final.ledger}, entries ${check.final.entries}, profiles ${check.final.profiles}: ${check.pass ? 'PASS' : 'FAIL'}`,
    );
  if (process.env.BENCH_JSON) log(JSON.stringify({ settings: S, ...r, ...(check ?? {}) }, null, 2));
}

/** The fault runs (faults.mjs): per run, the voters' answers before, during and after, readiness, and the check. */
function printFaults(f, load) {
  const pad = ' '.repeat(19);
  if (f.error) return log(`  (g) faults       FAILED: ${f.error}`);
  const secs = (ms) => (ms === null ? 'never' : `${fmt(ms / 1000, 1)} s`);
  for (const x of f.runs) {
    if (x.error) {
      log(`  (g) fault        ${x.what}: FAILED: ${x.error}`);
      continue;
    }
    log(`  (g) fault        ${x.what}: ${x.offered} votes offered at ${S.faultRate}/s; the fault lasted ${fmt(x.faultSeconds, 1)} s`);
    const { inFlightAtStart, ...windows } = x.windows;
    for (const [label, w] of Object.entries(windows)) {
      const other = Object.entries(w.other)
        .map(([k, v]) => `${k}×${v}`)
        .join(' ');
      log(
        `${pad}  ${label.padEnd(7)} ${String(w.offered).padStart(6)} offered: 201×${w.created}, 503×${w.unavailable} (${w.unavailableWithRetryAfter} with Retry-After)${other ? `, other ${other}` : ''};  ${ms(w)}`,
      );
      for (const [why, n] of Object.entries(w.reasons)) log(`${pad}            ${n}× ${why}`);
    }
    log(
      `${pad}  readiness: ${x.ready
        .map(
          (a, i) =>
            `api ${i + 1} ${
              a.unreadyAfterMs === null
                ? 'stayed 200'
                : `503 after ${fmt(a.unreadyAfterMs)} ms, 200 again ${a.readyAgainMs === null ? 'never' : `${fmt(a.readyAgainMs)} ms after the end`}`
            }${a.noAnswer ? ` (${a.noAnswer} asks unanswered within 2 s)` : ''}`,
        )
        .join('; ')}`,
    );
    const c = x.check;
    log(`${pad}  every vote answered 201 by the fault's end in the ledger ${secs(x.caughtUpMs)} after it ended`);
    log(
      `${pad}  check: the run's ${c.accepted} votes answered 201, ${c.missing ?? '?'} of them missing from the ledger; the ledger gained ${c.ledger}, entries ${c.entries}, profiles ${c.profiles}, API ${c.api}` +
        `${c.pendingJobs ? `, ${c.pendingJobs} counting jobs left` : ''}${c.error ? ` (${c.error})` : ''}; equal ${secs(c.afterEndMs)} after the fault's end; ${c.failedJobs ?? '?'} failed jobs`,
    );
    const e = c.extras;
    if (e) {
      const statuses = Object.entries(e.byStatus)
        .map(([k, v]) => `${k}×${v}`)
        .join(' ');
      const withoutA201 = Object.values(e.byStatus).reduce((a, n) => a + n, 0);
      log(
        `${pad}  ${withoutA201} stored though answered 503${statuses ? ` (${statuses})` : ''}, ${e.inFlightAtStart} of them of the ${inFlightAtStart} votes in flight at the fault's start and not answered 201; their voters' retries are refused` +
          `${e.unmatched ? `; ${e.unmatched} of no request of the run: FAIL` : ''}${e.answered201 ? `; ${e.answered201} a second vote of a voter answered 201: FAIL` : ''}` +
          `${c.keyMismatch ? `; ${c.keyMismatch} votes answered 201 whose row names another voter, so held to the in-flight bound instead` : ''}`,
      );
      log(`${pad}  voters with two counted free votes for one contestant: ${c.doubled}${c.doubled ? ': FAIL' : ''}`);
    }
    log(`${pad}  check (every 201 counted once, extras only of requests without a 201, no voter twice, no failed job): ${c.pass ? 'PASS' : 'FAIL'}`);
    log(`${pad} ${load(x)}`);
  }
}

const mib = (bytes) => `${fmt(bytes / 2 ** 20)} MiB`;

/** The socket phase's figures for one size (sockets.mjs): connecting, memory, then each rate. */
function printSockets(x, load) {
  const pad = ' '.repeat(19);
  if (x.error) {
    log(`  (c) sockets      ${x.sockets} sockets on one group: FAILED: ${x.error}`);
    return;
  }
  log(
    `  (c) sockets      ${x.sockets} sockets on one group (${x.probes} timed here, ${x.crowdSockets} in ${x.crowdProcesses} crowd process(es)): all connected in ${fmt(x.connectSeconds, 1)} s`,
  );
  log(
    `${pad}api processes' memory ${mib(x.apiRss.before)} → ${mib(x.apiRss.after)}: ${fmt(x.apiRss.perSocket / 1024, 1)} KiB per socket` +
      (x.crowdRssPerSocket === null ? '' : ` (the crowd: ${fmt(x.crowdRssPerSocket / 1024, 1)} KiB per socket)`),
  );
  for (const v of x.rates) {
    const timed = (s) => `(${s.count}/${v.wanted} timed deliveries)`;
    log(`${pad}at ${v.offered} votes/s:`);
    log(`${pad}  vote sent → visible (first event showing it)  ${ms(v.visible)}   ${timed(v.visible)}   target p99 ≤ 250 ms`);
    // Only the event names that arrived (the old server sends votes and standings, the new one tally).
    if (v.votes.count) log(`${pad}  vote sent → its 'votes' event               ${ms(v.votes)}   ${timed(v.votes)}`);
    if (v.standings.count) log(`${pad}  vote sent → 'standings' showing it          ${ms(v.standings)}   ${timed(v.standings)}`);
    if (v.tally.count) log(`${pad}  vote sent → 'tally' showing it              ${ms(v.tally)}   ${timed(v.tally)}`);
    log(
      `${pad}  ${v.accepted}/${v.sent} votes accepted (${v.unanswered} unanswered${v.unsent ? `, ${v.unsent} of them never sent: the run gave up on them` : ''}, ${v.connections} connections, at most ${v.mostWaiting} votes waiting for one); their HTTP answers ${ms(v.http)}   [${Object.entries(
        v.statuses,
      )
        .map(([k, n]) => `${k}×${n}`)
        .join(' ')}]   target p99 ≤ 50 ms`,
    );
    const c = v.crowd;
    if (c.sockets)
      log(
        `${pad}  crowd: ${fmt(c.perSocketPerSecond, 1)} messages per socket per second (${Object.entries(c.byName)
          .map(([k, n]) => `${k} ${fmt(n, 1)}`)
          .join(', ')}), at most ${c.mostInASecond} in one second on one socket; ${c.messages} messages to ${c.sockets} sockets in ${fmt(c.seconds, 1)} s`,
      );
    log(
      `${pad}  memory: ${Object.entries(v.memory)
        .map(([k, b]) => `${k} ${mib(b)}`)
        .join(', ')}${load(v)}`,
    );
  }
}

/**
 * The surge's samples as a table: every second (every 5 s when the surge and its drain took longer
 * than 40 s), and always the sample at the end of the load, the one with the largest lag and the last.
 */
function printSurgeTable(x) {
  const last = x.samples.at(-1);
  const step = last.t > 40 ? 5 : 1;
  const worst = x.samples.reduce((a, b) => (b.lag > a.lag ? b : a), x.samples[0]);
  let kept = -Infinity;
  const rows = x.samples.filter((s) => {
    const keep = s.t - kept >= step - 0.05 || s === x.end || s === worst || s === last;
    if (keep) kept = s.t;
    return keep;
  });
  const pad = ' '.repeat(21);
  log(`${pad}${'t'.padStart(7)}  ${'accepted'.padStart(9)}  ${'counted'.padStart(9)}  ${'backlog'.padStart(8)}  ${'lag'.padStart(7)}`);
  for (const s of rows) {
    const note = [s === x.end ? 'load stopped' : s.loading ? '' : 'draining', s === worst && s.lag > 0 ? 'max lag' : ''].filter(Boolean).join(', ');
    log(
      `${pad}${`${fmt(s.t, 1)} s`.padStart(7)}  ${String(s.accepted).padStart(9)}  ${String(s.counted).padStart(9)}  ${String(s.backlog).padStart(8)}  ${`${fmt(s.lag, 1)} s`.padStart(7)}${note ? `  ${note}` : ''}`,
    );
  }
}

/** The reconnect storm's figures (storm.mjs), times from when the restarted app answered again. */
function printStorm(x, load) {
  const pad = ' '.repeat(19);
  const secs = (v) => (v === null ? 'not reached' : `${fmt(v, 1)} s`);
  const sec = (s) => `p50 ${fmt(s.p50 / 1000, 1)} s, p99 ${fmt(s.p99 / 1000, 1)} s, max ${fmt(s.max / 1000, 1)} s`;
  log(`  (g) reconnect storm${x.webConcurrency ? ` (WEB_CONCURRENCY=${x.webConcurrency})` : ''}`);
  if (x.error) {
    log(`${pad}FAILED: ${x.error}`);
    return;
  }
  log(
    `${pad}${x.sockets} reconnecting watchers (socket.io-client, ${x.crowdProcesses} crowd process(es)), connected in ${fmt(x.connectSeconds, 1)} s; the app stopped in ${fmt(x.stopSeconds, 1)} s and answered again ${fmt(x.startSeconds, 1)} s later`,
  );
  log(
    `${pad}their reconnect: first after ${x.backoff.reconnectionDelay} ms ± ${x.backoff.randomizationFactor * 100} %, doubling, at most ${x.backoff.reconnectionDelayMax} ms apart`,
  );
  log(`${pad}lost ${x.lost}, back ${x.back} (room joined again; ${x.connectedAtEnd} connected at the end), ${x.attempts} reconnect attempts in all`);
  log(`${pad}99 % back: ${secs(x.back99)} after the app answered again   (${sec(x.backTimes)})   target ≤ 30 s`);
  log(`${pad}99 % saw a vote move (first tally after the rejoin): ${secs(x.visible99)}   (${sec(x.visibleTimes)})`);
  log(
    `${pad}refetches (a group leaderboard each, once per reconnect): ${x.refetch.count}, ${ms(x.refetch)}   [${Object.entries(x.refetch.statuses)
      .map(([k, n]) => `${k}×${n}`)
      .join(' ')}]`,
  );
  const v = x.votes;
  log(
    `${pad}votes meanwhile at ${v.offered}/s: ${v.accepted}/${v.sent} accepted (${v.unanswered} unanswered), answers ${ms(v.http)}   [${Object.entries(
      v.statuses,
    )
      .map(([k, n]) => `${k}×${n}`)
      .join(' ')}]   target p99 ≤ 100 ms`,
  );
  log(
    `${pad}standings reads from the database since the restart: ${
      x.standingsReads
        ? Object.entries(x.standingsReads)
            .map(([k, n]) => `${k} ${n}`)
            .join(', ')
        : 'not counted by this app (no standings read counter in /metrics)'
    }${readsPerTick(x)}${load(x)}`,
  );
  if (x.final)
    log(
      `  check (g)        accepted ${x.accepted}; ledger ${x.final.ledger}, entries ${x.final.entries}, profiles ${x.final.profiles}: ${x.pass ? 'PASS' : 'FAIL'}`,
    );
}
