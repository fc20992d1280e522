// Applying a tally to a list of entries (leaderboards, the admin group list). A tally names the
// entries of one group whose votes, rank or elimination changed (or, when `full`, every entry): the
// list takes their values and is sorted again. Entries the list does not know yet (someone joined)
// mean the caller should refetch.
import type { TallyEntry, TallyEvent } from '#contract/live/events';

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

export interface TallyOptions {
  /** 'server': the server's rank (ties share, 1, 1, 3); 'position': place in the sorted list (the admin's group list). */
  rank: 'server' | 'position';
}

/** Patches the list in place (an Immer draft); true when the tally names an entry it lacks. */
export function applyTally<T extends EntryLike>(list: T[], event: TallyEvent, { rank }: TallyOptions): boolean {
  const byId = new Map(event.entries.map((e) => [e.entry_id, e]));
  let known = 0;
  for (const item of list) {
    const e = byId.get(item.id);
    if (!e) continue;
    known += 1;
    setVotes(item, e.votes, e.paid);
    item.rank = e.rank;
    item.is_eliminated = e.eliminated;
  }
  // A full tally lists the group in the server's order (ties: earlier joined first); otherwise the
  // sort is stable, so entries of equal rank keep their place.
  const order = new Map(event.entries.map((e, i) => [e.entry_id, i]));
  if (event.full) list.sort((a, b) => (order.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.id) ?? Number.MAX_SAFE_INTEGER));
  if (rank === 'server') list.sort((a, b) => a.rank - b.rank);
  else {
    list.sort((a, b) => b.current_contest_votes - a.current_contest_votes);
    list.forEach((item, i) => (item.rank = i + 1));
  }
  return known < byId.size;
}

/**
 * After a read: the entries pushed while it was made (`keepPushedEntries`) with more votes than the
 * list read for them are patched in as a tally would, so a read that raced a tally keeps the latest
 * numbers. Entries the list does not hold are left out.
 */
export function keepNewer<T extends EntryLike>(list: T[], pushed: readonly TallyEntry[], options: TallyOptions): void {
  const read = new Map(list.map((item) => [item.id, item.current_contest_votes]));
  const ahead = pushed.filter((e) => e.votes > (read.get(e.entry_id) ?? Number.POSITIVE_INFINITY));
  if (ahead.length) applyTally(list, { contest_id: 0, group_id: 0, full: false, entries: ahead }, options);
}

export function applyElimination<T extends EntryLike>(list: T[], entryId: number): boolean {
  const item = list.find((i) => i.id === entryId);
  if (!item || item.is_eliminated) return false;
  item.is_eliminated = true;
  return true;
}
