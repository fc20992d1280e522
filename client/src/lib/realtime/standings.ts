// Applying pushed standings to a list of entries (leaderboards, the admin group list). The server
// sends a group's full standings in rank order; the list takes their votes, ranks and elimination and
// that order. Entries the list does not know yet (someone joined) mean the caller should refetch.
import type { StandingsChangedEvent, VotesChangedEvent } from '#contract/events';

interface EntryLike {
  id: number;
  username: string;
  current_contest_votes: number;
  is_eliminated: boolean;
  rank: number;
  /** Lists that show free and paid apart (leaderboards) carry both, patched with the total. */
  free_votes?: number;
  paid_votes?: number;
}

/** Sets the total and, on a list that shows them, the paid votes and the free rest. */
function setVotes(item: EntryLike, total: number, paid: number): void {
  item.current_contest_votes = total;
  if (item.paid_votes === undefined) return;
  item.paid_votes = paid;
  item.free_votes = total - paid;
}

export interface StandingsOptions {
  /** 'server': the server's rank (ties share, 1, 1, 3); 'position': place in the sorted list (the admin's group list). */
  rank: 'server' | 'position';
}

/** Patches the list in place (an Immer draft); true when the standings name an entry it lacks. */
export function applyStandings<T extends EntryLike>(list: T[], event: StandingsChangedEvent, { rank }: StandingsOptions): boolean {
  const order = new Map<number, number>();
  event.standings.forEach((s, i) => order.set(s.entry_id, i));
  const known = new Set<number>();
  for (const item of list) {
    const index = order.get(item.id);
    if (index === undefined) continue;
    const s = event.standings[index];
    known.add(item.id);
    setVotes(item, s.current_contest_votes, s.paid_votes);
    item.rank = s.rank;
    item.is_eliminated = s.is_eliminated;
  }
  const position = (item: T) => order.get(item.id) ?? Number.MAX_SAFE_INTEGER;
  // Stable: entries the event leaves out keep their relative place after the ones it ranks.
  list.sort((a, b) => position(a) - position(b) || b.current_contest_votes - a.current_contest_votes);
  if (rank === 'position') list.forEach((item, i) => (item.rank = i + 1));
  return event.standings.some((s) => !known.has(s.entry_id));
}

/**
 * A vote count pushed for one contestant (the standings event with the new ranks follows). Counts
 * only grow, so a push that arrives after a newer one (two workers) never takes the count back.
 */
export function applyVotes<T extends EntryLike>(list: T[], event: VotesChangedEvent): boolean {
  let changed = false;
  for (const item of list) {
    const match = event.entry_id !== null ? item.id === event.entry_id : item.username.toLowerCase() === event.username.toLowerCase();
    if (match && event.current_contest_votes > item.current_contest_votes) {
      setVotes(item, event.current_contest_votes, event.current_contest_paid_votes);
      changed = true;
    }
  }
  return changed;
}

export function applyElimination<T extends EntryLike>(list: T[], entryId: number): boolean {
  const item = list.find((i) => i.id === entryId);
  if (!item || item.is_eliminated) return false;
  item.is_eliminated = true;
  return true;
}
