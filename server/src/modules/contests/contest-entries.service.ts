import { HttpStatus, Injectable } from '@nestjs/common';
import type { CurrentContestStatus, EliminationResponse, JoinContestResponse } from '#contract/contests/answers.js';
import { GROUP_ADMIN_MESSAGES, joinedMessage } from '#contract/contests/messages.js';
import { detailError } from '#server/common/errors.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { AuditService } from '#server/modules/audit/audit.service.js';
import { WebhookEventsService } from '#server/modules/webhooks/webhook-events.service.js';
import { ContestEvents } from './contest-events.js';
import { ContestJoiner } from './contest-joiner.js';
import { ContestsRepository } from './contests.repository.js';
import { EntriesRepository } from './entries.repository.js';
import { GroupsRepository } from './groups.repository.js';

/** Contest entries: joining, the contestant's status, elimination, and giving back a user's places. */
@Injectable()
export class ContestEntriesService {
  constructor(
    private readonly joiner: ContestJoiner,
    private readonly contests: ContestsRepository,
    private readonly groups: GroupsRepository,
    private readonly entries: EntriesRepository,
    private readonly events: ContestEvents,
    private readonly audit: AuditService,
    private readonly webhooks: WebhookEventsService,
  ) {}

  /** POST /contestants/join-contest: the rules and the locking are ContestJoiner's (one transaction); the event follows the commit. */
  async join(userId: number, contestId: number): Promise<JoinContestResponse> {
    const { contest, group, entry } = await this.joiner.join(userId, contestId);
    this.events.joined(group.id);
    this.webhooks.publish('contestant.joined', entry.id, {
      entry_id: entry.id,
      user_id: entry.userId,
      contest_id: contest.id,
      contest_name: contest.name,
      group_id: group.id,
      group_number: group.groupNumber,
    });
    return {
      message: joinedMessage(contest.name, group.groupNumber),
      entry_id: entry.id,
      contest_id: contest.id,
      group_id: group.id,
      group_number: group.groupNumber,
    };
  }

  /** GET /contestants/current-contest: in a contest that has not ended (the same test as joining uses), which one and in which group. */
  async status(userId: number): Promise<CurrentContestStatus> {
    const entry = await this.entries.openEntryOf(userId);
    return {
      is_in_contest: entry !== null,
      contest_id: entry?.contestId ?? null,
      contest_name: entry?.contestName ?? null,
      group_number: entry?.groupNumber ?? null,
    };
  }

  /** PUT /contestants/contestant-entries/{entryId}: elimination is one way. */
  async setEliminated(actorId: number, entryId: number, isEliminated: boolean): Promise<EliminationResponse> {
    const { entry, item, changed } = await this.eliminate(actorId, entryId, isEliminated);
    // After commit: a rolled-back elimination is never announced.
    if (changed) this.events.eliminated({ entry_id: entry.id, username: item.username, contest_id: entry.contestId, group_id: entry.groupId });
    return { message: GROUP_ADMIN_MESSAGES.eliminated, ...item };
  }

  /** The elimination and its audit entry commit together or not at all. */
  @Transactional()
  private async eliminate(actorId: number, entryId: number, isEliminated: boolean) {
    const entry = await this.entries.findById(entryId);
    if (!entry) throw detailError(HttpStatus.NOT_FOUND, GROUP_ADMIN_MESSAGES.entryNotFound);
    // The only change this call makes is active → eliminated; asking for the way back is refused.
    if (!isEliminated) throw detailError(HttpStatus.CONFLICT, GROUP_ADMIN_MESSAGES.cannotUneliminate);
    const changed = await this.entries.eliminate(entryId);
    const item = await this.entries.item(entryId);
    // Gone between the two statements (user or contest deleted meanwhile).
    if (!item) throw detailError(HttpStatus.NOT_FOUND, GROUP_ADMIN_MESSAGES.entryNotFound);
    const context = { username: item.username, contest_id: entry.contestId, group_id: entry.groupId };
    await this.audit.record({
      actorId,
      action: 'entry.eliminate',
      targetType: 'entry',
      targetId: entryId,
      before: { ...context, is_eliminated: !changed },
      after: { ...context, is_eliminated: true },
    });
    return { entry, item, changed };
  }

  /**
   * Before a user is deleted, in the deletion's transaction: locks the contests the user has entries
   * in (lowest id first, after the user's row, as a join does), then gives back their group places.
   */
  @Transactional()
  async releaseEntriesOfUser(userId: number): Promise<number[]> {
    await this.contests.lockContestsOfUser(userId);
    return this.groups.releaseEntriesOfUser(userId);
  }

  /** After an erasure is committed: the groups' leaderboards drop the withdrawn entries, and votes stop finding them. */
  entriesWithdrawn(groupIds: readonly number[]): void {
    for (const groupId of groupIds) this.events.left(groupId);
  }
}
