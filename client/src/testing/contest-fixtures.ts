// Contest, group and contestant answers for component tests (shapes of contract/contests/answers.ts).
import type { AdminContestantItem, Contest, ContestEntryItem, ContestGroup, GroupContestants } from '#contract/contests/answers';
import { CATEGORIES } from '#contract/profiles/constants';
import { staffToken } from './tokens';

/** An owner's token: every admin page and action. */
export const adminToken = () => staffToken('owner', { sub: 'boss', email: 'boss@example.com' });

export const makeContest = (over: Partial<Contest> = {}): Contest => ({
  id: 1,
  name: 'Fright Night 2030',
  description: 'The scariest performances of the season.',
  start_date: '2030-10-01T18:00:00.000Z',
  end_date: '2030-10-31T23:00:00.000Z',
  is_active: true,
  is_current: false,
  group_size_cap: 30,
  vote_challenge: null,
  group_capacity: 30,
  group_count: 2,
  created_at: '2030-09-01T12:00:00.000Z',
  winners: 0,
  time_zone: 'UTC',
  rounds: [],
  current_round: null,
  carry_votes: true,
  named_winners: [],
  categories: null,
  effective_categories: [...CATEGORIES],
  ...over,
});

export const makeGroup = (over: Partial<ContestGroup> = {}): ContestGroup => ({
  id: 5,
  group_number: 1,
  contest_id: 1,
  is_active: true,
  current_contestants_count: 12,
  capacity: 30,
  is_full: false,
  ...over,
});

export const makeEntry = (rank: number, over: Partial<ContestEntryItem> = {}): ContestEntryItem => ({
  id: 100 + rank,
  user_id: 200 + rank,
  username: `screamer${rank}`,
  first_name: 'Scream',
  last_name: `Number${rank}`,
  picture_url: null,
  current_contest_votes: 1000 - rank * 10,
  is_eliminated: false,
  winner_place: null,
  rank,
  ...over,
});

export const makeGroupContestants = (entries: ContestEntryItem[], over: Partial<ContestGroup> = {}): GroupContestants => ({
  ...makeGroup({ current_contestants_count: entries.length, ...over }),
  contestant_entries: entries,
});

export const makeAdminContestant = (n: number, over: Partial<AdminContestantItem> = {}): AdminContestantItem => ({
  id: n,
  user_id: 500 + n,
  username: `ghoul${n}`,
  first_name: 'Ghoul',
  last_name: `Number${n}`,
  email: `ghoul${n}@example.com`,
  picture_url: null,
  category: 'Scream Queens',
  total_votes: n * 3,
  current_contest_votes: n * 2,
  rank: n,
  group_number: 1,
  is_eliminated: false,
  ...over,
});

/** Resolves a fake reply later, to see the in-between state ('Joining...', 'Deleting...'). */
export function deferred<T>() {
  let release: (value: T) => void = () => {};
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}
