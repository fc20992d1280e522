// A contestant's votes over time in the current contest: public, so anyone can see how a total grew.
import { z } from 'zod';

export const VOTE_HISTORY_BUCKETS = ['hour', 'day'] as const;
export type VoteHistoryBucket = (typeof VOTE_HISTORY_BUCKETS)[number];

/** The most points one answer holds: hours cover the last 7 days, days the last 366. */
export const VOTE_HISTORY_LIMITS = { hour: 168, day: 366 } as const satisfies Record<VoteHistoryBucket, number>;

/** One bucket: its start (ISO-8601, UTC) and the votes cast in it, by kind. */
export interface VotesOverTimePoint {
  start: string;
  /** Free votes counted (voided ones left out). */
  free: number;
  /** Paid votes credited, less any refunded in the same bucket. */
  paid: number;
  /** Free votes removed by review. */
  voided: number;
}

/** GET /contestants/{username}/votes-over-time?bucket= */
export interface VotesOverTime {
  bucket: VoteHistoryBucket;
  /** Every bucket from the contest's start (or the limit's reach) to now, oldest first, empty ones as zeros; none without an entry in the current contest. */
  points: VotesOverTimePoint[];
}

export const votesOverTimeQuerySchema = z.object({
  bucket: z.enum(VOTE_HISTORY_BUCKETS, { error: `bucket must be one of ${VOTE_HISTORY_BUCKETS.join(', ')}` }).default('day'),
});
export type VotesOverTimeQuery = z.infer<typeof votesOverTimeQuerySchema>;

/** One contestant of a group and their votes over time. */
export interface ContestantVoteSeries {
  entry_id: number;
  username: string;
  /** First and last name, as the admin's lists show them. */
  display_name: string;
  points: VotesOverTimePoint[];
}

/** A group's chart compares at most this many contestants: those with the most votes. */
export const GROUP_VOTE_SERIES_MAX = 50;

/** GET /admin/groups/{groupId}/votes-over-time?bucket= (superuser only) */
export interface GroupVotesOverTime {
  bucket: VoteHistoryBucket;
  /**
   * The group's contestants (eliminated ones too), most votes first, at most GROUP_VOTE_SERIES_MAX,
   * each over the same buckets: from the start of the group's contest (or the limit's reach) to now.
   */
  series: ContestantVoteSeries[];
}
