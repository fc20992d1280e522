import type { INestApplicationContext } from '@nestjs/common';
import type { Logger as Pino } from 'pino';
import type { AppConfig } from '../config/config.js';

/** Demo data on an empty database, and the first administrator from SEED_ADMIN_*. */
export async function runSeeds(_app: INestApplicationContext, _config: AppConfig, _log: Pino): Promise<void> {
  // filled in by the accounts work
}
