// (a) Free votes as fast as the server answers them (closed loop), and (a') the same with the
// worker(s) paused: the API path alone (a diagnostic).
import { drain } from './check.mjs';
import { phase } from './cpu.mjs';
import { fanLane } from './fans.mjs';
import { runLoad } from './load.mjs';
import { log, S, want } from './settings.mjs';

/** Free votes as fast as the server answers them: BENCH_CONCURRENCY lanes of fans (closed loop). */
export async function voteLoad(apis, contestants, tally) {
  const lanes = Array.from({ length: S.concurrency }, () => fanLane(apis, contestants));
  try {
    return await runLoad({
      next: (id) => lanes[id].next(),
      onAnswer: (a) => {
        if (a.status === 201) tally.accepted++;
      },
    });
  } finally {
    lanes.forEach((l) => l.close());
  }
}

/** The saturating vote phase, then the worker(s) counting what it left behind. */
export async function votePhase({ apis, contest, db, tally, processes }, r) {
  if (!want('votes')) return;
  log('(a) POST /api/v1/contestants/{username}/vote from distinct loopback addresses ...');
  r.votes = await phase(() => voteLoad(apis, contest.contestants, tally), processes);
  log(`    waiting for the worker(s) to count ${tally.accepted} accepted votes ...`);
  r.drain = await drain(db, contest.contestId, tally.accepted);
}

/**
 * Diagnostic, not a target: the API path alone. The workers are paused (SIGSTOP), so the votes
 * wait in Redis and the workers' CPU is free; they resume and count them afterwards.
 */
export async function intakePhase({ apis, contest, db, tally, processes, workers }, r) {
  if (!want('intake')) return;
  log("(a') the same with the worker(s) paused: intake only ...");
  workers.forEach((p) => p.child.kill('SIGSTOP'));
  try {
    r.intake = await phase(() => voteLoad(apis, contest.contestants, tally), processes);
  } finally {
    workers.forEach((p) => p.child.kill('SIGCONT'));
  }
  log(`    waiting for the worker(s) to count the backlog (${tally.accepted} accepted in all) ...`);
  r.intakeDrain = await drain(db, contest.contestId, tally.accepted);
}
