// (a'') Free votes that each carry a solved challenge (ALTCHA proof-of-work): the bench contest asks
// every free vote for one for this phase. First GET /votes/challenge in a closed loop (what issuing
// costs the server), then the challenges are solved here, untimed (small puzzles: BENCH sets
// VOTE_CHALLENGE_MAX_NUMBER=100), then each fan's vote carries one, closed loop as in (a): what checking
// and spending a solution costs the vote path. Opt-in: BENCH_PHASES=...,challenge.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { request } from 'undici';
import { drain } from './check.mjs';
import { phase } from './cpu.mjs';
import { fanLane } from './fans.mjs';
import { runLoad, stats } from './load.mjs';
import { log, S, sleep, want } from './settings.mjs';

/** Long enough for every api process's cached vote target to see the contest's new rule. */
const TARGET_CACHE_WAIT_MS = 2500;

/** Challenges in a closed loop for the phase's time: their rate and latency, and the challenges themselves. */
async function issueLoad(apis) {
  const challenges = [];
  const lat = [];
  const statuses = {};
  const until = Date.now() + S.seconds * 1000;
  const t0 = performance.now();
  const lane = async (i) => {
    for (let n = i; Date.now() < until && challenges.length < S.maxRequests; n += S.concurrency) {
      const t = performance.now();
      const res = await request(`${apis[n % apis.length]}/api/v1/votes/challenge`);
      const body = await res.body.json();
      lat.push(performance.now() - t);
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      if (res.statusCode === 200) challenges.push(body);
    }
  };
  await Promise.all(Array.from({ length: S.concurrency }, (_, i) => lane(i)));
  const elapsed = (performance.now() - t0) / 1000;
  return { result: { elapsed, statuses, rate: lat.length / elapsed, ...stats(lat, lat.length) }, challenges };
}

export async function challengePhase({ apis, contest, db, tally, processes }, r) {
  if (!want('challenge')) return;
  log("(a'') free votes with a solved challenge: the contest asks every free vote for one ...");
  await db.query(`UPDATE contests SET vote_challenge = 'always' WHERE id = $1`, [contest.contestId]);
  try {
    await sleep(TARGET_CACHE_WAIT_MS);
    let issued;
    r.challengeIssue = await phase(async () => {
      issued = await issueLoad(apis);
      return issued.result;
    }, processes);
    log(`    solving ${issued.challenges.length} challenges here (untimed) ...`);
    const payloads = [];
    for (const challenge of issued.challenges) {
      const solution = await solveChallenge({ challenge, deriveKey });
      payloads.push(JSON.stringify({ altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64') }));
    }
    const lanes = Array.from({ length: S.concurrency }, () => fanLane(apis, contest.contestants));
    let used = 0;
    try {
      r.challengeVotes = await phase(
        () =>
          runLoad({
            // Each vote spends one solution; without one left, a vote goes bare (and answers 428).
            next: (id) => {
              const { pool, req } = lanes[id].next();
              const body = payloads[used++];
              return { pool, req: body ? { ...req, headers: { ...req.headers, 'content-type': 'application/json' }, body } : req };
            },
            onAnswer: (a) => {
              if (a.status === 201) tally.accepted++;
            },
          }),
        processes,
      );
    } finally {
      lanes.forEach((l) => l.close());
    }
  } finally {
    await db.query(`UPDATE contests SET vote_challenge = NULL WHERE id = $1`, [contest.contestId]);
  }
  log(`    waiting for the worker(s) to count ${tally.accepted} accepted votes ...`);
  r.challengeDrain = await drain(db, contest.contestId, tally.accepted);
  await sleep(TARGET_CACHE_WAIT_MS);
}
