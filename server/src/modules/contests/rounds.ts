import type { ContestRound } from '#contract/contests/answers.js';
import type { ContestRoundEntity } from './entities/contest-round.entity.js';
import type { RankedEntry } from './rounds.repository.js';

/**
 * The rounds of a contest as the API answers them, and the current one: the first round not closed
 * is running once the contest has started (it stays running for the moment between its end and its
 * cut), the rounds after it are upcoming.
 */
export function roundStates(
  rounds: readonly ContestRoundEntity[],
  startDate: Date,
  now: Date = new Date(),
): { rounds: ContestRound[]; current: number | null } {
  const started = startDate.getTime() <= now.getTime();
  const open = rounds.find((r) => r.closedAt === null);
  const current = started && open ? open.position : null;
  return {
    current,
    rounds: rounds.map((r) => ({
      id: r.id,
      position: r.position,
      name: r.name,
      ends_at: r.endsAt.toISOString(),
      advance_per_group: r.advancePerGroup,
      advance_total: r.advanceTotal,
      state: r.closedAt ? 'closed' : r.position === current ? 'running' : 'upcoming',
      closed_at: r.closedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * A round's cut over the contestants still in the race, ranked within their group (a per-group cut)
 * or within the contest (an overall cut): rank N or better advances, so everyone tied at the cut
 * advances with it; the rest are eliminated.
 */
export function cutOf(
  round: Pick<ContestRoundEntity, 'advancePerGroup' | 'advanceTotal'>,
  ranked: readonly RankedEntry[],
): { advancing: RankedEntry[]; eliminated: RankedEntry[] } {
  const limit = round.advancePerGroup ?? round.advanceTotal;
  if (limit === null) return { advancing: [...ranked], eliminated: [] };
  return { advancing: ranked.filter((e) => e.rank <= limit), eliminated: ranked.filter((e) => e.rank > limit) };
}

/** The winners of the last round, ranked within the contest: places 1 to `winners`, tied contestants sharing one. */
export function winnersOf(ranked: readonly RankedEntry[], winners: number): { entryId: number; place: number }[] {
  return ranked.filter((e) => e.rank <= winners).map((e) => ({ entryId: e.entry_id, place: e.rank }));
}

/**
 * How long after a round's end its cut runs: votes accepted before the end are usually counted by then
 * (the counting queue is seconds behind), and the cut ranks only the votes dated before the end.
 */
export const CUT_SETTLE_MS = 5_000;

/** While the counting queue still holds work handed in before a cut was due, the cut looks again this much later. */
export const CUT_RECHECK_MS = 2_000;

/** When a round's cut is due: its end, settled (CUT_SETTLE_MS). */
export const cutDueAt = (round: Pick<ContestRoundEntity, 'endsAt'>) => new Date(round.endsAt.getTime() + CUT_SETTLE_MS);

/** A cut's job id: one per round and end time, so moving a round's end schedules a new job and leaves the old one nothing to do. */
export const closeRoundJobId = (round: Pick<ContestRoundEntity, 'id' | 'endsAt'>) => `close-round:${round.id}:${round.endsAt.getTime()}`;
