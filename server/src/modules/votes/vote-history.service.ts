import { HttpStatus, Injectable } from '@nestjs/common';
import { VOTE_HISTORY_LIMITS, type VoteHistoryBucket, type VotesOverTime } from '#contract/vote-history-schemas.js';
import { PROFILE_MESSAGES } from '#contract/votes.js';
import { detailError } from '#server/common/errors.js';
import { TtlCache } from '#server/common/ttl-cache.js';
import { VoteHistoryRepository } from './vote-history.repository.js';

/** A series is read at most this often per contestant and bucket; live pushes carry what happens in between. */
export const VOTE_HISTORY_CACHE_MS = 5_000;

/** A contestant's votes over time in the current contest, for anyone to see. */
@Injectable()
export class VoteHistoryService {
  private readonly cache = new TtlCache<string, VotesOverTime | null>(VOTE_HISTORY_CACHE_MS, 2_000);

  constructor(private readonly repo: VoteHistoryRepository) {}

  /** 404 for no such public profile; no points without an entry in the current contest. */
  async overTime(username: string, bucket: VoteHistoryBucket): Promise<VotesOverTime> {
    const series = await this.cache.get(`${bucket}:${username.toLowerCase()}`, () => this.read(username, bucket));
    if (!series) throw detailError(HttpStatus.NOT_FOUND, PROFILE_MESSAGES.notFound);
    return series;
  }

  private async read(username: string, bucket: VoteHistoryBucket): Promise<VotesOverTime | null> {
    const target = await this.repo.target(username);
    if (!target) return null;
    if (target.entryId === null || target.contestStart === null) return { bucket, points: [] };
    return { bucket, points: await this.repo.series(target.entryId, bucket, target.contestStart, VOTE_HISTORY_LIMITS[bucket]) };
  }
}
