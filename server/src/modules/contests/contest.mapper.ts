import type { Contest, ContestGroup, ContestRound, NamedWinner } from '#contract/contests/answers.js';
import type { AuditValues } from '#server/modules/audit/audit.types.js';
import type { ContestRoundEntity } from './entities/contest-round.entity.js';
import type { ContestEntity } from './entities/contest.entity.js';
import type { GroupEntity } from './entities/group.entity.js';
import type { GroupCapacity } from './group-capacity.js';

/** A contest as the API answers it, with the capacity every screen shows. Times in ISO 8601 UTC. */
export function toContest(
  contest: ContestEntity,
  capacity: GroupCapacity,
  groupCount: number,
  rounds: { rounds: ContestRound[]; current: number | null },
  winners: NamedWinner[],
  siteCategories: string[],
): Contest {
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
    winners: contest.winners,
    time_zone: contest.timeZone,
    rounds: rounds.rounds,
    current_round: rounds.current,
    carry_votes: contest.carryVotes,
    named_winners: winners,
    categories: contest.categories,
    effective_categories: contest.categories ?? siteCategories,
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
  contest: Pick<
    ContestEntity,
    | 'name'
    | 'description'
    | 'startDate'
    | 'endDate'
    | 'isActive'
    | 'isCurrent'
    | 'groupSizeCap'
    | 'voteChallenge'
    | 'winners'
    | 'timeZone'
    | 'carryVotes'
    | 'categories'
  >,
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
    winners: contest.winners,
    time_zone: contest.timeZone,
    carry_votes: contest.carryVotes,
    categories: contest.categories === null ? null : contest.categories.join(', '),
  };
}

/** Rounds in one line of the audit log: "1. Heats, ends 2026-12-01T18:00:00.000Z, top 5 of each group; 2. Final, …". */
export function roundsAuditText(rounds: readonly Pick<ContestRoundEntity, 'name' | 'endsAt' | 'advancePerGroup' | 'advanceTotal'>[]): string {
  if (!rounds.length) return 'none';
  return rounds
    .map((r, i) => {
      const cut =
        r.advancePerGroup !== null ? `, top ${r.advancePerGroup} of each group` : r.advanceTotal !== null ? `, top ${r.advanceTotal} overall` : ', winners';
      return `${i + 1}. ${r.name}, ends ${r.endsAt.toISOString()}${cut}`;
    })
    .join('; ');
}

/** What the audit log records of a group. */
export function groupAuditValues(group: Pick<GroupEntity, 'contestId' | 'groupNumber' | 'isActive'>): AuditValues {
  return { contest_id: group.contestId, group_number: group.groupNumber, is_active: group.isActive };
}
