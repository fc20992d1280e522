// Tallies as the server sends them, for tests: an entry needs its id, name and votes; the rest
// defaults to a first-placed, free-voted contestant with no votes in other contests.
import type { TallyEntry, TallyEvent } from '#contract/live/events';

type EntryInput = Pick<TallyEntry, 'entry_id' | 'username' | 'votes'> & Partial<TallyEntry>;

export const tallyEntry = (e: EntryInput): TallyEntry => ({ paid: 0, total: e.votes, rank: 1, eliminated: false, ...e });

export const tallyOf = (groupId: number, entries: EntryInput[], { contestId = 1, full = false } = {}): TallyEvent => ({
  contest_id: contestId,
  group_id: groupId,
  full,
  entries: entries.map(tallyEntry),
});
