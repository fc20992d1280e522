import type { AuditAction, AuditTargetType, AuditValues } from '#contract/audit/constants.js';

export type { AuditAction, AuditTargetType, AuditValue, AuditValues } from '#contract/audit/constants.js';

/**
 * One admin action for AuditService.record. `before` and `after` hold only fields the caller picked
 * by name (never a whole row): null before for a creation, null after for a deletion.
 */
export interface AuditRecord {
  /** The signed-in admin's user id; their username and e-mail are copied into the entry. */
  actorId: number;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number | null;
  before: AuditValues | null;
  after: AuditValues | null;
}
