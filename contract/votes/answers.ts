// Votes: the free vote's answers, the leaderboards, the votes over time, the review of suspicious votes
// (the admin's, and the voids a contestant is told of), and the API document's example leaderboard.
import { z } from 'zod';
import { count, id, named, timestamp } from '../common/answers.js';
import { contestEntryItemShape } from '../contests/answers.js';
import { VOTE_FLAG_KINDS, VOTE_HISTORY_BUCKETS } from './constants.js';

/** A void as the contestant and the admins see it. */
export const voteReviewNoticeSchema = named(
  'VoteReviewNotice',
  z.object({
    /** When the votes were removed (ISO-8601 UTC). */
    at: timestamp,
    removed: count,
    reason: z.string(),
  }),
);
export type VoteReviewNotice = z.infer<typeof voteReviewNoticeSchema>;

/** POST /contestants/{username}/vote: answered once the vote is durably queued. */
export const voteResponseSchema = named(
  'VoteResponse',
  z.object({
    message: z.string(),
    vote_id: z.string(),
    /** When this voter's next free vote for the contestant is allowed (ISO-8601 UTC): 24 hours after this one. */
    next_vote_at: timestamp,
  }),
);
export type VoteResponse = z.infer<typeof voteResponseSchema>;

export const voteCheckResponseSchema = named(
  'VoteCheckResponse',
  z.object({
    hasVoted: z.boolean(),
    /** While hasVoted: when this voter's slot frees and the next free vote is allowed (ISO-8601 UTC); null otherwise. */
    next_vote_at: timestamp.nullable(),
    /** Why a free vote for the contestant would be refused now whoever votes (not in the current contest, not started, ended, eliminated); null when votes are open. */
    refusal: z.string().nullable(),
  }),
);
export type VoteCheckResponse = z.infer<typeof voteCheckResponseSchema>;

/** GET /votes/challenge: an ALTCHA challenge to solve before a free vote answered 428 is sent again. */
export const voteChallengeSchema = named(
  'VoteChallenge',
  z.object({ parameters: z.record(z.string(), z.unknown()), signature: z.string().optional() }).loose(),
);

/** A leaderboard card: an entry with its rank (ties share a rank: 1, 1, 3) and its group. */
export const leaderboardItemSchema = named(
  'LeaderboardItem',
  z.object({
    ...contestEntryItemShape,
    group_id: id,
    group_number: z.int(),
    /** Of current_contest_votes, the free ones and the paid ones (free_votes + paid_votes = current_contest_votes). */
    free_votes: z.int(),
    paid_votes: z.int(),
  }),
);
export type LeaderboardItem = z.infer<typeof leaderboardItemSchema>;

/** GET /groups/all-contestants: 'Group {n}' → that group's leaderboard. */
export const allGroupsLeaderboardSchema = named('AllGroupsLeaderboard', z.record(z.string(), z.array(leaderboardItemSchema)));
export type AllGroupsLeaderboard = z.infer<typeof allGroupsLeaderboardSchema>;

/** One bucket: its start (ISO-8601, UTC) and the votes cast in it, by kind. */
export const votesOverTimePointSchema = named(
  'VotesOverTimePoint',
  z.object({
    start: timestamp,
    /** Free votes counted (voided ones left out). */
    free: z.int(),
    /** Paid votes credited, less any refunded in the same bucket. */
    paid: z.int(),
    /** Free votes removed by review. */
    voided: z.int(),
  }),
);
export type VotesOverTimePoint = z.infer<typeof votesOverTimePointSchema>;

/** GET /contestants/{username}/votes-over-time?bucket= */
export const votesOverTimeSchema = named(
  'VotesOverTime',
  z.object({
    bucket: z.enum(VOTE_HISTORY_BUCKETS),
    /** Every bucket from the contest's start (or the limit's reach) to now, oldest first, empty ones as zeros; none without an entry in the current contest. */
    points: z.array(votesOverTimePointSchema),
  }),
);
export type VotesOverTime = z.infer<typeof votesOverTimeSchema>;

/** One contestant of a group and their votes over time. */
export const contestantVoteSeriesSchema = named(
  'ContestantVoteSeries',
  z.object({
    entry_id: id,
    username: z.string(),
    /** First and last name, as the admin's lists show them. */
    display_name: z.string(),
    points: z.array(votesOverTimePointSchema),
  }),
);
export type ContestantVoteSeries = z.infer<typeof contestantVoteSeriesSchema>;

/** GET /admin/groups/{groupId}/votes-over-time?bucket= (staff only) */
export const groupVotesOverTimeSchema = named(
  'GroupVotesOverTime',
  z.object({
    bucket: z.enum(VOTE_HISTORY_BUCKETS),
    /**
     * The group's contestants (eliminated ones too), most votes first, at most GROUP_VOTE_SERIES_MAX,
     * each over the same buckets: from the start of the group's contest (or the limit's reach) to now.
     */
    series: z.array(contestantVoteSeriesSchema),
  }),
);
export type GroupVotesOverTime = z.infer<typeof groupVotesOverTimeSchema>;

export const voteFlagReasonSchema = named(
  'VoteFlagReason',
  z.object({
    kind: z.enum(VOTE_FLAG_KINDS),
    /** The rule's finding in words and numbers. */
    detail: z.string(),
    /** When the flagged votes began (ISO-8601 UTC). */
    since: timestamp,
    /** How many free votes the finding is about. */
    votes: count,
  }),
);
export type VoteFlagReason = z.infer<typeof voteFlagReasonSchema>;

/** A network block (IPv4 /24, IPv6 /48) by its keyed hash, never its address, with its free votes. */
export const networkBlockCountSchema = named('NetworkBlockCount', z.object({ network_hash: z.string(), votes: count }));
export type NetworkBlockCount = z.infer<typeof networkBlockCountSchema>;

export const flaggedEntrySchema = named(
  'FlaggedEntry',
  z.object({
    entry_id: id,
    username: z.string(),
    display_name: z.string(),
    group_number: z.int().nullable(),
    current_contest_votes: z.int(),
    free_votes: z.int(),
    paid_votes: z.int(),
    /** The rule still held at the latest scoring. */
    active: z.boolean(),
    /** The latest scoring that flagged it (ISO-8601 UTC). */
    last_seen: timestamp,
    reasons: z.array(voteFlagReasonSchema),
    /** The blocks its free votes came from in the past day, most first (at most 5). */
    top_blocks: z.array(networkBlockCountSchema),
    /** Votes already voided on this entry, newest first. */
    reviews: z.array(voteReviewNoticeSchema),
  }),
);
export type FlaggedEntry = z.infer<typeof flaggedEntrySchema>;

/** GET /admin/vote-review?contest_id= */
export const voteReviewListSchema = named(
  'VoteReviewList',
  z.object({
    /** The contest listed (the current one when none was asked for); null when there is none. */
    contest_id: id.nullable(),
    /** Whether that contest is the current one (the public vote charts show the current contest). */
    is_current_contest: z.boolean(),
    /** The scoring's window, in minutes. */
    window_minutes: z.number(),
    /** Entries flagged in the past day, the most recently flagged first. */
    items: z.array(flaggedEntrySchema),
  }),
);
export type VoteReviewList = z.infer<typeof voteReviewListSchema>;

/** POST /admin/vote-review/void */
export const voidVotesResultSchema = named(
  'VoidVotesResult',
  z.object({ removed: count, current_contest_votes: z.int(), free_votes: z.int(), paid_votes: z.int() }),
);
export type VoidVotesResult = z.infer<typeof voidVotesResultSchema>;

/** The API document's example, typed by the answer's schema: an example that no longer fits its answer does not compile. */
export const LEADERBOARD_EXAMPLE: LeaderboardItem[] = [
  {
    id: 81,
    user_id: 40,
    username: 'ada_l',
    first_name: 'Ada',
    last_name: 'Lovelace',
    picture_url: '/uploads/pictures/4f9c2b.jpg',
    current_contest_votes: 130,
    is_eliminated: false,
    rank: 1,
    winner_place: null,
    group_id: 9,
    group_number: 1,
    free_votes: 80,
    paid_votes: 50,
  },
  {
    id: 85,
    user_id: 44,
    username: 'vincent_p',
    first_name: 'Vincent',
    last_name: 'Price',
    picture_url: null,
    current_contest_votes: 97,
    is_eliminated: false,
    rank: 2,
    winner_place: null,
    group_id: 9,
    group_number: 1,
    free_votes: 97,
    paid_votes: 0,
  },
];
