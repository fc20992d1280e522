// The worker is killed (kill -9) while fans vote and while it holds counting jobs: a fresh worker
// takes those jobs within seconds of starting (BullMQ's lock on them is short and lapsed locks
// are looked for often), and every vote answered 201 is counted exactly once, by itself.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '../helpers/source-address.js';
import { Cluster } from './support/cluster.mjs';
import { seedContest, type SeededContest } from './support/contest-seed.js';
import { expectEveryAcceptedVoteCountedOnce, expectOnlyCountedOrTryAgain } from './support/counted-once.js';
import { ledgerVoteIds } from './support/ledger.js';
import { streamVotes } from './support/vote-stream.js';

const RATE = 60;
const SECONDS = 35;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Scaled mode: the worker killed with kill -9 while votes flow', () => {
  let cluster: Cluster;
  let contest: SeededContest;

  beforeAll(async () => {
    cluster = await Cluster.start({ apis: 1, workers: 1 });
    contest = await seedContest(cluster.db, { contestants: 4, groups: 2 });
  }, 120_000);

  afterAll(async () => {
    await cluster?.teardown();
  });

  /** Database sessions of the cluster waiting for a row lock. */
  const waitingOnLocks = async () =>
    (await cluster.db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0]
      .n as number;

  it('should count the jobs the dead worker held within seconds of a new worker starting, and every vote answered 201 once', async () => {
    const stream = streamVotes([cluster.apiUrl(0)], contest.contestants, { rate: RATE, seconds: SECONDS });
    await sleep(10_000);

    // The worker is made to hold counting jobs: one contestant's entry row is locked, so its
    // counting transaction waits, with the jobs it runs taken (active) and not finished.
    const lock = await cluster.db.connect();
    let killedAt: number;
    try {
      await lock.query('BEGIN');
      await lock.query('SELECT 1 FROM contest_entries WHERE id = $1 FOR UPDATE', [contest.contestants[0].entryId]);
      await eventually('the worker to wait on the locked row', waitingOnLocks, (n) => n > 0, 15_000);
      await cluster.kill(cluster.workers[0], 'SIGKILL');
      killedAt = Date.now();
    } finally {
      await lock.query('ROLLBACK');
      lock.release();
    }
    const acceptedBeforeKill = stream.answered.filter((v) => v.status === 201 && v.at + v.ms < killedAt).map((v) => v.voteId!);

    await cluster.startWorker();
    const upAt = Date.now();
    await eventually(
      'the votes accepted before the kill to be counted',
      async () => new Set(await ledgerVoteIds(cluster.db)),
      (ledger) => acceptedBeforeKill.every((id) => ledger.has(id)),
      60_000,
    );
    const countedAt = Date.now();
    // Within seconds of the new worker starting, not once a 30 s lock and a 30 s check have passed.
    expect(countedAt - upAt).toBeLessThan(15_000);

    const votes = await stream.done;
    const settled = await expectEveryAcceptedVoteCountedOnce(cluster, contest, votes, { withinMs: 60_000 });
    expect(settled.extra).toBe(0);
    expectOnlyCountedOrTryAgain(votes);
    expect(votes.filter((v) => v.status === 201).length).toBe(votes.length);
    console.log(
      `Worker kill -9: new worker up ${upAt - killedAt} ms after the kill; the dead worker's jobs counted ${countedAt - killedAt} ms after it ` +
        `(${countedAt - upAt} ms after the new worker was up)`,
    );
  }, 240_000);
});
