import { HttpStatus, Injectable } from '@nestjs/common';
import { GROUP_ADMIN_MESSAGES } from '#contract/contests/messages.js';
import { GROUP_VOTE_SERIES_MAX, VOTE_HISTORY_LIMITS, type VoteHistoryBucket } from '#contract/votes/constants.js';
import type { GroupVotesOverTime, VotesOverTime } from '#contract/votes/answers.js';
import { PROFILE_MESSAGES } from '#contract/profiles/messages.js';
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

  /** 404 for no such group; every contestant of the group over the buckets of the group's contest (the admin's comparison). */
  async groupOverTime(groupId: number, bucket: VoteHistoryBucket): Promise<GroupVotesOverTime> {
    const target = await this.repo.groupTarget(groupId, GROUP_VOTE_SERIES_MAX);
    if (!target) throw detailError(HttpStatus.NOT_FOUND, GROUP_ADMIN_MESSAGES.groupNotFound);
    const points = await this.repo.seriesOf(
      target.entries.map((e) => e.entry_id),
      bucket,
      target.contestStart,
      VOTE_HISTORY_LIMITS[bucket],
    );
    return { bucket, series: target.entries.map((e) => ({ ...e, points: points.get(e.entry_id) ?? [] })) };
  }

  private async read(username: string, bucket: VoteHistoryBucket): Promise<VotesOverTime | null> {
    const target = await this.repo.target(username);
    if (!target) return null;
    if (target.entryId === null || target.contestStart === null) return { bucket, points: [] };
    return { bucket, points: await this.repo.series(target.entryId, bucket, target.contestStart, VOTE_HISTORY_LIMITS[bucket]) };
  }
}
