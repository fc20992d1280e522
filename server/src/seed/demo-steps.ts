// What the demo seed writes, as steps run in order inside one transaction on an empty database.
import { hashPassword } from '#server/modules/auth/password.js';
import type { ContestantProfileEntity } from '#server/modules/users/entities/contestant-profile.entity.js';
import type { UserEntity } from '#server/modules/users/entities/user.entity.js';
import { ensureAdminIn, type AdminOutcome, type AdminRequest } from './admin.js';
import { seedDemoContests, type DemoContestTools } from './demo-contests.js';
import { DEMO_CONTESTANT_PASSWORD, DEMO_CONTESTANTS, DEMO_EMAIL_DOMAIN } from './demo-contestants.js';
import type { SeedRepository } from './seed.repository.js';

export interface SeededContestant {
  user: UserEntity;
  profile: ContestantProfileEntity;
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
      passwordHash,
      firstName: c.firstName,
      lastName: c.lastName,
      phoneNumber: c.phone,
      instagram: `https://instagram.com/${c.username}`,
      tiktok: `https://tiktok.com/@${c.username}`,
      isCompetitor: true,
      isVerified: true,
      isSuperuser: false,
    });
    const profile = await ctx.seeds.insertProfile({
      userId: user.id,
      category: c.category,
      biography: c.biography,
      picturesUrls: ctx.pictures[i],
      horrorPassion: c.horrorPassion,
      characterQualities: c.characterQualities,
      dreamsAndGoals: c.dreamsAndGoals,
      idealHorrorRole: c.idealHorrorRole,
      totalVotes: c.totalVotes,
      profileViews: c.profileViews,
    });
    ctx.contestants.push({ user, profile });
  }
};

export const DEMO_SEED_STEPS: readonly DemoSeedStep[] = [seedDemoAdmin, seedDemoContestants, seedDemoContests];
