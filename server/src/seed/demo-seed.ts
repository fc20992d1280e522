// Demo data for a first start: runs only while the database has no users at all, in one
// transaction, so a half-seeded database never exists (and a crash mid-way seeds again next time).
import type { DataSource, EntityManager } from 'typeorm';
import type { FileStorage } from '../infra/storage/storage.js';
import { UserEntity } from '../modules/users/entities/user.entity.js';
import type { AdminOutcome, AdminRequest } from './admin.js';
import { DEMO_CONTESTANTS } from './demo-contestants.js';
import type { DemoContestTools } from './demo-contests.js';
import { removePictures, storeDemoPictures } from './demo-pictures.js';
import { DEMO_SEED_STEPS, type DemoSeedContext, type SeededContestant } from './demo-steps.js';
import { withSeedLock } from './seed-lock.js';

export interface DemoSeedResult {
  /** As requested, so the banner can show a generated password. */
  admin: AdminRequest;
  seededAdmin: AdminOutcome;
  contestants: SeededContestant[];
  pictures: string[][];
}

const hasUsers = (em: EntityManager | DataSource) => em.getRepository(UserEntity).exists();

/** Seeds and answers what it made, or null when the database already had users. */
export async function seedDemo(ds: DataSource, storage: FileStorage, admin: AdminRequest, contestTools: DemoContestTools): Promise<DemoSeedResult | null> {
  // Checked before rendering pictures too, so later starts cost one query.
  if (await hasUsers(ds)) return null;
  const pictures = await storeDemoPictures(storage, DEMO_CONTESTANTS);
  try {
    const result = await withSeedLock(ds, async (em) => {
      // Another replica may have seeded while the pictures were rendering.
      if (await hasUsers(em)) return null;
      const ctx: DemoSeedContext = { em, admin, pictures, contestTools, contestants: [] };
      for (const step of DEMO_SEED_STEPS) await step(ctx);
      if (!ctx.seededAdmin) throw new Error('demo seed: no step made the admin');
      return { admin, seededAdmin: ctx.seededAdmin, contestants: ctx.contestants, pictures };
    });
    if (!result) await removePictures(storage, pictures.flat());
    return result;
  } catch (err) {
    await removePictures(storage, pictures.flat());
    throw err;
  }
}
