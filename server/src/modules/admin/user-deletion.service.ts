import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { MessageResponse } from '#contract/api-types.js';
import { GROUP_ADMIN_MESSAGES } from '#contract/contest-schemas.js';
import { detailError } from '#server/common/errors.js';
import { removePictures } from '#server/common/pictures/picture-store.js';
import { FileStorage } from '#server/infra/storage/storage.js';
import { ContestsRepository } from '../contests/contests.repository.js';
import { GroupsRepository } from '../contests/groups.repository.js';
import { UsersRepository } from '../users/users.repository.js';

/**
 * DELETE /users/{userId}: the user, profile, entries and tokens in one transaction (the groups'
 * counters given back in it too), then the stored pictures once the deletion is committed.
 */
@Injectable()
export class UserDeletionService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly users: UsersRepository,
    private readonly contests: ContestsRepository,
    private readonly groups: GroupsRepository,
    private readonly storage: FileStorage,
  ) {}

  async delete(actorId: number, targetId: number): Promise<MessageResponse> {
    if (actorId === targetId) throw detailError(HttpStatus.BAD_REQUEST, GROUP_ADMIN_MESSAGES.cannotDeleteSelf);
    const pictures = await this.ds.transaction(async (em) => {
      // Lock order: superusers, the user, their contests, groups; a join takes user, contest, group.
      const superusers = await this.users.lockSuperuserIds(em);
      const target = await this.users.lockForDeletion(em, targetId);
      if (!target) throw detailError(HttpStatus.NOT_FOUND, GROUP_ADMIN_MESSAGES.userNotFound);
      if (target.isSuperuser && !superusers.some((id) => id !== targetId)) {
        throw detailError(HttpStatus.BAD_REQUEST, GROUP_ADMIN_MESSAGES.cannotDeleteLastAdmin);
      }
      await this.contests.lockContestsOfUser(em, targetId);
      await this.groups.releaseEntriesOfUser(em, targetId);
      await this.users.delete(em, targetId);
      return target.picturesUrls;
    });
    // After commit: a rolled-back deletion must not lose the files.
    await removePictures(this.storage, pictures);
    return { message: GROUP_ADMIN_MESSAGES.userDeleted };
  }
}
