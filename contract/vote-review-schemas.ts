// Suspicious-vote review: the entries the scoring job flagged, and voiding the free votes an admin
// finds fraudulent (in the open: the contestant is told how many and why).
import { z } from 'zod';
import { jsonIdSchema, queryIdSchema } from './path-schemas.js';
export type { FlaggedEntry, NetworkBlockCount, VoidVotesResult, VoteFlagReason, VoteReviewList, VoteReviewNotice } from './api-types.js';

/** The rules that flag an entry's recent free votes (docs/decisions/026-suspicious-vote-flags-and-voids.md). */
export const VOTE_FLAG_KINDS = ['network_block', 'rate', 'new_voters', 'regular_intervals'] as const;
export type VoteFlagKind = (typeof VOTE_FLAG_KINDS)[number];

export const VOTE_FLAG_TITLES: Record<VoteFlagKind, string> = {
  network_block: 'Many votes from one network block',
  rate: 'Far above its usual rate',
  new_voters: 'A burst of voters who voted for no one else',
  regular_intervals: 'Machine-regular intervals',
};

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

export const voteReviewQuerySchema = z.object({ contest_id: queryIdSchema(VOTE_REVIEW_MESSAGES.contestId).optional() });
export type VoteReviewQuery = z.infer<typeof voteReviewQuerySchema>;

/** The longest span one void covers. */
export const VOID_MAX_SPAN_MS = 31 * 86_400_000;

export const voidVotesSchema = z
  .object({
    entry_id: jsonIdSchema(VOTE_REVIEW_MESSAGES.entryId),
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
