// Contestant profiles: the public profile and its parts, the basics, the vote page's view of a profile, its
// views and social links, and the API document's example profile.
import { z } from 'zod';
import { count, id, named } from '../common/answers.js';
import { voteOfferSchema } from '../payments/answers.js';
import { profileAnswerSchema } from '../questions/answers.js';

export const profileUserSchema = named(
  'ProfileUser',
  z.object({
    first_name: z.string(),
    last_name: z.string(),
    username: z.string(),
    instagram: z.string().nullable(),
    tiktok: z.string().nullable(),
  }),
);
export type ProfileUser = z.infer<typeof profileUserSchema>;

export const activeContestEntrySchema = named(
  'ActiveContestEntry',
  z.object({
    id,
    contest_id: id,
    group_id: id,
    current_contest_votes: z.int(),
    /** Of current_contest_votes, the paid ones (credited purchases). */
    paid_votes: z.int(),
    is_eliminated: z.boolean(),
    /** A winner's place (1 to 5), named when the contest's last round closed; null otherwise. */
    winner_place: z.int().nullable(),
  }),
);
export type ActiveContestEntry = z.infer<typeof activeContestEntrySchema>;

export const contestantProfileSchema = named(
  'ContestantProfile',
  z.object({
    id,
    user_id: id,
    user: profileUserSchema,
    category: z.string(),
    biography: z.string(),
    pictures_urls: z.array(z.string()),
    current_position_in_group: z.int().nullable(),
    horror_passion: z.string().nullable(),
    character_qualities: z.string().nullable(),
    dreams_and_goals: z.string().nullable(),
    ideal_horror_role: z.string().nullable(),
    /** The active profile questions in order, each with this profile's answer (null when none). */
    answers: z.array(profileAnswerSchema),
    active_contest_entry: activeContestEntrySchema.nullable(),
    total_votes: z.int(),
    /** Free votes and credited paid votes; total_votes is their sum. */
    free_votes: z.int(),
    paid_votes: z.int(),
    is_eliminated: z.boolean(),
    /** What votes for this contestant sell for: their current contest's offer; null outside a contest (GET /site has the site's). */
    vote_offer: voteOfferSchema.nullable(),
  }),
);
export type ContestantProfile = z.infer<typeof contestantProfileSchema>;

/**
 * GET /contestants/profile/basics: an answer never given is null; the first four questions' answers also by
 * their own fields (null when that question is retired). `categories`: the ones this contestant may choose now.
 */
export const profileBasicsResponseSchema = named(
  'ProfileBasicsResponse',
  z.object({
    category: z.string(),
    horror_passion: z.string().nullable(),
    character_qualities: z.string().nullable(),
    dreams_and_goals: z.string().nullable(),
    ideal_horror_role: z.string().nullable(),
    answers: z.array(profileAnswerSchema),
    /** Offered by the contestant's contest (or registration's list outside one); the stored category stays valid even if not among them. */
    categories: z.array(z.string()),
  }),
);
export type ProfileBasicsResponse = z.infer<typeof profileBasicsResponseSchema>;

/** PUT /admin/site/categories: the site's list as stored. */
export const siteCategoriesAnswerSchema = named('SiteCategories', z.object({ categories: z.array(z.string()) }));
export type SiteCategories = z.infer<typeof siteCategoriesAnswerSchema>;

/** GET /profiles/id/{profileId}: what the vote page needs. */
export const profileByIdSchema = named(
  'ProfileById',
  z.object({
    id,
    username: z.string(),
    is_eliminated: z.boolean(),
    picture_url: z.string().nullable(),
    user_details: z.object({ first_name: z.string(), last_name: z.string() }),
    /** As on the public profile: the current contest's vote offer, or null outside a contest. */
    vote_offer: voteOfferSchema.nullable(),
  }),
);
export type ProfileById = z.infer<typeof profileByIdSchema>;

export const profileViewsResponseSchema = named('ProfileViewsResponse', z.object({ profile_views: count }));
export type ProfileViewsResponse = z.infer<typeof profileViewsResponseSchema>;

/** GET and PUT /users/social-links answer. */
export const socialLinksAnswerSchema = named('SocialLinks', z.object({ instagram: z.string().nullable(), tiktok: z.string().nullable() }));
export type SocialLinks = z.infer<typeof socialLinksAnswerSchema>;

/** The API document's example, typed by the answer's schema: an example that no longer fits its answer does not compile. */
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
  answers: [
    {
      key: 'horror_passion',
      label: 'What drives your passion for horror?',
      public_label: 'What drives my passion for horror',
      help: 'The film that hooked you, the feeling you chase...',
      required: false,
      max_length: 500,
      answer: 'Slow-burn ghost stories.',
    },
  ],
  active_contest_entry: { id: 81, contest_id: 3, group_id: 9, current_contest_votes: 130, paid_votes: 50, is_eliminated: false, winner_place: null },
  total_votes: 130,
  free_votes: 80,
  paid_votes: 50,
  is_eliminated: false,
  vote_offer: { currency: 'USD', donation_vote_price: 100, packages: [{ id: 1, votes: 10, bonus: 2, price_minor: 1000 }] },
};
