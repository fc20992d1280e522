import { describe, expect, it } from '@jest/globals';
import { registrationFieldsSchema } from '#contract/auth/requests.js';
import { voteOfferInputSchema } from '#contract/payments/requests.js';
import { categoryListSchema } from '#contract/profiles/requests.js';
import { DEMO_CONTESTANT_PASSWORD, DEMO_CONTESTANTS, DEMO_EMAIL_DOMAIN } from './demo-contestants.js';
import { DEMO_COOKING_CATEGORIES, DEMO_COOKING_CURRENCY, DEMO_COOKING_DONATION_VOTE_PRICE, DEMO_COOKING_PACKAGES, DEMO_COOKS } from './demo-cooking.js';

describe('DEMO_COOKS', () => {
  it('should pass the same rules as a real registration', () => {
    for (const c of DEMO_COOKS) {
      const result = registrationFieldsSchema.safeParse({
        username: c.username,
        first_name: c.firstName,
        last_name: c.lastName,
        phone_number: c.phone,
        instagram: `https://instagram.com/${c.username}`,
        tiktok: `https://tiktok.com/@${c.username}`,
        biography: c.biography,
        category: c.category,
        email: `${c.username}@${DEMO_EMAIL_DOMAIN}`,
        password: DEMO_CONTESTANT_PASSWORD,
        confirm_password: DEMO_CONTESTANT_PASSWORD,
      });
      expect(result.error?.issues ?? []).toEqual([]);
    }
  });

  it('should share no username or phone number with the horror contestants', () => {
    const everyone = [...DEMO_CONTESTANTS, ...DEMO_COOKS];
    expect(new Set(everyone.map((c) => c.username.toLowerCase())).size).toBe(everyone.length);
    expect(new Set(everyone.map((c) => c.phone)).size).toBe(everyone.length);
  });

  it('should put at least two cooks in each of the festival categories, with varied counters', () => {
    for (const category of DEMO_COOKING_CATEGORIES) expect(DEMO_COOKS.filter((c) => c.category === category).length).toBeGreaterThanOrEqual(2);
    expect(new Set(DEMO_COOKS.map((c) => c.totalVotes)).size).toBe(DEMO_COOKS.length);
    for (const c of DEMO_COOKS) expect(c.profileViews).toBeGreaterThan(c.totalVotes);
  });

  it('should offer a valid list of categories and a valid offer in reais, as the admin pages would save them', () => {
    expect(categoryListSchema.safeParse([...DEMO_COOKING_CATEGORIES]).success).toBe(true);
    const offer = voteOfferInputSchema.safeParse({
      currency: DEMO_COOKING_CURRENCY,
      donation_vote_price: DEMO_COOKING_DONATION_VOTE_PRICE,
      packages: DEMO_COOKING_PACKAGES,
    });
    expect(offer.error?.issues ?? []).toEqual([]);
  });
});
