// Demo data for a first start: runs only while the database has no users at all, in one
// transaction, so a half-seeded database never exists (and a crash mid-way seeds again next time).
import type { Transactions } from '#server/infra/database/transactional.js';
import type { FileStorage } from '#server/infra/storage/storage.js';
import type { AdminOutcome, AdminRequest } from './admin.js';
import { DEMO_CONTESTANTS } from './demo-contestants.js';
import type { DemoContestTools } from './demo-contests.js';
import { DEMO_COOKS } from './demo-cooking.js';
import { removePictures, storeDemoPictures } from './demo-pictures.js';
import { DEMO_SEED_STEPS, type DemoSeedContext, type SeededContestant, type SeededStaff } from './demo-steps.js';
import type { SeedRepository } from './seed.repository.js';

export interface DemoSeedResult {
  /** As requested, so the banner can show a generated password. */
  admin: AdminRequest;
  seededAdmin: AdminOutcome;
  /** The demo organizer and moderator, with their generated passwords. */
  staff: SeededStaff[];
  contestants: SeededContestant[];
  /** The cooking festival's contestants. */
  cooks: SeededContestant[];
  pictures: string[][];
}

/** Seeds and answers what it made, or null when the database already had users. */
export async function seedDemo(
  transactions: Transactions,
  seeds: SeedRepository,
  storage: FileStorage,
  admin: AdminRequest,
  contestTools: DemoContestTools,
): Promise<DemoSeedResult | null> {
  // Checked before rendering pictures too, so later starts cost one query.
  if (await seeds.hasUsers()) return null;
  const pictures = await storeDemoPictures(storage, [...DEMO_CONTESTANTS, ...DEMO_COOKS]);
  try {
    const result = await transactions.run(async () => {
      await seeds.lock();
      // Another replica may have seeded while the pictures were rendering.
      if (await seeds.hasUsers()) return null;
      const ctx: DemoSeedContext = { seeds, admin, pictures, contestTools, staff: [], contestants: [], cooks: [] };
      for (const step of DEMO_SEED_STEPS) await step(ctx);
      if (!ctx.seededAdmin) throw new Error('demo seed: no step made the admin');
      return { admin, seededAdmin: ctx.seededAdmin, staff: ctx.staff, contestants: ctx.contestants, cooks: ctx.cooks, pictures };
    });
    if (!result) await removePictures(storage, pictures.flat());
    return result;
  } catch (err) {
    await removePictures(storage, pictures.flat());
    throw err;
  }
}
