import { Metrics } from '#server/infra/metrics/metrics.js';
import { describe, expect, it } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import { VOTE_MESSAGES, VOTE_SERVER_MESSAGES } from '#contract/votes.js';
import type { AppConfig } from '#server/config/config.js';
import type { JobQueue } from '#server/infra/queue/jobs.js';
import type { VoteClaim, VoteLimiter } from './vote-limiter.js';
import type { VoteTargets } from './vote-targets.js';
import { VoterKeys } from './voter-keys.js';
import type { VotesRepository, VoteTarget } from './votes.repository.js';
import { VotesService } from './votes.service.js';
import type { VoteChallenges } from './vote-challenges.js';

const target: VoteTarget = {
  profileId: 5,
  username: 'mara',
  contest: { id: 1, startDate: new Date(Date.now() - 3600_000), endDate: null, voteChallenge: null },
  entry: { id: 9, groupId: 2, isEliminated: false },
};

function service(options: { claim?: boolean; queueFails?: boolean; claimFails?: Error }) {
  const log: string[] = [];
  // A limiter that claims as told and, like both adapters, holds nothing for winners whose store failed.
  const limiter = {
    claim: async (claims: readonly VoteClaim[], _window: number, store: (won: VoteClaim[]) => Promise<void>) => {
      if (options.claimFails) throw options.claimFails;
      log.push(...claims.map((c) => `claim ${c.voterKeys.length} ${c.voteId}`));
      const won = claims.filter(() => options.claim ?? true);
      if (won.length) {
        try {
          await store(won);
        } catch (err) {
          log.push(...won.map((c) => `released ${c.voteId}`));
          throw err;
        }
      }
      return claims.map(() => options.claim ?? true);
    },
    holds: async () => false,
    heldUntil: async () => null,
  } as VoteLimiter;
  const queue = {
    add: async (job: { name: string }, payload: { votes: { voteId: string }[] }, o?: { jobId?: string; inTransaction?: boolean }) => {
      log.push(`add ${job.name} ${o?.jobId} [${payload.votes.map((v) => v.voteId).join(' ')}]${o?.inTransaction ? ' in the transaction' : ''}`);
      if (options.queueFails) throw new Error('Redis is down');
    },
  } as unknown as JobQueue;
  const targets = { find: async () => target } as unknown as VoteTargets;
  const voters = new VoterKeys({ VOTER_HASH_KEY: 'k'.repeat(32) } as AppConfig);
  // No challenge asked for: the site's default.
  const challenges = { required: async () => false } as unknown as VoteChallenges;
  return { votes: new VotesService(targets, voters, limiter, queue, {} as VotesRepository, challenges, new Metrics()), log };
}

const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpException);
  return { status: (err as HttpException).getStatus(), body: (err as HttpException).getResponse() };
};

describe(VotesService.name, () => {
  it("should queue the vote in a job named after it, in the claim's transaction, and answer counted only after the queue took it", async () => {
    const { votes, log } = service({});
    const answer = await votes.cast('mara', '203.0.113.7', 12);
    expect(answer.message).toBe(VOTE_MESSAGES.counted);
    expect(log).toEqual([`claim 2 ${answer.vote_id}`, `add count-votes votes:${answer.vote_id} [${answer.vote_id}] in the transaction`]);
  });

  it('should claim votes cast at the same time together and carry them in one job, named after its first vote', async () => {
    const { votes, log } = service({});
    const answers = await Promise.all(['203.0.113.7', '203.0.113.8', '203.0.113.9'].map((a) => votes.cast('mara', a, null)));
    const ids = answers.map((a) => a.vote_id);
    expect(new Set(ids).size).toBe(3);
    expect(log).toEqual([...ids.map((id) => `claim 1 ${id}`), `add count-votes votes:${ids[0]} [${ids.join(' ')}] in the transaction`]);
  });

  it('should refuse a voter whose slot is taken with 403, queueing nothing', async () => {
    const { votes, log } = service({ claim: false });
    expect(await failure(votes.cast('mara', '203.0.113.7', null))).toEqual({ status: 403, body: { detail: VOTE_MESSAGES.alreadyCasted } });
    expect(log.filter((l) => l.startsWith('add'))).toEqual([]);
  });

  it('should answer 503 to every vote of a job that could not be stored, none keeping its slot', async () => {
    const { votes, log } = service({ queueFails: true });
    const failures = await Promise.all(['203.0.113.7', '203.0.113.8'].map((a) => failure(votes.cast('mara', a, null))));
    expect(failures).toEqual([
      { status: 503, body: { detail: VOTE_SERVER_MESSAGES.unavailable } },
      { status: 503, body: { detail: VOTE_SERVER_MESSAGES.unavailable } },
    ]);
    const claimed = log.filter((l) => l.startsWith('claim')).map((l) => l.split(' ')[2]);
    expect(log.filter((l) => l.startsWith('released')).sort()).toEqual(claimed.map((id) => `released ${id}`).sort());
  });

  it('should let an unreachable database answer as on every route (the 503 of the exception filter)', async () => {
    const gone = Object.assign(new Error('the database system is shutting down'), { code: '57P01' });
    const { votes } = service({ claimFails: gone });
    await expect(votes.cast('mara', '203.0.113.7', null)).rejects.toBe(gone);
  });
});
