import { Metrics } from '#server/infra/metrics/metrics.js';
import { describe, expect, it } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import { VOTE_MESSAGES, VOTE_SERVER_MESSAGES } from '#contract/votes/messages.js';
import type { AppConfig } from '#server/config/config.js';
import type { JobQueue } from '#server/infra/queue/jobs.js';
import type { VoteClaim, VoteLimiter } from './vote-limiter.js';
import type { VoteTargets } from './vote-targets.js';
import { VoterKeys } from './voter-keys.js';
import type { VotesRepository, VoteTarget } from './votes.repository.js';
import { VotesService } from './votes.service.js';
import { isOutage } from '#server/infra/queue/outage-errors.js';
import type { VoteChallenges } from '../review/vote-challenges.js';

const target: VoteTarget = {
  profileId: 5,
  username: 'mara',
  contest: { id: 1, startDate: new Date(Date.now() - 3600_000), endDate: null, voteChallenge: null },
  entry: { id: 9, groupId: 2, isEliminated: false },
};

interface Options {
  claim?: boolean;
  queueFails?: Error;
  claimFails?: Error;
  /** Whether the queue still holds the job (asked after a store failed with an outage). */
  jobExists?: boolean;
  /** Whether the ledger holds any of the votes. */
  recorded?: boolean;
  /** The vote must carry a solved challenge (always accepted here). */
  challenge?: boolean;
  /** VOTE_IDENTITY; `network` by default. */
  identity?: AppConfig['VOTE_IDENTITY'];
}

function service(options: Options) {
  const log: string[] = [];
  // A limiter that claims as told and, like both adapters, holds nothing for winners whose store
  // failed, unless the store's outage hid its outcome: then it asks `stored` (here at once).
  const limiter = {
    claim: async (
      claims: readonly VoteClaim[],
      _window: number,
      store: (won: VoteClaim[]) => Promise<void>,
      stored?: (won: VoteClaim[]) => Promise<boolean>,
    ) => {
      if (options.claimFails) throw options.claimFails;
      log.push(...claims.map((c) => `claim ${c.voterKeys.length} ${c.voteId}`));
      const won = claims.filter(() => options.claim ?? true);
      if (won.length) {
        try {
          await store(won);
        } catch (err) {
          const kept = isOutage(err) && stored ? await stored(won) : false;
          log.push(...won.map((c) => `${kept ? 'kept' : 'released'} ${c.voteId}`));
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
      if (options.queueFails) throw options.queueFails;
    },
    exists: async (job: { name: string }, jobId: string) => {
      log.push(`exists ${job.name} ${jobId}`);
      return options.jobExists ?? false;
    },
  } as unknown as JobQueue;
  const ledger = {
    anyRecorded: async (voteIds: string[]) => {
      log.push(`recorded? ${voteIds.join(' ')}`);
      return options.recorded ?? false;
    },
  } as unknown as VotesRepository;
  const targets = { find: async () => target } as unknown as VoteTargets;
  const voters = new VoterKeys({ VOTER_HASH_KEY: 'k'.repeat(32), VOTE_IDENTITY: options.identity ?? 'network' } as AppConfig);
  // No challenge asked for: the site's default.
  const challenges = {
    required: async () => options.challenge ?? false,
    check: async () => ({ result: 'ok', giveBack: async () => void log.push('challenge given back') }),
  } as unknown as VoteChallenges;
  return { votes: new VotesService(targets, voters, limiter, queue, ledger, challenges, new Metrics()), log };
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

  it('should ask a signed-out voter to sign in when free votes are by account (401), claiming nothing; a signed-in one claims network and account', async () => {
    const { votes, log } = service({ identity: 'account' });
    expect(await failure(votes.cast('mara', '203.0.113.7', null))).toEqual({ status: 401, body: { detail: VOTE_MESSAGES.signInToVoteDetail } });
    expect(log).toEqual([]);
    const answer = await votes.cast('mara', '203.0.113.7', 12);
    expect(log[0]).toBe(`claim 2 ${answer.vote_id}`);
  });

  it('should claim the account alone for a signed-in voter, and the network for a signed-out one, when free votes are by either', async () => {
    const { votes, log } = service({ identity: 'either' });
    const signedIn = await votes.cast('mara', '203.0.113.7', 12);
    const signedOut = await votes.cast('mara', '203.0.113.8', null);
    expect(log.filter((l) => l.startsWith('claim'))).toEqual([`claim 1 ${signedIn.vote_id}`, `claim 1 ${signedOut.vote_id}`]);
  });

  it('should refuse a voter whose slot is taken with 403, queueing nothing', async () => {
    const { votes, log } = service({ claim: false });
    expect(await failure(votes.cast('mara', '203.0.113.7', null))).toEqual({ status: 403, body: { detail: VOTE_MESSAGES.alreadyCasted } });
    expect(log.filter((l) => l.startsWith('add'))).toEqual([]);
  });

  it('should answer 503 to every vote of a job that could not be stored, none keeping its slot', async () => {
    const { votes, log } = service({ queueFails: new Error('BullMQ refused the job') });
    const failures = await Promise.all(['203.0.113.7', '203.0.113.8'].map((a) => failure(votes.cast('mara', a, null))));
    expect(failures).toEqual([
      { status: 503, body: { detail: VOTE_SERVER_MESSAGES.unavailable } },
      { status: 503, body: { detail: VOTE_SERVER_MESSAGES.unavailable } },
    ]);
    const claimed = log.filter((l) => l.startsWith('claim')).map((l) => l.split(' ')[2]);
    expect(log.filter((l) => l.startsWith('released')).sort()).toEqual(claimed.map((id) => `released ${id}`).sort());
  });

  it('should keep the slots of a job an outage cut off while the queue still holds it, asking nothing more', async () => {
    const gone = new Error('Connection is closed.');
    const { votes, log } = service({ queueFails: gone, jobExists: true });
    await expect(votes.cast('mara', '203.0.113.7', null)).rejects.toBe(gone);
    const [id] = log[0].split(' ').slice(2);
    expect(log.slice(1)).toEqual([`add count-votes votes:${id} [${id}] in the transaction`, `exists count-votes votes:${id}`, `kept ${id}`]);
  });

  it('should ask the ledger when the job is gone (it may have run), keeping the slots if its votes are there and freeing them if not', async () => {
    const gone = new Error('Connection is closed.');
    for (const recorded of [true, false]) {
      const { votes, log } = service({ queueFails: gone, jobExists: false, recorded });
      const answers = await Promise.allSettled(['203.0.113.7', '203.0.113.8'].map((a) => votes.cast('mara', a, null)));
      expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
      const ids = log.filter((l) => l.startsWith('claim')).map((l) => l.split(' ')[2]);
      expect(log.filter((l) => !l.startsWith('claim') && !l.startsWith('add'))).toEqual([
        `exists count-votes votes:${ids[0]}`,
        `recorded? ${ids.join(' ')}`,
        ...ids.map((id) => `${recorded ? 'kept' : 'released'} ${id}`),
      ]);
    }
  });

  it('should give a solved challenge back when the job was refused, and keep it spent when an outage hid whether it was stored', async () => {
    const refused = service({ queueFails: new Error('BullMQ refused the job'), challenge: true });
    await failure(refused.votes.cast('mara', '203.0.113.7', null, 'solved'));
    expect(refused.log).toContain('challenge given back');

    const cutOff = service({ queueFails: new Error('Connection is closed.'), challenge: true });
    await expect(cutOff.votes.cast('mara', '203.0.113.7', null, 'solved')).rejects.toThrow('Connection is closed.');
    expect(cutOff.log).not.toContain('challenge given back');
  });

  it('should let an unreachable database answer as on every route (the 503 of the exception filter)', async () => {
    const gone = Object.assign(new Error('the database system is shutting down'), { code: '57P01' });
    const { votes } = service({ claimFails: gone });
    await expect(votes.cast('mara', '203.0.113.7', null)).rejects.toBe(gone);
  });
});
