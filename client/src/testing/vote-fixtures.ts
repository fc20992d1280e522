// Profiles, countdowns and leaderboard items for component tests (shapes of the answers in contract/profiles/, contests/, auth/ and votes/).
import type { ContestantProfile } from '#contract/profiles/answers';
import type { ContestCountdown } from '#contract/contests/answers';
import type { CurrentUser } from '#contract/auth/answers';
import type { LeaderboardItem } from '#contract/votes/answers';
import { DEMO_OFFER } from './fixtures';
import { answersOf } from './fixtures';

/** A profile; its `answers` follow the four answer fields unless given. */
export const makeProfile = (over: Partial<ContestantProfile> = {}, user: Partial<ContestantProfile['user']> = {}): ContestantProfile => {
  const profile = profileFields(over, user);
  const { horror_passion, character_qualities, dreams_and_goals, ideal_horror_role } = profile;
  return { ...profile, answers: over.answers ?? answersOf({ horror_passion, character_qualities, dreams_and_goals, ideal_horror_role }) };
};

const profileFields = (over: Partial<ContestantProfile>, user: Partial<ContestantProfile['user']>): Omit<ContestantProfile, 'answers'> => ({
  id: 7,
  user_id: 70,
  user: { first_name: 'Vera', last_name: 'Voss', username: 'vera', instagram: 'veravoss', tiktok: 'https://www.tiktok.com/@veravoss', ...user },
  category: 'Scream Queens',
  biography: 'Screams for a living.',
  pictures_urls: ['/uploads/vera-1.jpg', '/uploads/vera-2.jpg'],
  current_position_in_group: 2,
  horror_passion: 'Late-night creature features.',
  character_qualities: '',
  dreams_and_goals: 'A lead role in a slasher.',
  ideal_horror_role: null,
  active_contest_entry: { id: 31, contest_id: 1, group_id: 5, current_contest_votes: 40, paid_votes: 0, is_eliminated: false, winner_place: null },
  total_votes: 120,
  free_votes: 100,
  paid_votes: 20,
  is_eliminated: false,
  vote_offer: DEMO_OFFER,
  ...over,
});

/** The countdown answer with the server's clock at `serverTime`. */
export const makeCountdown = (serverTime: string, start: string, end: string | null): ContestCountdown => ({
  id: 1,
  contest_name: 'Fright Night 2030',
  start_date: start,
  end_date: end,
  is_active: true,
  server_time: serverTime,
  time_zone: 'UTC',
  rounds: [],
  current_round: null,
  carry_votes: true,
});

export const makeMe = (username: string, over: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 70,
  username,
  email: `${username}@example.com`,
  first_name: 'Vera',
  last_name: 'Voss',
  is_superuser: false,
  staff_role: null,
  is_competitor: true,
  is_verified: true,
  two_factor_enabled: false,
  contestant_profile: makeProfile({}, { username }),
  contest_entries: [{ id: 31, contest_id: 1, group_id: 5, current_contest_votes: 40, is_eliminated: false, joined_at: '2030-10-01T18:00:00.000Z' }],
  vote_reviews: [],
  deletion_due_at: null,
  ...over,
});

/** A leaderboard item; its votes all free unless `paid_votes` says otherwise (free + paid = the total). */
export const makeItem = (id: number, over: Partial<LeaderboardItem> = {}): LeaderboardItem => {
  const votes = over.current_contest_votes ?? 100 - id;
  const paid = over.paid_votes ?? 0;
  return {
    id,
    user_id: 1000 + id,
    username: `ghoul${id}`,
    first_name: 'Ghoul',
    last_name: `Number${id}`,
    picture_url: null,
    current_contest_votes: votes,
    is_eliminated: false,
    rank: id,
    winner_place: null,
    group_id: 5,
    group_number: 1,
    free_votes: votes - paid,
    paid_votes: paid,
    ...over,
  };
};
