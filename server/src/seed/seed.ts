// Start-up seeding: the administrator from SEED_ADMIN_*, and demo data on a first start.
import type { INestApplicationContext } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Logger as Pino } from 'pino';
import { DataSource } from 'typeorm';
import { USERNAME_FORMAT_MESSAGE } from '#contract/auth/messages.js';
import { USERNAME_PATTERN } from '#contract/auth/constants.js';
import type { AppConfig } from '#server/config/config.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { FileStorage } from '#server/infra/storage/storage.js';
import { ContestJoiner } from '#server/modules/contests/contest-joiner.js';
import { ContestRoundsService } from '#server/modules/contests/contest-rounds.service.js';
import { ContestsRepository } from '#server/modules/contests/contests.repository.js';
import { EntriesRepository } from '#server/modules/contests/entries.repository.js';
import { VotePackagesRepository } from '#server/modules/vote-packages/vote-packages.repository.js';
import { ensureAdmin, type AdminRequest } from './admin.js';
import { demoCredentialsBanner } from './credentials-banner.js';
import { DEMO_ADMIN_EMAIL } from './demo-contestants.js';
import { seedDemo } from './demo-seed.js';
import { SeedRepository } from './seed.repository.js';

/** Demo data on an empty database, and the first administrator from SEED_ADMIN_*. */
export async function runSeeds(app: INestApplicationContext, config: AppConfig, log: Pino): Promise<void> {
  const transactions = app.get(Transactions);
  const seeds = new SeedRepository(app.get(DataSource));
  const configured: AdminRequest | null =
    config.SEED_ADMIN_EMAIL && config.SEED_ADMIN_PASSWORD
      ? {
          username: config.SEED_ADMIN_USERNAME,
          email: config.SEED_ADMIN_EMAIL,
          password: config.SEED_ADMIN_PASSWORD,
          existingPassword: 'keep',
          role: 'owner',
          existingRole: 'keep',
        }
      : null;
  if ((configured || config.SEED_DEMO) && !USERNAME_PATTERN.test(config.SEED_ADMIN_USERNAME)) {
    throw new Error(`config error: SEED_ADMIN_USERNAME: ${USERNAME_FORMAT_MESSAGE}`);
  }

  if (config.SEED_DEMO) {
    const admin: AdminRequest = configured ?? {
      username: config.SEED_ADMIN_USERNAME,
      email: DEMO_ADMIN_EMAIL,
      password: randomBytes(12).toString('base64url'),
      existingPassword: 'keep',
      role: 'owner',
      existingRole: 'keep',
    };
    const started = Date.now();
    const contestTools = {
      contests: app.get(ContestsRepository),
      entries: app.get(EntriesRepository),
      joiner: app.get(ContestJoiner),
      rounds: app.get(ContestRoundsService),
      votePackages: app.get(VotePackagesRepository),
    };
    const seeded = await seedDemo(transactions, seeds, app.get(FileStorage), admin, contestTools);
    if (seeded) {
      const pictures = seeded.pictures.flat().length;
      log.info({ contestants: seeded.contestants.length, cooks: seeded.cooks.length, pictures, ms: Date.now() - started }, 'seeded demo data');
      // console, not the JSON log: the password must not end up in log storage.
      console.log(demoCredentialsBanner(config.PRODUCT_NAME, seeded, !configured));
    }
  }

  if (configured) {
    const outcome = await ensureAdmin(transactions, seeds, configured);
    log.info(
      { username: outcome.user.username, action: outcome.action, matchedBy: outcome.matchedBy, notes: outcome.notes },
      'administrator from SEED_ADMIN_EMAIL',
    );
  }
}
