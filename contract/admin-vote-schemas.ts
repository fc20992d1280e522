// The admin's vote export: every ledger row of a contest as CSV, for audits and review outside the site.
import { z } from 'zod';
import { queryIdSchema } from './path-schemas.js';

/** The CSV's columns, in order. `votes` is the row's weight: 1 for a free vote, a package's votes for a paid credit, negative for a refund. */
export const VOTE_CSV_COLUMNS = ['cast_at', 'vote_id', 'kind', 'votes', 'group_number', 'entry_id', 'username', 'network_hash', 'user_id'] as const;

export const ADMIN_VOTE_MESSAGES = {
  contestRequired: 'contest_id must be a positive whole number',
  contestNotFound: 'Contest not found',
  exportFailed: 'The vote export failed',
} as const;

/** GET /admin/votes/export?contest_id= */
export const votesExportQuerySchema = z.object({
  contest_id: queryIdSchema(ADMIN_VOTE_MESSAGES.contestRequired),
});
export type VotesExportQuery = z.infer<typeof votesExportQuerySchema>;
