// What the demo seed writes, as steps run in order inside one transaction on an empty database.
import { randomBytes } from 'node:crypto';
import { hashPassword } from '#server/modules/auth/password.js';
import { ensureAdminIn, type AdminOutcome, type AdminRequest } from './admin.js';
import { seedDemoContests, type DemoContestTools } from './demo-contests.js';
import { seedDemoCooking } from './demo-cooking.js';
import { insertDemoPerson } from './demo-person.js';
import { DEMO_CONTESTANT_PASSWORD, DEMO_CONTESTANTS, DEMO_EMAIL_DOMAIN, DEMO_STAFF } from './demo-contestants.js';
import type { SeedProfile, SeedRepository, SeedUser } from './seed.repository.js';

export interface SeededContestant {
  user: SeedUser;
  profile: SeedProfile;
}

/** A demo staff account and its generated password, shown once in the start banner. */
export interface SeededStaff {
  user: SeedUser;
  password: string;
}

export interface DemoSeedContext {
  /** The seed's statements, in the seed's transaction. */
  seeds: SeedRepository;
  admin: AdminRequest;
  /** Picture URLs per DEMO_CONTESTANTS entry, then per DEMO_COOKS entry, stored before the transaction opened. */
  pictures: string[][];
  contestTools: DemoContestTools;
  /** Filled by the steps, for the steps after them. */
  seededAdmin?: AdminOutcome;
  staff: SeededStaff[];
  contestants: SeededContestant[];
  /** The cooking festival's contestants. */
  cooks: SeededContestant[];
}

export type DemoSeedStep = (ctx: DemoSeedContext) => Promise<void>;

const seedDemoAdmin: DemoSeedStep = async (ctx) => {
  ctx.seededAdmin = await ensureAdminIn(ctx.seeds, ctx.admin);
};

/** An organizer and a moderator beside the admin; a username or e-mail the admin already holds is left alone. */
const seedDemoStaff: DemoSeedStep = async (ctx) => {
  for (const s of DEMO_STAFF) {
    const email = `${s.username}@${DEMO_EMAIL_DOMAIN}`;
    if ((await ctx.seeds.usersMatching(s.username, email)).length > 0) continue;
    const password = randomBytes(12).toString('base64url');
    const user = await ctx.seeds.insertUser({
      username: s.username,
      email,
      password_hash: await hashPassword(password),
      first_name: s.firstName,
      last_name: s.lastName,
      is_superuser: true,
      staff_role: s.role,
      is_verified: true,
      is_competitor: false,
    });
    ctx.staff.push({ user, password });
  }
};

const seedDemoContestants: DemoSeedStep = async (ctx) => {
  // One hash for the one shared, published demo password: twenty argon2 runs would buy nothing.
  const passwordHash = await hashPassword(DEMO_CONTESTANT_PASSWORD);
  for (const [i, c] of DEMO_CONTESTANTS.entries()) {
    const { user, profile } = await insertDemoPerson(ctx, c, passwordHash, ctx.pictures[i], 'en');
    // The answers to the demo's four profile questions (the migration's first four).
    await ctx.seeds.insertAnswers(profile.id, {
      horror_passion: c.horrorPassion,
      character_qualities: c.characterQualities,
      dreams_and_goals: c.dreamsAndGoals,
      ideal_horror_role: c.idealHorrorRole,
    });
    ctx.contestants.push({ user, profile });
  }
};

export const DEMO_SEED_STEPS: readonly DemoSeedStep[] = [seedDemoAdmin, seedDemoStaff, seedDemoContestants, seedDemoContests, seedDemoCooking];
