// A vote answered as counted is counted exactly once, through worker crashes and restarts
// (docs/product.md#free-votes): scaled mode, proven on this machine.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Cluster } from './support/cluster.mjs';
import { contestTotal, countedVotes, seedContest, type SeededContest } from './support/contest-seed.js';
import { eventually } from '../helpers/source-address.js';
import { ledgerVoteIds } from './support/ledger.js';
import { castVotes, voterAddress } from './support/voters.js';

const WAVE1 = 600;
const WAVE2 = 400;

describe('Scaled mode: a worker killed while votes are queued', () => {
  let cluster: Cluster;
  let contest: SeededContest;
  let votesQueue: Queue;

  beforeAll(async () => {
    cluster = await Cluster.start({ apis: 1, workers: 1 });
    contest = await seedContest(cluster.db, { contestants: 4, groups: 2 });
    votesQueue = new Queue('votes', { connection: { url: cluster.env.REDIS_URL }, prefix: `${cluster.redisPrefix}:bull` });
  });

  afterAll(async () => {
    await votesQueue?.close();
    await cluster?.teardown();
  });

  /** Votes waiting in jobs not yet done (a job carries the votes one api process accepted together). */
  const pending = async () => {
    const jobs = await votesQueue.getJobs(['waiting', 'active', 'delayed', 'prioritized']);
    const c = await votesQueue.getJobCounts('active', 'failed');
    // Only the counting jobs carry votes (other jobs may share the queue).
    const votes = jobs.filter((j) => j.name === 'count-votes').flatMap((j) => (j.data as { votes: { voteId: string }[] }).votes.map((v) => v.voteId));
    return { votes, active: c.active, failed: c.failed };
  };
  /** Database sessions of the cluster waiting for a row lock. */
  const waitingOnLocks = async () =>
    (await cluster.db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0]
      .n as number;

  it('should count every accepted vote exactly once when workers die before and during processing', async () => {
    await cluster.kill(cluster.workers[0], 'SIGKILL');
    const [a, ...others] = contest.contestants;

    // Wave 1, with no worker alive: accepted means durably queued, so every vote waits in Redis.
    const wave1 = Array.from({ length: WAVE1 }, (_, i) => ({ username: others[i % others.length].username, voter: voterAddress(i) }));
    const results = await castVotes(cluster.apiUrl(0), wave1, 48);
    expect(results.filter((r) => r.status !== 201)).toEqual([]);
    expect(await contestTotal(cluster.db, contest.contestId)).toBe(0);
    expect(new Set((await pending()).votes)).toEqual(new Set(results.map((r) => r.voteId)));

    // A worker starts and counts them.
    const second = await cluster.startWorker();
    await eventually(
      'the second worker to count wave 1',
      () => contestTotal(cluster.db, contest.contestId),
      (n) => n === WAVE1,
      60_000,
    );

    // Wave 2 names contestant A, whose entry row this test holds locked: the worker takes the jobs
    // and its counting transaction waits. It is killed right there, holding them uncommitted.
    const lock = await cluster.db.connect();
    try {
      await lock.query('BEGIN');
      await lock.query('SELECT 1 FROM contest_entries WHERE id = $1 FOR UPDATE', [a.entryId]);
      const wave2 = Array.from({ length: WAVE2 }, (_, i) => ({ username: contest.contestants[i % 4].username, voter: voterAddress(WAVE1 + i) }));
      const more = await castVotes(cluster.apiUrl(0), wave2, 48);
      expect(more.filter((r) => r.status !== 201)).toEqual([]);
      results.push(...more);
      await eventually('the worker to wait on the locked row', waitingOnLocks, (n) => n > 0, 30_000);
      expect((await pending()).active).toBeGreaterThan(0);
      await cluster.kill(second, 'SIGKILL');
      // Killed holding A's votes uncommitted: none of them is counted yet. (A batch that happened to carry
      // only other contestants' votes may have been counted already: their rows were not locked.)
      expect(await countedVotes(cluster.db, a)).toEqual({ current_contest_votes: 0, total_votes: 0 });
      expect(await contestTotal(cluster.db, contest.contestId)).toBeLessThan(WAVE1 + WAVE2);
    } finally {
      await lock.query('ROLLBACK');
      lock.release();
    }

    // A fresh worker takes the rest, including the jobs the dead one held (after their locks expire).
    await cluster.startWorker();
    await eventually('the queue to drain', pending, (p) => p.votes.length === 0, 150_000);
    expect((await pending()).failed).toBe(0);
    expect(await contestTotal(cluster.db, contest.contestId)).toBe(WAVE1 + WAVE2);

    for (const c of contest.contestants) {
      const accepted = results.filter((r) => r.username === c.username).length;
      expect(await countedVotes(cluster.db, c)).toEqual({ current_contest_votes: accepted, total_votes: accepted });
    }
    const ledger = await ledgerVoteIds(cluster.db);
    expect(ledger.length).toBe(WAVE1 + WAVE2);
    expect(new Set(ledger)).toEqual(new Set(results.map((r) => r.voteId)));
  }, 300_000);
});
