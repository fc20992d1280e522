import type { Contest, ContestGroup } from '#contract/api-types.js';
import type { AuditValues } from '#server/modules/audit/audit.types.js';
import type { ContestEntity } from './entities/contest.entity.js';
import type { GroupEntity } from './entities/group.entity.js';
import type { GroupCapacity } from './group-capacity.js';

/** A contest as the API answers it, with the capacity every screen shows. Times in ISO 8601 UTC. */
export function toContest(contest: ContestEntity, capacity: GroupCapacity, groupCount: number): Contest {
  return {
    id: contest.id,
    name: contest.name,
    description: contest.description,
    start_date: contest.startDate.toISOString(),
    end_date: contest.endDate?.toISOString() ?? null,
    is_active: contest.isActive,
    is_current: contest.isCurrent,
    group_size_cap: contest.groupSizeCap,
    vote_challenge: contest.voteChallenge,
    group_capacity: capacity.of(contest),
    group_count: groupCount,
    created_at: contest.createdAt.toISOString(),
  };
}

/** A group as the API answers it; capacity and is_full come from the one GroupCapacity rule. */
export function toContestGroup(group: GroupEntity, contest: ContestEntity, capacity: GroupCapacity): ContestGroup {
  return {
    id: group.id,
    group_number: group.groupNumber,
    contest_id: group.contestId,
    is_active: group.isActive,
    current_contestants_count: group.currentContestantsCount,
    capacity: capacity.of(contest),
    is_full: capacity.isFull(contest, group.currentContestantsCount),
  };
}

/** What the audit log records of a contest: its editable fields, by name. */
export function contestAuditValues(
  contest: Pick<ContestEntity, 'name' | 'description' | 'startDate' | 'endDate' | 'isActive' | 'isCurrent' | 'groupSizeCap' | 'voteChallenge'>,
): AuditValues {
  return {
    name: contest.name,
    description: contest.description,
    start_date: contest.startDate.toISOString(),
    end_date: contest.endDate?.toISOString() ?? null,
    is_active: contest.isActive,
    is_current: contest.isCurrent,
    group_size_cap: contest.groupSizeCap,
    vote_challenge: contest.voteChallenge,
  };
}

/** What the audit log records of a group. */
export function groupAuditValues(group: Pick<GroupEntity, 'contestId' | 'groupNumber' | 'isActive'>): AuditValues {
  return { contest_id: group.contestId, group_number: group.groupNumber, is_active: group.isActive };
}
