// What the demo seed writes, as steps run in order inside one transaction on an empty database.
import type { EntityManager } from 'typeorm';
import { hashPassword } from '../modules/auth/password.js';
import { ContestantProfileEntity } from '../modules/users/entities/contestant-profile.entity.js';
import { UserEntity } from '../modules/users/entities/user.entity.js';
import { ensureAdminIn, type AdminOutcome, type AdminRequest } from './admin.js';
import { seedDemoContests, type DemoContestTools } from './demo-contests.js';
import { DEMO_CONTESTANT_PASSWORD, DEMO_CONTESTANTS, DEMO_EMAIL_DOMAIN } from './demo-contestants.js';

export interface SeededContestant {
  user: UserEntity;
  profile: ContestantProfileEntity;
}

export interface DemoSeedContext {
  em: EntityManager;
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
  ctx.seededAdmin = await ensureAdminIn(ctx.em, ctx.admin);
};

const seedDemoContestants: DemoSeedStep = async (ctx) => {
  // One hash for the one shared, published demo password: twenty argon2 runs would buy nothing.
  const passwordHash = await hashPassword(DEMO_CONTESTANT_PASSWORD);
  const users = ctx.em.getRepository(UserEntity);
  const profiles = ctx.em.getRepository(ContestantProfileEntity);
  for (const [i, c] of DEMO_CONTESTANTS.entries()) {
    const user = await users.save(
      users.create({
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
      }),
    );
    const profile = await profiles.save(
      profiles.create({
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
      }),
    );
    ctx.contestants.push({ user, profile });
  }
};

export const DEMO_SEED_STEPS: readonly DemoSeedStep[] = [seedDemoAdmin, seedDemoContestants, seedDemoContests];
