// The running round's cut as fans see it: which contestants are inside it now ("top N go on") and
// where the line falls in a ranked list. Ranks are competition ranks over the contestants still in the
// race (ties share one), and rank N or better goes on, the rule the cut itself applies.
import { msg } from '@lingui/core/macro';
import type { ContestCountdown, ContestRound } from '#contract/contests/answers';
import type { LeaderboardItem } from '#contract/votes/answers';
import { libText } from '@/lib/i18n/lib-text';

type Entry = Pick<LeaderboardItem, 'id' | 'group_id' | 'current_contest_votes' | 'is_eliminated'>;

/** The round votes count towards now, if the contest has rounds and one is running. */
export function runningRoundOf(countdown: Pick<ContestCountdown, 'rounds' | 'current_round'> | undefined): ContestRound | null {
  if (!countdown || countdown.current_round === null) return null;
  const round = countdown.rounds.find((r) => r.position === countdown.current_round);
  return round?.state === 'running' ? round : null;
}

/** How many go on at the round's cut, and over which field; null for the last round (it names winners). */
export function cutLimitOf(round: ContestRound | null): { limit: number; overall: boolean } | null {
  if (!round) return null;
  if (round.advance_per_group !== null) return { limit: round.advance_per_group, overall: false };
  if (round.advance_total !== null) return { limit: round.advance_total, overall: true };
  return null;
}

/** "Top 4 of each group go on", "Top 10 go on", in the reader's language. */
export function cutRuleText(cut: { limit: number; overall: boolean }): string {
  const { limit } = cut;
  return cut.overall ? libText(msg`Top ${limit} go on`) : libText(msg`Top ${limit} of each group go on`);
}

function ranksIn(field: readonly Entry[]): Map<number, number> {
  const active = field.filter((e) => !e.is_eliminated).sort((a, b) => b.current_contest_votes - a.current_contest_votes);
  const ranks = new Map<number, number>();
  active.forEach((e, i) => ranks.set(e.id, i > 0 && e.current_contest_votes === active[i - 1].current_contest_votes ? ranks.get(active[i - 1].id)! : i + 1));
  return ranks;
}

/**
 * The ids of the contestants below the cut now: ranked within their own group (a per-group cut) or
 * within `everyone` (an overall cut; every group of the contest). Eliminated contestants are neither.
 */
export function belowCutIds(everyone: readonly Entry[], cut: { limit: number; overall: boolean }): Set<number> {
  const groups = new Map<number, Entry[]>();
  for (const e of everyone) groups.set(e.group_id, [...(groups.get(e.group_id) ?? []), e]);
  const fields = cut.overall ? [everyone] : [...groups.values()];
  const below = new Set<number>();
  for (const field of fields) for (const [id, rank] of ranksIn(field)) if (rank > cut.limit) below.add(id);
  return below;
}

/**
 * Where the line goes in a list drawn in rank order: before the first contestant below the cut who
 * follows one inside it in the same group. The indexes of those contestants.
 */
export function cutLineIndexes(list: readonly Entry[], below: ReadonlySet<number>): number[] {
  const at: number[] = [];
  // The last contestant still in the race seen in each group (eliminated ones are passed over).
  const lastActive = new Map<number, Entry>();
  list.forEach((e, i) => {
    if (e.is_eliminated) return;
    const prev = lastActive.get(e.group_id);
    if (prev && below.has(e.id) && !below.has(prev.id)) at.push(i);
    lastActive.set(e.group_id, e);
  });
  return at;
}
