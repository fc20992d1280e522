// Answers the fake network gives in component tests.
import type { SiteConfig } from '#contract/site/answers';

export const SITE: SiteConfig = {
  product_name: 'ScreamStage',
  promo_video_url: '/media/promo.mp4',
  promo_poster_url: '/media/promo-poster.jpg',
  hero_image_url: '/media/hero.jpg',
  dashboard_video_urls: [],
  payment_methods: [],
  payments_test_mode: false,
  charity_name: 'our partner charity',
  charity_beneficiary: "a children's toy-drive foundation",
  charity_share: 100,
  charity_url: null,
  logo_url: null,
  accent_color: '#e11d2a',
  background_color: '#050505',
};

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
});
