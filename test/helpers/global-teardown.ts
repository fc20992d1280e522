import { rm } from 'node:fs/promises';
import type { EmbeddedDatabase } from '#server/infra/database/embedded-postgres.js';

export default async function globalTeardown(): Promise<void> {
  const db = (globalThis as Record<string, unknown>).__SCREAMSTAGE_DB__ as EmbeddedDatabase | undefined;
  // Once, however many tiers of the run share the database.
  delete (globalThis as Record<string, unknown>).__SCREAMSTAGE_DB__;
  await db?.stop();
  if (process.env.TEST_ROOT) await rm(process.env.TEST_ROOT, { recursive: true, force: true });
}
