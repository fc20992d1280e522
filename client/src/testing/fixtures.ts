// Answers the fake network gives in component tests.
import type { VoteOffer } from '#contract/payments/answers';
import { CATEGORIES } from '#contract/profiles/constants';
import type { ProfileAnswer, ProfileQuestion } from '#contract/questions/answers';
import type { SiteConfig } from '#contract/site/answers';

/** The demo's offer (the migration's four packages, one dollar a base vote). */
export const DEMO_OFFER: VoteOffer = {
  currency: 'USD',
  donation_vote_price: 100,
  packages: [
    { id: 1, votes: 10, bonus: 2, price_minor: 1000 },
    { id: 2, votes: 50, bonus: 20, price_minor: 5000 },
    { id: 3, votes: 100, bonus: 50, price_minor: 10000 },
    { id: 4, votes: 200, bonus: 125, price_minor: 20000 },
  ],
};

/** An offer in yen: ¥1,500 for 10 + 2 votes, ¥150 a donated vote. */
export const YEN_OFFER: VoteOffer = { currency: 'JPY', donation_vote_price: 150, packages: [{ id: 9, votes: 10, bonus: 2, price_minor: 1500 }] };

export const SITE: SiteConfig = {
  product_name: 'ScreamStage',
  promo_video_url: '/media/promo.mp4',
  promo_poster_url: '/media/promo-poster.jpg',
  hero_image_url: '/media/hero.jpg',
  dashboard_video_urls: [],
  vote_offer: DEMO_OFFER,
  payment_methods: [],
  payments_test_mode: false,
  charity_name: 'our partner charity',
  charity_beneficiary: "a children's toy-drive foundation",
  charity_share: 100,
  charity_url: null,
  logo_url: null,
  accent_color: '#e11d2a',
  background_color: '#050505',
  categories: [...CATEGORIES],
  sign_in_providers: [],
  vote_identity: 'network',
};

/** GET /profile-questions: the migration's four (optional, 500 characters each). */
export const QUESTIONS: ProfileQuestion[] = [
  ['horror_passion', 'What drives your passion for horror?', 'What drives my passion for horror', 'The film that hooked you, the feeling you chase...'],
  ['character_qualities', 'What qualities do you bring to a character?', 'Qualities I bring to a character', 'What makes your performances unforgettable?'],
  ['dreams_and_goals', 'What are your dreams and goals?', 'My dreams and goals', 'Where do you want your acting to take you?'],
  ['ideal_horror_role', 'What is your ideal horror role?', 'My ideal horror role', 'Final girl, creature, villain...'],
].map(([key, label, public_label, help], i) => ({
  id: i + 1,
  key,
  label,
  public_label,
  help,
  required: false,
  max_length: 500,
  position: i + 1,
  retired: false,
}));

/** The four questions with these answers by key, as profiles and basics carry them. */
export const answersOf = (answers: Partial<Record<string, string | null>> = {}, questions: ProfileQuestion[] = QUESTIONS): ProfileAnswer[] =>
  questions.map(({ key, label, public_label, help, required, max_length }) => ({
    key,
    label,
    public_label,
    help,
    required,
    max_length,
    answer: answers[key] ?? null,
  }));

/** GET /site with paid votes on (TEST MODE, both methods unless given). */
export const sitePaying = (methods: SiteConfig['payment_methods'] = ['stripe', 'paypal'], testMode = true): SiteConfig => ({
  ...SITE,
  payment_methods: methods,
  payments_test_mode: testMode,
});

/** GET /users/me for a contestant; only the fields the client reads are filled. */
export const meFor = (username: string, pictures: string[] = []) => ({
  id: 1,
  username,
  email: `${username}@example.com`,
  first_name: 'Test',
  last_name: 'User',
  is_superuser: false,
  is_competitor: true,
  is_verified: true,
  two_factor_enabled: false,
  contestant_profile: { pictures_urls: pictures },
  contest_entries: [],
  vote_reviews: [],
  deletion_due_at: null,
});
