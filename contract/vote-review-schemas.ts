// Suspicious-vote review: the entries the scoring job flagged, and voiding the free votes an admin
// finds fraudulent (in the open: the contestant is told how many and why).
import { z } from 'zod';

/** The rules that flag an entry's recent free votes (docs/decisions/026-suspicious-vote-flags-and-voids.md). */
export const VOTE_FLAG_KINDS = ['network_block', 'rate', 'new_voters', 'regular_intervals'] as const;
export type VoteFlagKind = (typeof VOTE_FLAG_KINDS)[number];

export const VOTE_FLAG_TITLES: Record<VoteFlagKind, string> = {
  network_block: 'Many votes from one network block',
  rate: 'Far above its usual rate',
  new_voters: 'A burst of voters who voted for no one else',
  regular_intervals: 'Machine-regular intervals',
};

export interface VoteFlagReason {
  kind: VoteFlagKind;
  /** The rule's finding in words and numbers. */
  detail: string;
  /** When the flagged votes began (ISO-8601 UTC). */
  since: string;
  /** How many free votes the finding is about. */
  votes: number;
}

/** A network block (IPv4 /24, IPv6 /48) by its keyed hash, never its address, with its free votes. */
export interface NetworkBlockCount {
  network_hash: string;
  votes: number;
}

/** A void as the contestant and the admins see it. */
export interface VoteReviewNotice {
  /** When the votes were removed (ISO-8601 UTC). */
  at: string;
  removed: number;
  reason: string;
}

export interface FlaggedEntry {
  entry_id: number;
  username: string;
  display_name: string;
  group_number: number | null;
  current_contest_votes: number;
  free_votes: number;
  paid_votes: number;
  /** The rule still held at the latest scoring. */
  active: boolean;
  /** The latest scoring that flagged it (ISO-8601 UTC). */
  last_seen: string;
  reasons: VoteFlagReason[];
  /** The blocks its free votes came from in the past day, most first (at most 5). */
  top_blocks: NetworkBlockCount[];
  /** Votes already voided on this entry, newest first. */
  reviews: VoteReviewNotice[];
}

/** GET /admin/vote-review?contest_id= */
export interface VoteReviewList {
  /** The contest listed (the current one when none was asked for); null when there is none. */
  contest_id: number | null;
  /** Whether that contest is the current one (the public vote charts show the current contest). */
  is_current_contest: boolean;
  /** The scoring's window, in minutes. */
  window_minutes: number;
  /** Entries flagged in the past day, the most recently flagged first. */
  items: FlaggedEntry[];
}

/** POST /admin/vote-review/void */
export interface VoidVotesResult {
  removed: number;
  current_contest_votes: number;
  free_votes: number;
  paid_votes: number;
}

export const VOTE_REVIEW_MESSAGES = {
  contestId: 'contest_id must be a positive whole number',
  contestNotFound: 'Contest not found',
  entryId: 'entry_id must be a positive whole number',
  entryNotFound: 'Contest entry not found',
  time: 'must be a date and time (ISO-8601)',
  order: '"from" must be before "to"',
  span: 'A void covers at most 31 days',
  network: 'network must be a network hash from the review list (64 hexadecimal characters)',
  reason: 'Give a reason of 3 to 500 characters: the contestant is shown it',
  voided: (n: number) => (n === 1 ? '1 vote was removed.' : `${n} votes were removed.`),
  nothingToVoid: 'No free votes matched: nothing was removed.',
} as const;

const positiveId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

export const voteReviewQuerySchema = z.object({ contest_id: positiveId(VOTE_REVIEW_MESSAGES.contestId).optional() });
export type VoteReviewQuery = z.infer<typeof voteReviewQuerySchema>;

/** The longest span one void covers. */
export const VOID_MAX_SPAN_MS = 31 * 86_400_000;

export const voidVotesSchema = z
  .object({
    entry_id: positiveId(VOTE_REVIEW_MESSAGES.entryId),
    from: z.iso.datetime({ offset: true, error: VOTE_REVIEW_MESSAGES.time }),
    to: z.iso.datetime({ offset: true, error: VOTE_REVIEW_MESSAGES.time }),
    network: z
      .string()
      .regex(/^[0-9a-f]{64}$/, VOTE_REVIEW_MESSAGES.network)
      .optional(),
    reason: z.string().trim().min(3, VOTE_REVIEW_MESSAGES.reason).max(500, VOTE_REVIEW_MESSAGES.reason),
  })
  .refine((v) => Date.parse(v.from) < Date.parse(v.to), { message: VOTE_REVIEW_MESSAGES.order, path: ['to'] })
  .refine((v) => Date.parse(v.to) - Date.parse(v.from) <= VOID_MAX_SPAN_MS, { message: VOTE_REVIEW_MESSAGES.span, path: ['to'] });
export type VoidVotesInput = z.infer<typeof voidVotesSchema>;
