import { HttpStatus, Injectable } from '@nestjs/common';
import type { StaffRole } from '#contract/auth/roles.js';
import type { StaffList, StaffMember } from '#contract/staff/answers.js';
import { STAFF_MESSAGES } from '#contract/staff/messages.js';
import { detailError } from '#server/common/errors.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { AuditService } from '#server/modules/audit/audit.service.js';
import { UsersRepository } from './users.repository.js';
import type { StaffMemberRow } from './users.types.js';

/**
 * The staff page: who holds a role, and an owner granting, changing or revoking one. A role takes effect
 * on the account's next call: the guards read the role from the database at every call, never from a token.
 */
@Injectable()
export class StaffService {
  constructor(
    private readonly users: UsersRepository,
    private readonly audit: AuditService,
  ) {}

  /** GET /admin/staff. */
  async list(): Promise<StaffList> {
    return { items: (await this.users.listStaff()).map(toStaffMember) };
  }

  /**
   * PUT /admin/staff/{username}: the account's role from now on, or null to revoke it, recorded in the audit
   * log with the role before and after. Refused: an unknown username (404); a role for an account whose
   * e-mail is not verified or for a contestant (409: staff run the contest a contestant competes in); taking
   * the last owner's role away (409: only an owner grants roles). Setting the role it already holds changes
   * and records nothing.
   */
  @Transactional()
  async setRole(actorId: number, username: string, role: StaffRole | null): Promise<StaffMember> {
    // Lock order: the owners, then the account, as a deletion takes them; a change that could leave no owner
    // waits for any other such change and then sees the owners that are left.
    const ownerIds = await this.users.lockOwnerIds();
    const target = await this.users.lockStaffCandidate(username);
    if (!target) throw detailError(HttpStatus.NOT_FOUND, STAFF_MESSAGES.userNotFound);
    if (target.staff_role === role) return toStaffMember(target);
    if (target.staff_role === 'owner' && !ownerIds.some((id) => id !== target.id)) throw detailError(HttpStatus.CONFLICT, STAFF_MESSAGES.lastOwner);
    if (role !== null && !target.is_verified) throw detailError(HttpStatus.CONFLICT, STAFF_MESSAGES.notVerified);
    if (role !== null && target.is_competitor) throw detailError(HttpStatus.CONFLICT, STAFF_MESSAGES.contestant);
    const stored = await this.users.setStaffRole(target.id, role);
    // The row is locked: it is there until this transaction ends.
    if (!stored) throw new Error(`The account ${target.id} vanished under its row lock`);
    await this.audit.record({
      actorId,
      action: 'user.staff_role',
      targetType: 'user',
      targetId: target.id,
      before: { username: target.username, staff_role: target.staff_role },
      after: { username: stored.username, staff_role: stored.staff_role },
    });
    return toStaffMember(stored);
  }
}

/** A staff member as the page shows it. */
function toStaffMember(row: StaffMemberRow): StaffMember {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    staff_role: row.staff_role,
    two_factor: row.two_factor_enabled_at !== null,
    last_login_at: row.last_login_at?.toISOString() ?? null,
  };
}
