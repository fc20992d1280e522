import { describe, expect, it } from '@jest/globals';
import { registrationFieldsSchema } from '#contract/auth/requests.js';
import { CATEGORIES } from '#contract/profiles/constants.js';
import { DEMO_CONTESTANT_PASSWORD, DEMO_CONTESTANTS, DEMO_EMAIL_DOMAIN } from './demo-contestants.js';

describe('DEMO_CONTESTANTS', () => {
  it('should pass the same rules as a real registration', () => {
    for (const c of DEMO_CONTESTANTS) {
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

  it('should have unique usernames and phone numbers of exactly 10 digits', () => {
    expect(new Set(DEMO_CONTESTANTS.map((c) => c.username.toLowerCase())).size).toBe(DEMO_CONTESTANTS.length);
    expect(new Set(DEMO_CONTESTANTS.map((c) => c.phone)).size).toBe(DEMO_CONTESTANTS.length);
    for (const c of DEMO_CONTESTANTS) expect(c.phone).toMatch(/^\d{10}$/);
  });

  it('should spread about 20 contestants evenly over the four categories', () => {
    expect(DEMO_CONTESTANTS.length).toBeGreaterThanOrEqual(18);
    for (const category of CATEGORIES) {
      expect(DEMO_CONTESTANTS.filter((c) => c.category === category).length).toBeGreaterThanOrEqual(4);
    }
  });

  it('should fill all four answers and give varied counters', () => {
    for (const c of DEMO_CONTESTANTS) {
      for (const text of [c.horrorPassion, c.characterQualities, c.dreamsAndGoals, c.idealHorrorRole]) expect(text.trim().length).toBeGreaterThan(20);
      expect(c.profileViews).toBeGreaterThan(c.totalVotes);
    }
    expect(new Set(DEMO_CONTESTANTS.map((c) => c.totalVotes)).size).toBe(DEMO_CONTESTANTS.length);
    const answers = DEMO_CONTESTANTS.flatMap((c) => [c.horrorPassion, c.idealHorrorRole]);
    expect(new Set(answers).size).toBe(answers.length);
  });
});
