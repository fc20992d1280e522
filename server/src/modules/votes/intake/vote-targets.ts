import { Injectable, type OnModuleInit } from '@nestjs/common';
import { TtlCache } from '#server/common/ttl-cache.js';
import { BusTopic, ProcessBus } from '#server/infra/events/process-bus.js';
import { VotesRepository, type VoteTarget } from './votes.repository.js';

/**
 * Every vote starts with this lookup, so it is kept briefly. A value that has just expired is
 * still answered (for up to VOTE_TARGET_STALE_MS more) while one lookup refreshes it, so votes for
 * a busy contestant never wait on the database. An admin's change (a new current contest, new
 * dates, an elimination, a contestant joining) empties the cache on every process as soon as it is
 * committed (BusTopic.ContestsChanged); the time limit only covers a signal lost with a connection.
 */
export const VOTE_TARGET_CACHE_MS = 1_000;
export const VOTE_TARGET_STALE_MS = 1_000;

@Injectable()
export class VoteTargets implements OnModuleInit {
  private readonly cache = new TtlCache<string, VoteTarget | null>(VOTE_TARGET_CACHE_MS, 10_000, Date.now, VOTE_TARGET_STALE_MS);

  constructor(
    private readonly votes: VotesRepository,
    private readonly bus: ProcessBus,
  ) {}

  onModuleInit(): void {
    this.bus.subscribe(BusTopic.ContestsChanged, () => this.cache.clear());
  }

  /** null: no contestant profile by that name. */
  find(username: string): Promise<VoteTarget | null> {
    const key = username.toLowerCase();
    return this.cache.get(key, () => this.votes.findTarget(key));
  }
}
