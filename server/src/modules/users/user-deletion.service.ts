import { HttpStatus, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { MyDeletion } from '#contract/account/answers.js';
import { MY_DATA_MESSAGES } from '#contract/account/messages.js';
import type { MessageResponse } from '#contract/common/answers.js';
import { GROUP_ADMIN_MESSAGES } from '#contract/contests/messages.js';
import { detailError } from '#server/common/errors.js';
import { removePictures } from '#server/common/pictures/picture-store.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { OnJob } from '#server/infra/queue/job-handler.decorator.js';
import { JobQueue } from '#server/infra/queue/jobs.js';
import { FileStorage } from '#server/infra/storage/storage.js';
import { AuditService } from '#server/modules/audit/audit.service.js';
import { ContestEntriesService } from '#server/modules/contests/contest-entries.service.js';
import { WebhookLogService } from '#server/modules/webhooks/webhook-log.service.js';
import { ERASE_ACCOUNT, type EraseAccountJob, SWEEP_OVERDUE_ERASURES, type SweepOverdueErasuresJob } from './account-jobs.js';
import { AccountDataRepository } from './account-data.repository.js';
import type { DeletionTarget } from './users.types.js';
import { UsersService } from './users.service.js';

/** Who erases an account: a staff member (written to the audit log) or its owner's own request. */
type Eraser = { staff: number } | { own: true };

/**
 * An account's deletion, one way for both paths: an owner's DELETE /users/{userId}, and the person's
 * own request, which waits ACCOUNT_DELETION_GRACE and is then run by a scheduled job (queued again by a
 * periodic sweep when that job is lost). Either erases the
 * account in one transaction (AccountDataRepository.erase: personal data gone, ledgers anonymized,
 * entries withdrawn with their group places given back), then removes the stored pictures once it is
 * committed.
 */
@Injectable()
export class UserDeletionService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Accounts');

  constructor(
    private readonly users: UsersService,
    private readonly entries: ContestEntriesService,
    private readonly accountData: AccountDataRepository,
    private readonly storage: FileStorage,
    private readonly audit: AuditService,
    private readonly queue: JobQueue,
    private readonly webhookLog: WebhookLogService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** DELETE /users/{userId}: a staff member with the `accounts` permission erases another account now. */
  async delete(actorId: number, targetId: number): Promise<MessageResponse> {
    if (actorId === targetId) throw detailError(HttpStatus.BAD_REQUEST, GROUP_ADMIN_MESSAGES.cannotDeleteSelf);
    await this.erase(targetId, { staff: actorId });
    return { message: GROUP_ADMIN_MESSAGES.userDeleted };
  }

  /**
   * POST /users/me/deletion: the signed-in person asks for their account's deletion, typing their
   * username again. It is erased when the grace period ends unless they cancel meanwhile.
   */
  async requestOwn(user: { id: number; username: string }, confirmUsername: string, now = new Date()): Promise<MyDeletion> {
    if (confirmUsername.toLowerCase() !== user.username.toLowerCase()) throw detailError(HttpStatus.UNPROCESSABLE_ENTITY, MY_DATA_MESSAGES.confirmMismatch);
    const dueAt = new Date(now.getTime() + this.config.accountDeletionGraceSeconds * 1000);
    await this.markInTransaction(user.id, now, dueAt);
    this.logger.log(`Account #${user.id} asked for its deletion, due ${dueAt.toISOString()}`);
    return { deletion_due_at: dueAt.toISOString() };
  }

  /** DELETE /users/me/deletion: the person keeps their account. */
  async cancelOwn(userId: number): Promise<MyDeletion> {
    if (!(await this.accountData.cancelDeletion(userId))) throw detailError(HttpStatus.CONFLICT, MY_DATA_MESSAGES.notPending);
    this.logger.log(`Account #${userId} cancelled its deletion`);
    return { deletion_due_at: null };
  }

  /**
   * The scheduled erasure. Delivery is at least once, so it checks again: a deletion cancelled, asked
   * again for another time, or already done is left alone; one not yet due is queued again for its time.
   */
  @OnJob(ERASE_ACCOUNT)
  async handleErasure({ userId, dueAt }: EraseAccountJob): Promise<void> {
    const state = await this.accountData.deletionState(userId);
    if (!state || state.erased_at || !state.deletion_due_at || state.deletion_due_at.getTime() !== dueAt) return;
    if (dueAt > Date.now()) {
      await this.queue.add(ERASE_ACCOUNT, { userId, dueAt }, { jobId: `erase-account:${userId}:${dueAt}:${Date.now()}`, runAt: new Date(dueAt) });
      return;
    }
    await this.eraseDue(userId);
  }

  /**
   * A process that runs jobs queues the erasure of every account whose grace period has ended without it,
   * and the first of the periodic sweeps that do the same (each sweep queues the next slot's).
   */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runsWorkers) return;
    // Apart: a failure to queue today's overdue erasures must not leave the sweeps unscheduled.
    try {
      await this.scheduleNextSweep();
    } catch (err) {
      this.logger.warn(`Could not schedule the sweep of overdue account erasures: ${(err as Error).message}`);
    }
    try {
      await this.queueOverdue();
    } catch (err) {
      this.logger.warn(`Could not queue the overdue account erasures: ${(err as Error).message}`);
    }
  }

  /**
   * Every ACCOUNT_ERASURE_SWEEP_EVERY, the overdue erasures queued again: a job lost with a queue that is
   * not the database's must not wait for a restart. The next slot is queued first, so a failed sweep does
   * not end the chain; a sweep run twice queues nothing twice.
   */
  @OnJob(SWEEP_OVERDUE_ERASURES)
  async sweepOverdue({ slot }: SweepOverdueErasuresJob): Promise<void> {
    // After this job's own slot even when this clock is behind the queue's: the chain never stops on itself.
    await this.scheduleNextSweep(Math.max(Date.now(), slot + 1));
    await this.queueOverdue();
  }

  /** Queues the sweep of the slot after `now` (a no-op when it is queued already). */
  private scheduleNextSweep(now = Date.now()): Promise<void> {
    const every = this.config.accountErasureSweepSeconds * 1000;
    const slot = Math.floor(now / every) * every + every;
    return this.queue.add(SWEEP_OVERDUE_ERASURES, { slot }, { jobId: `sweep-overdue-erasures:${slot}`, runAt: new Date(slot) });
  }

  /** Queues the erasure of each account past its grace period and not erased; the job id keeps each to one. */
  private async queueOverdue(): Promise<void> {
    for (const userId of await this.accountData.dueForErasure(new Date(), 1000)) {
      const state = await this.accountData.deletionState(userId);
      const dueAt = state?.deletion_due_at?.getTime();
      if (dueAt !== undefined) await this.queue.add(ERASE_ACCOUNT, { userId, dueAt }, { jobId: `erase-account:${userId}:${dueAt}` });
    }
  }

  /** Erases one account whose grace period has ended; a no-op when it was erased or cancelled meanwhile. */
  async eraseDue(userId: number): Promise<boolean> {
    if (!(await this.deletionDue(userId))) return false;
    if (!(await this.erase(userId, { own: true }))) return false;
    // The person's own deletion is recorded by number alone: nothing about them remains to write.
    this.logger.log(`Account #${userId} erased at the end of its grace period`);
    return true;
  }

  /** Whether the account's own deletion is asked for, not yet done, and past its grace period. */
  private async deletionDue(userId: number): Promise<boolean> {
    const state = await this.accountData.deletionState(userId);
    return !!state && !state.erased_at && !!state.deletion_due_at && state.deletion_due_at.getTime() <= Date.now();
  }

  /**
   * The erasure, then what must follow its commit: a rolled-back erasure must not lose the files or move the
   * leaderboards. False when an own deletion was cancelled before its erasure took the account's lock.
   */
  private async erase(targetId: number, by: Eraser): Promise<boolean> {
    const erased = await this.eraseInTransaction(targetId, by);
    if (!erased) return false;
    this.entries.entriesWithdrawn(erased.groupIds);
    await removePictures(this.storage, erased.pictures);
    return true;
  }

  @Transactional()
  private async markInTransaction(userId: number, now: Date, dueAt: Date): Promise<void> {
    const { ownerIds, target } = await this.lockedTarget(userId);
    // The site keeps at least one owner, the only one who may grant roles: the last one cannot leave.
    if (target.staffRole === 'owner' && !ownerIds.some((id) => id !== userId)) throw detailError(HttpStatus.CONFLICT, MY_DATA_MESSAGES.lastOwner);
    if (!(await this.accountData.requestDeletion(userId, now, dueAt))) throw detailError(HttpStatus.CONFLICT, MY_DATA_MESSAGES.alreadyPending);
    // In the transaction where the queue is a table (one-process mode); elsewhere a job whose mark rolled back finds nothing to do.
    await this.queue.add(
      ERASE_ACCOUNT,
      { userId, dueAt: dueAt.getTime() },
      { jobId: `erase-account:${userId}:${dueAt.getTime()}`, runAt: dueAt, inTransaction: true },
    );
  }

  /** Answers the erased account's stored pictures and its entries' groups; a staff member's audit entry commits with the erasure. */
  @Transactional()
  private async eraseInTransaction(targetId: number, by: Eraser): Promise<{ pictures: string[]; groupIds: number[] } | null> {
    const { ownerIds, target } = await this.lockedTarget(targetId);
    // Under the account's lock: a "keep my account" that committed first wins over its own erasure.
    if ('own' in by && !(await this.deletionDue(targetId))) return null;
    // The site keeps at least one owner: the only one who may grant roles and delete accounts.
    if (target.staffRole === 'owner' && !ownerIds.some((id) => id !== targetId)) {
      throw detailError(HttpStatus.BAD_REQUEST, 'staff' in by ? GROUP_ADMIN_MESSAGES.cannotDeleteLastAdmin : MY_DATA_MESSAGES.lastOwner);
    }
    const groupIds = await this.entries.releaseEntriesOfUser(targetId);
    await this.accountData.erase(targetId);
    // Webhook bodies about the person (by account or entry) are emptied with the erasure, never re-sent.
    await this.webhookLog.forgetAccount(targetId);
    if ('staff' in by) {
      // Who was deleted, by name and role; not their e-mail or anything else about the account.
      const before = { username: target.username, is_superuser: target.isSuperuser, staff_role: target.staffRole, is_competitor: target.isCompetitor };
      await this.audit.record({ actorId: by.staff, action: 'user.delete', targetType: 'user', targetId, before, after: null });
    }
    return { pictures: target.picturesUrls, groupIds };
  }

  private async lockedTarget(userId: number): Promise<{ ownerIds: number[]; target: DeletionTarget }> {
    // Lock order: owners, the user, their contests, groups; a join takes user, contest, group; a role change owners, the user.
    const { ownerIds, target } = await this.users.lockForDeletion(userId);
    if (!target) throw detailError(HttpStatus.NOT_FOUND, GROUP_ADMIN_MESSAGES.userNotFound);
    return { ownerIds, target };
  }
}
