// Example answers of the main calls, shown by the API document; typed by the answers' schemas, so an
// example that no longer fits its answer does not compile.
import type { BuyVotesResponse, Contest, ContestantProfile, CurrentUser, LeaderboardItem } from './api-types.js';

export const CONTEST_EXAMPLE: Contest = {
  id: 3,
  name: 'Scream Stage 2026',
  description: 'Two weeks of head-to-head horror acting, decided by fan votes.',
  start_date: '2026-10-01T00:00:00.000Z',
  end_date: '2026-10-31T23:59:59.000Z',
  is_active: true,
  is_current: true,
  vote_challenge: null,
  group_size_cap: 20,
  group_capacity: 20,
  group_count: 4,
  created_at: '2026-09-15T12:00:00.000Z',
  winners: 3,
  time_zone: 'America/New_York',
  rounds: [
    {
      id: 7,
      position: 1,
      name: 'Group stage',
      ends_at: '2026-10-15T23:59:59.000Z',
      advance_per_group: 5,
      advance_total: null,
      state: 'running',
      closed_at: null,
    },
    {
      id: 8,
      position: 2,
      name: 'Final',
      ends_at: '2026-10-31T23:59:59.000Z',
      advance_per_group: null,
      advance_total: null,
      state: 'upcoming',
      closed_at: null,
    },
  ],
  current_round: 1,
  carry_votes: true,
  named_winners: [],
};

export const PROFILE_EXAMPLE: ContestantProfile = {
  id: 12,
  user_id: 40,
  user: { first_name: 'Ada', last_name: 'Lovelace', username: 'ada_l', instagram: 'https://instagram.com/ada_l', tiktok: null },
  category: 'Scream Queens',
  biography: 'Stage actress with a scream that cracks windows.',
  pictures_urls: ['/uploads/pictures/4f9c2b.jpg'],
  current_position_in_group: 2,
  horror_passion: 'Slow-burn ghost stories.',
  character_qualities: null,
  dreams_and_goals: null,
  ideal_horror_role: 'The last one standing.',
  active_contest_entry: { id: 81, contest_id: 3, group_id: 9, current_contest_votes: 130, is_eliminated: false, winner_place: null },
  total_votes: 130,
  free_votes: 80,
  paid_votes: 50,
  is_eliminated: false,
};

export const CURRENT_USER_EXAMPLE: CurrentUser = {
  id: 40,
  username: 'ada_l',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  is_superuser: false,
  is_competitor: true,
  is_verified: true,
  contestant_profile: PROFILE_EXAMPLE,
  contest_entries: [{ id: 81, contest_id: 3, group_id: 9, current_contest_votes: 130, is_eliminated: false, joined_at: '2026-10-01T09:30:00.000Z' }],
  vote_reviews: [],
};

export const LEADERBOARD_EXAMPLE: LeaderboardItem[] = [
  {
    id: 81,
    user_id: 40,
    username: 'ada_l',
    first_name: 'Ada',
    last_name: 'Lovelace',
    picture_url: '/uploads/pictures/4f9c2b.jpg',
    current_contest_votes: 130,
    is_eliminated: false,
    rank: 1,
    winner_place: null,
    group_id: 9,
    group_number: 1,
    free_votes: 80,
    paid_votes: 50,
  },
  {
    id: 85,
    user_id: 44,
    username: 'vincent_p',
    first_name: 'Vincent',
    last_name: 'Price',
    picture_url: null,
    current_contest_votes: 97,
    is_eliminated: false,
    rank: 2,
    winner_place: null,
    group_id: 9,
    group_number: 1,
    free_votes: 97,
    paid_votes: 0,
  },
];

/** A checkout: the provider's page, or this site's TEST MODE page. */
export const CHECKOUT_EXAMPLE: BuyVotesResponse = { payment_url: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3D4' };
