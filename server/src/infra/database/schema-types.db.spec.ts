import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';

// The row types queries are built on (schema.ts) are those of the migrations: a migration that adds,
// drops or changes a column fails here until `npm run db:types` has drawn the types again.
describe('the schema types', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await db.drop();
  });

  it('should be exactly what the migrations create (run npm run db:types when this fails)', () => {
    const run = spawnSync(process.execPath, ['scripts/db-types.mjs', '--check', '--url', db.url], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('matches the migrations');
    expect(run.status).toBe(0);
  });
});
