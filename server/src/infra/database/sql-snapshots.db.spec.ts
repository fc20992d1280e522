import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';

// The SQL snapshots in server/src/queries are what the repositories send: a changed query fails here
// until `npm run db:sql` has written its snapshot again, so the change shows in review.
describe('the SQL snapshots', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await db.drop();
  });

  it('should be exactly what the repositories send (run npm run db:sql when this fails)', () => {
    const run = spawnSync(process.execPath, ['scripts/db-sql.mjs', '--check', '--url', db.url], { encoding: 'utf8', timeout: 120_000 });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/the \d+ snapshots in server\/src\/queries match the repositories/);
    expect(run.status).toBe(0);
  });
});
