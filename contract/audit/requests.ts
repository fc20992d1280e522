// The admin audit log's query.
import { z } from 'zod';
import { queryWholeNumber } from '../common/params.js';
import { AUDIT_ACTIONS } from './constants.js';
import { AUDIT_MESSAGES } from './messages.js';

/** GET /admin/audit-log?page=&action=: newest first, AUDIT_PAGE_SIZE a page; an empty action means all. */
export const auditLogQuerySchema = z.object({
  page: queryWholeNumber(1, 1_000_000, AUDIT_MESSAGES.badPage).default(1),
  action: z.preprocess((v) => (v === '' ? undefined : v), z.enum(AUDIT_ACTIONS, { error: AUDIT_MESSAGES.unknownAction }).optional()),
});
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
