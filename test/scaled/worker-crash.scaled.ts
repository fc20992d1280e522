// A vote answered as counted is counted exactly once, through worker crashes and restarts
// (DESIGN.md Invariants; issue 4, Scaled mode proven on this machine).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Cluster } from './support/cluster.js';
import { contestTotal, countedVotes, seedContest, type SeededContest } from './support/contest-seed.js';
import { eventually } from '../helpers/source-address.js';
import { ledgerVoteIds } from './support/ledger.js';
import { castVotes, voterAddress } from './support/voters.js';

const VOTES = 1000;

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

  const pending = async () => {
    const c = await votesQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'failed');
    return { open: c.waiting + c.active + c.delayed + c.prioritized, failed: c.failed };
  };

  it('should count every accepted vote exactly once when workers die before and during processing', async () => {
    await cluster.kill(cluster.workers[0], 'SIGKILL');

    const plan = Array.from({ length: VOTES }, (_, i) => ({ username: contest.contestants[i % 4].username, voter: voterAddress(i) }));
    const results = await castVotes(cluster.apiUrl(0), plan, 48);
    expect(results.filter((r) => r.status !== 201)).toEqual([]);
    const acceptedIds = results.map((r) => r.voteId);
    expect(new Set(acceptedIds).size).toBe(VOTES);

    // Accepted means durably queued: with no worker alive, every vote waits in Redis and none is counted yet.
    expect(await contestTotal(cluster.db, contest.contestId)).toBe(0);
    expect((await pending()).open).toBe(VOTES);

    // A worker starts, and dies by SIGKILL in the middle of the backlog.
    const second = await cluster.startWorker();
    await eventually('the second worker to count some votes', () => contestTotal(cluster.db, contest.contestId), (n) => n >= 50, 60_000);
    await cluster.kill(second, 'SIGKILL');
    const countedAtKill = await contestTotal(cluster.db, contest.contestId);
    expect(countedAtKill).toBeLessThan(VOTES);

    // A fresh worker takes the rest, including the jobs the dead one held (after their locks expire).
    await cluster.startWorker();
    await eventually('the queue to drain', pending, (p) => p.open === 0, 150_000);
    expect((await pending()).failed).toBe(0);
    expect(await contestTotal(cluster.db, contest.contestId)).toBe(VOTES);

    for (const c of contest.contestants) {
      const accepted = results.filter((r) => r.username === c.username).length;
      expect(await countedVotes(cluster.db, c)).toEqual({ current_contest_votes: accepted, total_votes: accepted });
    }
    const ledger = await ledgerVoteIds(cluster.db);
    expect(ledger.length).toBe(VOTES);
    expect(new Set(ledger)).toEqual(new Set(acceptedIds));
  }, 300_000);
});
