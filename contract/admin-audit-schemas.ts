// The admin audit log: what each entry names (actions, targets), the list's query, and its texts.
// The answers' types are in api-types.ts (AuditLogEntry, AuditLogPage).
import { z } from 'zod';
import { queryWholeNumber } from './path-schemas.js';

/** Every admin action the log records, as `<target>.<verb>`. */
export const AUDIT_ACTIONS = [
  'contest.create',
  'contest.update',
  'contest.delete',
  'contest.set_current',
  'group.create',
  'group.update',
  'entry.eliminate',
  'user.delete',
  'support_message.status',
  'votes.void',
  'job.retry',
  'job.discard',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the admin page names each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'contest.create': 'Contest created',
  'contest.update': 'Contest changed',
  'contest.delete': 'Contest deleted',
  'contest.set_current': 'Current contest set',
  'group.create': 'Group added',
  'group.update': 'Group changed',
  'entry.eliminate': 'Contestant eliminated',
  'user.delete': 'User deleted',
  'support_message.status': 'Message status changed',
  'votes.void': 'Votes voided',
  'job.retry': 'Failed job retried',
  'job.discard': 'Failed job discarded',
};

export const AUDIT_TARGET_TYPES = ['contest', 'group', 'entry', 'user', 'support_message', 'job'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_TARGET_LABELS: Record<AuditTargetType, string> = {
  contest: 'Contest',
  group: 'Group',
  entry: 'Entry',
  user: 'User',
  support_message: 'Message',
  job: 'Job',
};

/** A recorded field's value: plain JSON scalars only, so nothing but the chosen fields can slip in. */
export type AuditValue = string | number | boolean | null;
export type AuditValues = Record<string, AuditValue>;

/** Entries per page, as the other admin lists page. */
export const AUDIT_PAGE_SIZE = 20;

export const AUDIT_MESSAGES = {
  unknownAction: `action must be one of ${AUDIT_ACTIONS.join(', ')}`,
  badPage: 'page must be a whole number from 1',
  loadFailed: 'The audit log could not be loaded',
  empty: 'No admin actions recorded yet',
  emptyFiltered: 'No entries for this action',
  chainChecking: 'Checking the digest chain...',
  chainIntact: (entries: number, head: string | null) =>
    head
      ? `Digest chain intact: ${entries} ${entries === 1 ? 'entry' : 'entries'}, newest digest ${head.slice(0, 16)}…`
      : 'Digest chain intact: no entries yet',
  chainBroken: (id: string) =>
    `Digest chain broken at entry #${id}: it, or the entry before it, was changed, added or removed outside the app. Compare with a backup.`,
  chainFailed: 'The digest chain could not be checked',
} as const;

/** GET /admin/audit-log?page=&action=: newest first, AUDIT_PAGE_SIZE a page; an empty action means all. */
export const auditLogQuerySchema = z.object({
  page: queryWholeNumber(1, 1_000_000, AUDIT_MESSAGES.badPage).default(1),
  action: z.preprocess((v) => (v === '' ? undefined : v), z.enum(AUDIT_ACTIONS, { error: AUDIT_MESSAGES.unknownAction }).optional()),
});
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;
