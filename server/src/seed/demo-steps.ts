// What the demo seed writes, as steps run in order inside one transaction on an empty database.
import { hashPassword } from '#server/modules/auth/password.js';
import { ensureAdminIn, type AdminOutcome, type AdminRequest } from './admin.js';
import { seedDemoContests, type DemoContestTools } from './demo-contests.js';
import { DEMO_CONTESTANT_PASSWORD, DEMO_CONTESTANTS, DEMO_EMAIL_DOMAIN } from './demo-contestants.js';
import type { SeedProfile, SeedRepository, SeedUser } from './seed.repository.js';

export interface SeededContestant {
  user: SeedUser;
  profile: SeedProfile;
}

export interface DemoSeedContext {
  /** The seed's statements, in the seed's transaction. */
  seeds: SeedRepository;
  admin: AdminRequest;
  /** Picture URLs per DEMO_CONTESTANTS entry, stored before the transaction opened. */
  pictures: string[][];
  contestTools: DemoContestTools;
  /** Filled by the steps, for the steps after them. */
  seededAdmin?: AdminOutcome;
  contestants: SeededContestant[];
}

export type DemoSeedStep = (ctx: DemoSeedContext) => Promise<void>;

const seedDemoAdmin: DemoSeedStep = async (ctx) => {
  ctx.seededAdmin = await ensureAdminIn(ctx.seeds, ctx.admin);
};

const seedDemoContestants: DemoSeedStep = async (ctx) => {
  // One hash for the one shared, published demo password: twenty argon2 runs would buy nothing.
  const passwordHash = await hashPassword(DEMO_CONTESTANT_PASSWORD);
  for (const [i, c] of DEMO_CONTESTANTS.entries()) {
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
    });
    const profile = await ctx.seeds.insertProfile({
      user_id: user.id,
      category: c.category,
      biography: c.biography,
      pictures_urls: ctx.pictures[i],
      horror_passion: c.horrorPassion,
      character_qualities: c.characterQualities,
      dreams_and_goals: c.dreamsAndGoals,
      ideal_horror_role: c.idealHorrorRole,
      total_votes: c.totalVotes,
      profile_views: c.profileViews,
    });
    ctx.contestants.push({ user, profile });
  }
};

export const DEMO_SEED_STEPS: readonly DemoSeedStep[] = [seedDemoAdmin, seedDemoContestants, seedDemoContests];
