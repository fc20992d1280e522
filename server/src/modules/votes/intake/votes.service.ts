import { Metrics } from '#server/infra/metrics/metrics.js';
import { randomUUID } from 'node:crypto';
import { HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import type { ClosedEntryReason } from '#contract/payments/messages.js';
import { VOTE_CHALLENGE_MESSAGES, VOTE_MESSAGES, VOTE_SERVER_MESSAGES } from '#contract/votes/messages.js';
import type { VoteCheckResponse, VoteResponse } from '#contract/votes/answers.js';
import { hasEnded } from '#server/common/contest-time.js';
import { detailError } from '#server/common/errors.js';
import { MicroBatcher } from '#server/common/micro-batcher.js';
import { isOutage } from '#server/infra/queue/outage-errors.js';
import { JobQueue } from '#server/infra/queue/jobs.js';
import type { CreditedCounts, OpenEntry, PaidCredit } from './paid-votes.types.js';
import type { AcceptedVote } from './vote-job.types.js';
import { COUNT_VOTES } from './vote-jobs.js';
import { FREE_VOTE_WINDOW_SECONDS, VoteLimiter, type VoteClaim } from './vote-limiter.js';
import { VoteChallenges, type ChallengeCheck } from '../review/vote-challenges.js';
import { voteRefusal } from './vote-rules.js';
import { VoteTargets } from './vote-targets.js';
import { VoterKeys } from './voter-keys.js';
import { VotesRepository, type VoteTarget } from './votes.repository.js';

/** Most votes one job carries (a job's payload stays well under 200 kB). */
export const VOTES_PER_JOB = 500;

/**
 * Under a stream of votes an api process stores at most one job per this many ms: at 2,500 votes/s
 * a job carries about 25 votes instead of a handful, which saves the queue, the limiter and the
 * worker a round trip per handful, for at most this much more time before a vote is answered.
 */
export const INTAKE_SPACING_MS = 10;

/** A vote on its way in: its claim of the voter's slots, and what its job records. */
interface Ballot {
  claim: VoteClaim;
  vote: AcceptedVote;
}

/** The free vote (docs/product.md#free-votes): the checks, the 24-hour claim and the stored job; count-votes.handler.ts counts it (decision 008). */
@Injectable()
export class VotesService {
  private readonly logger = new Logger('Votes');
  /**
   * Votes cast at the same time are claimed together and the winners travel in one job, named after
   * its first vote (every vote is in exactly one job, so the name is unique, and a repeated add of the
   * same job is a no-op). A voter holds their slot only if the job was stored (VoteLimiter.claim).
   */
  private readonly intake = new MicroBatcher<Ballot, boolean>((ballots) => this.admit(ballots), { maxSize: VOTES_PER_JOB, spacingMs: INTAKE_SPACING_MS });

  constructor(
    private readonly targets: VoteTargets,
    private readonly voters: VoterKeys,
    private readonly limiter: VoteLimiter,
    private readonly queue: JobQueue,
    private readonly ledger: VotesRepository,
    private readonly challenges: VoteChallenges,
    private readonly metrics: Metrics,
  ) {}

  /**
   * Paid votes: the contestant's entry, refused (404/400) exactly as a free vote would be:
   * no contest running, not started, ended, not in it, or eliminated.
   */
  async openEntry(username: string): Promise<OpenEntry> {
    const target = await this.target(username);
    const refusal = voteRefusal(target);
    if (refusal) throw detailError(HttpStatus.BAD_REQUEST, refusal);
    return { profileId: target.profileId, username: target.username, contestId: target.contest!.id, entryId: target.entry!.id, groupId: target.entry!.groupId };
  }

  /** The username of a profile (the vote page names contestants by profile id), or null. */
  usernameOfProfile(profileId: number): Promise<string | null> {
    return this.ledger.usernameOfProfile(profileId);
  }

  /**
   * Why paid votes bought earlier must not be credited to this entry now, or null: it was
   * eliminated, its contest has ended, or it is gone. With `lock` (in the caller's transaction, before
   * creditPaid) the entry stays locked until the transaction ends, so an elimination or a contest
   * change waits for the credit rather than slipping in between.
   */
  async paidVotesClosed(entryId: number, { lock = false }: { lock?: boolean } = {}): Promise<ClosedEntryReason | null> {
    const entry = await this.ledger.entryStanding(entryId, lock);
    if (!entry) return 'gone';
    if (entry.isEliminated) return 'eliminated';
    if (hasEnded(entry)) return 'ended';
    return null;
  }

  /**
   * A paid payment's votes into the ledger and the counters, in the caller's transaction (the
   * payments module's credit handler): entry and profile locked in the order every counting batch
   * uses, one ledger row keyed by the payment id, then the counts. null: already credited, or the
   * entry is gone.
   */
  async creditPaid(credit: PaidCredit): Promise<CreditedCounts | null> {
    const profileId = await this.ledger.entryProfile(credit.entryId);
    if (profileId === null) return null;
    await this.ledger.lockInIdOrder([credit.entryId], [profileId]);
    if (!(await this.ledger.recordPaid(credit))) return null;
    if (credit.votes > 0) this.metrics.voteAccepted('paid', credit.votes);
    const [counts] = await this.ledger.entryCounts([credit.entryId]);
    return counts ?? null;
  }

  /**
   * A refunded or lost-disputed payment's votes back out, in the caller's transaction: a paid ledger
   * row of the opposite sign (its own id) and the counters lowered. The caller's state change
   * (credited → refunded) makes it happen once. null when the entry is gone.
   */
  async reversePaid(credit: PaidCredit): Promise<CreditedCounts | null> {
    return this.creditPaid({ ...credit, paymentId: randomUUID(), votes: -credit.votes, reverses: credit.paymentId });
  }

  /**
   * Checks the contest, the entry and (when asked for) the solved challenge, claims the voter's
   * 24-hour slot, and answers "counted" only once the vote's job is durably stored. If it cannot be stored, the voter holds no slot (503), so
   * they may simply try again; if an outage hid whether it was stored, the slot is held until that is known (VoteLimiter.claim).
   */
  async cast(username: string, address: string, userId: number | null, altcha?: string): Promise<VoteResponse> {
    try {
      const answer = await this.castFree(username, address, userId, altcha);
      this.metrics.voteAccepted('free');
      return answer;
    } catch (err) {
      this.metrics.voteRefused(err instanceof HttpException ? err.getStatus() : HttpStatus.SERVICE_UNAVAILABLE);
      throw err;
    }
  }

  private async castFree(username: string, address: string, userId: number | null, altcha?: string): Promise<VoteResponse> {
    const target = await this.target(username);
    const refusal = voteRefusal(target);
    if (refusal) throw detailError(HttpStatus.BAD_REQUEST, refusal);
    // With VOTE_IDENTITY=account a free vote is an account's: a signed-out voter is asked to sign in.
    if (userId === null && this.voters.accountRequired) throw detailError(HttpStatus.UNAUTHORIZED, VOTE_MESSAGES.signInToVoteDetail);
    const entry = target.entry!;
    const contest = target.contest!;
    const voter = this.voters.voter(address, userId);

    // The proof-of-work, when the contest or the site asks for it: checked and spent before the slot is claimed.
    let challenge: ChallengeCheck | null = null;
    if (await this.stored(() => this.challenges.required(target))) {
      challenge = await this.stored(() => this.challenges.check(altcha));
      if (challenge.result !== 'ok') {
        // A voter who already voted is told so, rather than sent to solve a puzzle for a refused vote.
        if (challenge.result === 'missing' && (await this.stored(() => this.limiter.holds(target.profileId, this.voters.keys(voter))))) {
          throw detailError(HttpStatus.FORBIDDEN, VOTE_MESSAGES.alreadyCasted);
        }
        throw detailError(
          HttpStatus.PRECONDITION_REQUIRED,
          challenge.result === 'missing' ? VOTE_CHALLENGE_MESSAGES.required : VOTE_CHALLENGE_MESSAGES.invalid,
        );
      }
    }

    const voteId = randomUUID();
    const ballot: Ballot = {
      claim: { profileId: target.profileId, voterKeys: this.voters.keys(voter), voteId },
      vote: {
        voteId,
        profileId: target.profileId,
        entryId: entry.id,
        contestId: contest.id,
        groupId: entry.groupId,
        username: target.username,
        voterHash: voter.addressHash,
        networkHash: voter.networkHash,
        blockHash: voter.blockHash,
        userId,
        kind: 'free',
        castAt: new Date().toISOString(),
      },
    };
    let won: boolean;
    try {
      won = await this.intake.add(ballot);
    } catch (err) {
      // An outage is logged once by the connections that see it, not once per vote.
      if (!isOutage(err)) this.logger.error(`Vote ${voteId} could not be stored: ${(err as Error).message}`);
      // Nothing is used up by a vote that was not stored: its challenge counts again too. After an
      // outage the vote may have been stored (its answer lost), so the challenge stays spent.
      if (challenge?.result === 'ok' && !isOutage(err)) await challenge.giveBack().catch(() => undefined);
      // An unreachable database or Redis answers as it does on every route (503 with Retry-After).
      if (isOutage(err)) throw err;
      throw detailError(HttpStatus.SERVICE_UNAVAILABLE, VOTE_SERVER_MESSAGES.unavailable);
    }
    if (!won) throw detailError(HttpStatus.FORBIDDEN, VOTE_MESSAGES.alreadyCasted);
    // The slot was claimed for the window before this answer, so it frees no later than a window from now.
    const nextVoteAt = new Date(Date.now() + FREE_VOTE_WINDOW_SECONDS * 1000).toISOString();
    return { message: VOTE_MESSAGES.counted, vote_id: voteId, next_vote_at: nextVoteAt };
  }

  /** A read or write of the challenge's stores; when they fail, the vote answers as an unstored vote does (503), never 500. */
  private async stored<T>(step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (err) {
      if (isOutage(err)) throw err;
      this.logger.error(`A vote's challenge could not be checked: ${(err as Error).message}`);
      throw detailError(HttpStatus.SERVICE_UNAVAILABLE, VOTE_SERVER_MESSAGES.unavailable);
    }
  }

  /** One batch: the slots claimed and the winners' job stored, together (or neither). */
  private admit(ballots: Ballot[]): Promise<boolean[]> {
    const votes = new Map(ballots.map((b) => [b.claim.voteId, b.vote]));
    const accepted = (won: VoteClaim[]) => won.map((c) => votes.get(c.voteId)!);
    const jobId = (won: VoteClaim[]) => `votes:${won[0].voteId}`;
    return this.limiter.claim(
      ballots.map((b) => b.claim),
      FREE_VOTE_WINDOW_SECONDS,
      async (won) => {
        // In the limiter's transaction in one-process mode, so the claims and the job commit together.
        await this.queue.add(COUNT_VOTES, { votes: accepted(won) }, { jobId: jobId(won), inTransaction: true });
      },
      (won) => this.wasStored(jobId(won), won),
    );
  }

  /**
   * Whether a job whose add failed with an outage was stored after all: it still exists (asked on the
   * queue's connection, behind the add), or it already ran and its votes are in the ledger (a done job
   * is removed only after its votes are committed, so asking in this order misses neither).
   */
  private async wasStored(jobId: string, won: VoteClaim[]): Promise<boolean> {
    if (await this.queue.exists(COUNT_VOTES, jobId)) return true;
    return this.ledger.anyRecorded(won.map((c) => c.voteId));
  }

  /** GET .../vote-check: whether this voter (address, or the signed-in user) holds the contestant's slot. */
  async check(username: string, address: string, userId: number | null): Promise<VoteCheckResponse> {
    const target = await this.target(username);
    const keys = this.voters.keys(this.voters.voter(address, userId));
    const until = await this.limiter.heldUntil(target.profileId, keys);
    return { hasVoted: until !== null, next_vote_at: until?.toISOString() ?? null, refusal: voteRefusal(target) };
  }

  private async target(username: string): Promise<VoteTarget> {
    const target = await this.targets.find(username);
    if (!target) throw detailError(HttpStatus.NOT_FOUND, VOTE_MESSAGES.contestantNotFound);
    return target;
  }
}
