import { createHmac } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge, Payload } from 'altcha-lib/types';
import { VOTE_CHALLENGE_MESSAGES } from '#contract/votes/messages.js';
import type { VoteChallengeMode } from '#contract/votes/constants.js';
import { throttleKey } from '#server/common/throttle-keys.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { TtlCache } from '#server/common/ttl-cache.js';
import { RateLimiter } from '#server/infra/rate-limit/rate-limiter.js';
import { VoteReviewRepository } from './vote-review.repository.js';
import { voterNetwork } from '../intake/voter-keys.js';
import type { VoteTarget } from '../intake/votes.repository.js';

/** A challenge must be solved and used within this long. */
export const CHALLENGE_TTL_SECONDS = 600;
/**
 * Challenges one network may be issued per minute: a network casts at most one free vote per
 * contestant a day, so this is far above what its voters need, and it keeps a flood of requests from
 * turning the endpoint into free signing work.
 */
export const CHALLENGES_PER_NETWORK_PER_MINUTE = 30;
const CHALLENGE_WINDOW_SECONDS = 60;

/** 429 with the seconds to wait; the controller copies them into Retry-After. */
export class TooManyChallenges extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ detail: VOTE_CHALLENGE_MESSAGES.tooMany }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** The flagged entries are read again after this long. */
const FLAGGED_CACHE_MS = 5000;

/** A vote's challenge as checked: accepted (and spent: `giveBack` unspends it when the vote is not stored), missing or invalid. */
export type ChallengeCheck = { result: 'ok'; giveBack: () => Promise<void> } | { result: 'missing' | 'invalid' };

/**
 * The optional proof-of-work on free votes (ALTCHA, self-hosted: no third party, no cookie). The
 * server issues a signed challenge (`altcha-lib`, SHA-256, deterministic mode: the answer is a
 * counter the server picked, so checking it costs two HMACs, not the search); the browser searches
 * for the counter; the vote carries the solution, which is accepted once. The secrets are derived
 * from VOTER_HASH_KEY, so every process of a scaled site issues and accepts the same challenges.
 */
@Injectable()
export class VoteChallenges {
  private secrets: { signature: string; key: string } | null = null;
  private readonly flagged = new TtlCache<number, Set<number>>(FLAGGED_CACHE_MS, 4);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
    private readonly reviews: VoteReviewRepository,
  ) {}

  /** Derived on first use: main.ts fills VOTER_HASH_KEY in (generated in one-process mode) before any request. */
  private get keys(): { signature: string; key: string } {
    const key = this.config.VOTER_HASH_KEY;
    if (!key) throw new Error('VOTER_HASH_KEY is not set');
    const derive = (purpose: string) => createHmac('sha256', key).update(`vote-challenge:${purpose}`).digest('hex');
    return (this.secrets ??= { signature: derive('signature'), key: derive('key') });
  }

  /**
   * GET /votes/challenge: a new challenge, valid for CHALLENGE_TTL_SECONDS, at most
   * CHALLENGES_PER_NETWORK_PER_MINUTE for the client's network (the free-vote limit's network, counted
   * under a keyed hash, never the address).
   */
  async issue(clientAddress: string): Promise<Challenge> {
    const network = voterNetwork(clientAddress, this.config.VOTE_IPV6_PREFIX, this.config.VOTE_IPV4_PREFIX);
    const { hits, retryAfter } = await this.limiter.hit(throttleKey(this.keys.key, 'challenge-net', network), CHALLENGE_WINDOW_SECONDS);
    if (hits > CHALLENGES_PER_NETWORK_PER_MINUTE) throw new TooManyChallenges(Math.max(1, retryAfter));
    const max = this.config.VOTE_CHALLENGE_MAX_NUMBER;
    return createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      // altcha-lib's randomInt takes the maximum first.
      counter: randomInt(max, Math.floor(max / 2)),
      deriveKey,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
      hmacSignatureSecret: this.keys.signature,
      hmacKeySignatureSecret: this.keys.key,
    });
  }

  /** Whether a free vote for this target must carry a solved challenge: the contest's rule, else the site's. */
  async required(target: VoteTarget): Promise<boolean> {
    const mode: VoteChallengeMode = target.contest?.voteChallenge ?? this.config.VOTE_CHALLENGE;
    if (mode === 'off' || !target.contest || !target.entry) return false;
    if (mode === 'always') return true;
    // Flagged: only while the review's latest scorings still flag the entry.
    const contestId = target.contest.id;
    const activeAfter = () => new Date(Date.now() - 2.5 * this.config.voteReviewIntervalSeconds * 1000);
    const flagged = await this.flagged.get(contestId, async () => new Set(await this.reviews.flaggedEntries(contestId, activeAfter())));
    return flagged.has(target.entry.id);
  }

  /** Checks a vote's `altcha` (base64 JSON of {challenge, solution}) and spends it: a solution counts once. */
  async check(altcha: string | undefined): Promise<ChallengeCheck> {
    const invalid = { result: 'invalid' } as const;
    if (!altcha) return { result: 'missing' };
    let payload: Payload;
    try {
      payload = JSON.parse(Buffer.from(altcha, 'base64').toString('utf8')) as Payload;
    } catch {
      return invalid;
    }
    if (!payload?.challenge?.parameters || typeof payload.challenge.signature !== 'string' || !payload.solution) return invalid;
    // Only our own kind of challenge: the algorithm and cost are part of what was signed, but an
    // unsigned variation must never reach a key derivation of another cost.
    if (payload.challenge.parameters.algorithm !== 'SHA-256' || payload.challenge.parameters.cost !== 1) return invalid;
    let verified: boolean;
    try {
      ({ verified } = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.keys.signature,
        hmacKeySignatureSecret: this.keys.key,
      }));
    } catch {
      return invalid;
    }
    if (!verified) return invalid;
    // Spent on first use: a second vote with the same solution is refused for the challenge's life.
    const key = `vote-challenge:${payload.challenge.signature}`;
    const { hits } = await this.limiter.hit(key, CHALLENGE_TTL_SECONDS);
    if (hits !== 1) return invalid;
    return { result: 'ok', giveBack: () => this.limiter.release(key, CHALLENGE_TTL_SECONDS) };
  }
}
