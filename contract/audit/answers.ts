// The admin audit log's answers: a page of entries, and the digest chain's check.
import { z } from 'zod';
import { count, id, named, timestamp } from '../common/answers.js';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from './constants.js';

/** A recorded field's value: plain JSON scalars only, so nothing but the chosen fields can slip in. */
const auditValuesSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/** One admin action as the audit log shows it (GET /admin/audit-log). */
export const auditLogEntrySchema = named(
  'AuditLogEntry',
  z.object({
    /** bigint in the table: a string, so no precision is lost. */
    id: z.string(),
    created_at: timestamp,
    actor: z.object({ id, username: z.string(), email: z.string() }),
    action: z.enum(AUDIT_ACTIONS),
    target_type: z.enum(AUDIT_TARGET_TYPES),
    target_id: z.int().nullable(),
    /** A contest entry's contestant, looked up when the log is read (null for other targets, or once the entry is gone). */
    target_name: z.string().nullable(),
    /** The recorded fields before and after the action (null before a creation, null after a deletion). */
    before: auditValuesSchema.nullable(),
    after: auditValuesSchema.nullable(),
  }),
);
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

/** GET /admin/audit-log: one page, newest first. */
export const auditLogPageSchema = named(
  'AuditLogPage',
  z.object({ items: z.array(auditLogEntrySchema), total: count, page: z.int().min(1), page_size: z.int().min(1) }),
);
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** GET /admin/audit-log/chain: whether every entry's digest follows from the one before it. */
export const auditChainSchema = named(
  'AuditChain',
  z.object({
    intact: z.boolean(),
    /** Entries checked and found in order (all of them when intact). */
    entries: count,
    /** The newest entry's digest (hex) when intact and not empty: note it to see later whether entries were removed from the end. */
    head: z.string().nullable(),
    /** The first entry whose digest does not follow (changed, slipped in, or after a removed entry); null when intact. */
    first_broken_id: z.string().nullable(),
  }),
);
export type AuditChain = z.infer<typeof auditChainSchema>;
