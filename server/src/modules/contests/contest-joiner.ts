import { HttpStatus, Injectable } from '@nestjs/common';
import { CONTEST_MESSAGES, JOIN_MESSAGES } from '#contract/contests/messages.js';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import { hasEnded } from '#server/common/contest-time.js';
import { detailError } from '#server/common/errors.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { ContestCategoriesService } from './contest-categories.service.js';
import { ContestsRepository } from './contests.repository.js';
import { EntriesRepository } from './entries.repository.js';
import type { ContestEntity } from './entities/contest.entity.js';
import type { ContestEntryEntity } from './entities/contest-entry.entity.js';
import type { GroupEntity } from './entities/group.entity.js';
import { GroupCapacity } from './group-capacity.js';
import { GroupsRepository } from './groups.repository.js';
import { RoundsRepository } from './rounds.repository.js';

export interface JoinOutcome {
  contest: ContestEntity;
  group: GroupEntity;
  entry: ContestEntryEntity;
}

/**
 * Joining a contest, in one transaction (the caller's, when one is open).
 * Used by POST /contestants/join-contest and by the demo seed, so both place contestants alike.
 *
 * Locks, always in this order (the same order as user deletion): the user's row, so one user's
 * simultaneous joins serialize and the second sees the first entry; then the contest's row, so
 * placements into one contest serialize and a group's count cannot change between reading and
 * incrementing it. No group is overfilled and no user gets two entries.
 */
@Injectable()
export class ContestJoiner {
  constructor(
    private readonly contests: ContestsRepository,
    private readonly groups: GroupsRepository,
    private readonly entries: EntriesRepository,
    private readonly capacity: GroupCapacity,
    private readonly rounds: RoundsRepository,
    private readonly categories: ContestCategoriesService,
  ) {}

  @Transactional()
  async join(userId: number, contestId: number): Promise<JoinOutcome> {
    const user = await this.entries.lockEntrant(userId);
    // Deleted after the guard read it: the answer for any vanished account.
    if (!user) throw detailError(HttpStatus.UNAUTHORIZED, AUTH_GUARD_MESSAGES.notAuthenticated);
    if (user.is_superuser) throw detailError(HttpStatus.FORBIDDEN, JOIN_MESSAGES.adminCannotJoin);
    if (!user.is_verified) throw detailError(HttpStatus.FORBIDDEN, JOIN_MESSAGES.verifyFirst);
    if (user.profile_id === null) throw detailError(HttpStatus.FORBIDDEN, JOIN_MESSAGES.profileRequired);

    const contest = await this.contests.lockById(contestId);
    if (!contest) throw detailError(HttpStatus.NOT_FOUND, CONTEST_MESSAGES.notFound);
    if (!contest.isActive) throw detailError(HttpStatus.BAD_REQUEST, JOIN_MESSAGES.notOpen);
    if (hasEnded(contest)) throw detailError(HttpStatus.BAD_REQUEST, JOIN_MESSAGES.ended);
    // A newcomer after a cut would skip the rounds the others had to survive. The cut locks the contest's row too, so this read is current.
    if (await this.rounds.anyClosed(contest.id)) throw detailError(HttpStatus.BAD_REQUEST, JOIN_MESSAGES.pastFirstCut);
    if (await this.entries.isInOpenContest(userId)) throw detailError(HttpStatus.CONFLICT, JOIN_MESSAGES.alreadyIn);
    // A contestant competes in their category: the contest must offer it (the profile's may predate the contest's list).
    const offered = await this.categories.ofContest(contest);
    if (user.category !== null && !offered.includes(user.category)) {
      throw detailError(HttpStatus.CONFLICT, JOIN_MESSAGES.categoryNotOffered(user.category, offered));
    }

    const group = await this.placeIn(contest);
    const entry = await this.entries.insert({ userId, profileId: user.profile_id, contestId, groupId: group.id });
    return { contest, group, entry };
  }

  /** The lowest-numbered active group with room gets the entry; when none has room, the next group is made. */
  private async placeIn(contest: ContestEntity): Promise<GroupEntity> {
    const group = (await this.groups.lowestOpen(contest.id, this.capacity.of(contest))) ?? (await this.groups.insertNext(contest.id));
    await this.groups.addEntry(group.id);
    group.currentContestantsCount += 1;
    return group;
  }
}
