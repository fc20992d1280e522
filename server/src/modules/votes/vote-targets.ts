import { Injectable } from '@nestjs/common';
import { TtlCache } from '../../common/ttl-cache.js';
import { VotesRepository, type VoteTarget } from './votes.repository.js';

/**
 * Every vote starts with this lookup, so it is kept briefly: an admin's change (a new current
 * contest, new dates, an elimination) reaches the vote call within this time.
 */
export const VOTE_TARGET_CACHE_MS = 1_000;

@Injectable()
export class VoteTargets {
  private readonly cache = new TtlCache<string, VoteTarget | null>(VOTE_TARGET_CACHE_MS);

  constructor(private readonly votes: VotesRepository) {}

  /** null: no contestant profile by that name. */
  find(username: string): Promise<VoteTarget | null> {
    const key = username.toLowerCase();
    return this.cache.get(key, () => this.votes.findTarget(key));
  }
}
