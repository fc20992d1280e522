// What a vote call sends: the free vote's optional body, the votes-over-time query, the admin's vote review
// and void, and the admin's vote export.
import { z } from 'zod';
import { jsonIdSchema, queryIdSchema } from '../common/params.js';
import { VOID_MAX_SPAN_MS, VOTE_HISTORY_BUCKETS } from './constants.js';
import { ADMIN_VOTE_MESSAGES, VOTE_REVIEW_MESSAGES } from './messages.js';

/** POST /contestants/{username}/vote: the body is optional; `altcha` carries a solved challenge (base64 JSON) when one is asked for. */
export const voteBodySchema = z.object({ altcha: z.string().max(8000).optional() });
export type VoteBody = z.infer<typeof voteBodySchema>;

export const votesOverTimeQuerySchema = z.object({
  bucket: z.enum(VOTE_HISTORY_BUCKETS, { error: `bucket must be one of ${VOTE_HISTORY_BUCKETS.join(', ')}` }).default('day'),
});
export type VotesOverTimeQuery = z.infer<typeof votesOverTimeQuerySchema>;

export const voteReviewQuerySchema = z.object({ contest_id: queryIdSchema(VOTE_REVIEW_MESSAGES.contestId).optional() });
export type VoteReviewQuery = z.infer<typeof voteReviewQuerySchema>;

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

/** GET /admin/votes/export?contest_id= */
export const votesExportQuerySchema = z.object({
  contest_id: queryIdSchema(ADMIN_VOTE_MESSAGES.contestRequired),
});
export type VotesExportQuery = z.infer<typeof votesExportQuerySchema>;
