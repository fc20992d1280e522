// A contestant's votes over time in the current contest: public, so anyone can see how a total grew.
import { z } from 'zod';
export type { ContestantVoteSeries, GroupVotesOverTime, VotesOverTime, VotesOverTimePoint } from './api-types.js';

export const VOTE_HISTORY_BUCKETS = ['hour', 'day'] as const;
export type VoteHistoryBucket = (typeof VOTE_HISTORY_BUCKETS)[number];

/** The most points one answer holds: hours cover the last 7 days, days the last 366. */
export const VOTE_HISTORY_LIMITS = { hour: 168, day: 366 } as const satisfies Record<VoteHistoryBucket, number>;

export const votesOverTimeQuerySchema = z.object({
  bucket: z.enum(VOTE_HISTORY_BUCKETS, { error: `bucket must be one of ${VOTE_HISTORY_BUCKETS.join(', ')}` }).default('day'),
});
export type VotesOverTimeQuery = z.infer<typeof votesOverTimeQuerySchema>;

/** A group's chart compares at most this many contestants: those with the most votes. */
export const GROUP_VOTE_SERIES_MAX = 50;
