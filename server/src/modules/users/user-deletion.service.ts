import { HttpStatus, Injectable } from '@nestjs/common';
import type { MessageResponse } from '#contract/common/answers.js';
import { GROUP_ADMIN_MESSAGES } from '#contract/contests/messages.js';
import { detailError } from '#server/common/errors.js';
import { removePictures } from '#server/common/pictures/picture-store.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { FileStorage } from '#server/infra/storage/storage.js';
import { AuditService } from '#server/modules/audit/audit.service.js';
import { ContestEntriesService } from '#server/modules/contests/contest-entries.service.js';
import { UsersService } from './users.service.js';

/**
 * DELETE /users/{userId}: the user, profile, entries and tokens in one transaction (the groups'
 * counters given back in it too), then the stored pictures once the deletion is committed.
 */
@Injectable()
export class UserDeletionService {
  constructor(
    private readonly users: UsersService,
    private readonly entries: ContestEntriesService,
    private readonly storage: FileStorage,
    private readonly audit: AuditService,
  ) {}

  async delete(actorId: number, targetId: number): Promise<MessageResponse> {
    if (actorId === targetId) throw detailError(HttpStatus.BAD_REQUEST, GROUP_ADMIN_MESSAGES.cannotDeleteSelf);
    const pictures = await this.deleteInTransaction(actorId, targetId);
    // After commit: a rolled-back deletion must not lose the files.
    await removePictures(this.storage, pictures);
    return { message: GROUP_ADMIN_MESSAGES.userDeleted };
  }

  /** Answers the deleted user's stored pictures; the audit entry commits with the deletion. */
  @Transactional()
  private async deleteInTransaction(actorId: number, targetId: number): Promise<string[]> {
    // Lock order: owners, the user, their contests, groups; a join takes user, contest, group; a role change owners, the user.
    const { ownerIds, target } = await this.users.lockForDeletion(targetId);
    if (!target) throw detailError(HttpStatus.NOT_FOUND, GROUP_ADMIN_MESSAGES.userNotFound);
    // The site keeps at least one owner: the only one who may grant roles and delete accounts.
    if (target.staffRole === 'owner' && !ownerIds.some((id) => id !== targetId)) {
      throw detailError(HttpStatus.BAD_REQUEST, GROUP_ADMIN_MESSAGES.cannotDeleteLastAdmin);
    }
    await this.entries.releaseEntriesOfUser(targetId);
    await this.users.delete(targetId);
    // Who was deleted, by name and role; not their e-mail or anything else about the account.
    const before = { username: target.username, is_superuser: target.isSuperuser, staff_role: target.staffRole, is_competitor: target.isCompetitor };
    await this.audit.record({ actorId, action: 'user.delete', targetType: 'user', targetId, before, after: null });
    return target.picturesUrls;
  }
}
