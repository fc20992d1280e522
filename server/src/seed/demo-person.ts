// A demo person's account and profile, as the demo contestants and the festival's cooks are seeded.
import type { Locale } from '#contract/site/constants.js';
import { DEMO_EMAIL_DOMAIN, type DemoContestant } from './demo-contestants.js';
import type { DemoSeedContext, SeededContestant } from './demo-steps.js';

/** What a demo contestant and a demo cook both have: an account and a profile. */
type DemoPerson = Pick<DemoContestant, 'username' | 'firstName' | 'lastName' | 'phone' | 'biography' | 'totalVotes' | 'profileViews'> & {
  category: string;
};

/**
 * A demo person's verified competitor account (the shared demo password's hash), whose e-mails are written
 * in `locale`, and profile with `pictures`.
 */
export async function insertDemoPerson(
  ctx: DemoSeedContext,
  c: DemoPerson,
  passwordHash: string,
  pictures: DemoSeedContext['pictures'][number],
  locale: Locale,
): Promise<SeededContestant> {
  const user = await ctx.seeds.insertUser({
    username: c.username,
    email: `${c.username}@${DEMO_EMAIL_DOMAIN}`,
    password_hash: passwordHash,
    first_name: c.firstName,
    last_name: c.lastName,
    phone_number: c.phone,
    instagram: `https://instagram.com/${c.username}`,
    tiktok: `https://tiktok.com/@${c.username}`,
    is_competitor: true,
    is_verified: true,
    is_superuser: false,
    locale,
  });
  const profile = await ctx.seeds.insertProfile({
    user_id: user.id,
    category: c.category,
    biography: c.biography,
    pictures_urls: pictures,
    total_votes: c.totalVotes,
    profile_views: c.profileViews,
  });
  return { user, profile };
}
