import { afterEach, describe, expect, it } from '@jest/globals';
import { rm } from 'node:fs/promises';
import { hashPassword, verifyPassword } from '#server/modules/auth/password.js';
import { DEMO_BANNER_TITLE } from '#server/seed/credentials-banner.js';
import { aUser } from '../helpers/factories.js';
import { createTestDatabase, createTestDataDir, startTestServer, type TestDatabase, type TestServer } from '../helpers/test-app.js';

const SEED_ADMIN = { SEED_ADMIN_USERNAME: 'boss', SEED_ADMIN_EMAIL: 'boss@example.com', SEED_ADMIN_PASSWORD: 'correct-horse-battery' };

describe('administrator from SEED_ADMIN_*', () => {
  const cleanup: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  const start = async (env: Record<string, string>, db?: TestDatabase, dataDir?: string): Promise<TestServer> => {
    const t = await startTestServer(env, { db, dataDir });
    cleanup.push(() => t.stop());
    return t;
  };
  const users = async (db: TestDatabase) => (await db.pool.query('SELECT * FROM users ORDER BY id')).rows;

  it('should create a verified owner at start, and only once across restarts', async () => {
    const db = await createTestDatabase();
    cleanup.push(() => db.drop());
    const first = await start(SEED_ADMIN, db);
    await first.stop();
    await start(SEED_ADMIN, db);
    const rows = await users(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      username: 'boss',
      email: 'boss@example.com',
      is_superuser: true,
      staff_role: 'owner',
      is_verified: true,
      is_competitor: false,
    });
    expect(await verifyPassword(rows[0].password_hash, SEED_ADMIN.SEED_ADMIN_PASSWORD)).toBe(true);
  }, 60_000);

  it('should promote an existing user found by e-mail in any letter case and keep their password', async () => {
    const db = await createTestDatabase();
    cleanup.push(() => db.drop());
    await aUser(db, { username: 'Jane.Doe', email: 'BOSS@Example.com', password_hash: await hashPassword('her-own-password'), is_competitor: true });
    await start(SEED_ADMIN, db);
    const rows = await users(db);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'Jane.Doe', is_superuser: true, staff_role: 'owner', is_verified: true, is_competitor: true });
    expect(await verifyPassword(rows[0].password_hash, 'her-own-password')).toBe(true);
  }, 60_000);

  it('should leave the role of an account that is staff already, as an owner may have changed it', async () => {
    const db = await createTestDatabase();
    cleanup.push(() => db.drop());
    await aUser(db, { username: 'boss', email: 'boss@example.com', staff_role: 'moderator', is_verified: true });
    await start(SEED_ADMIN, db);
    expect((await users(db)).map((u) => [u.username, u.staff_role])).toEqual([['boss', 'moderator']]);
  }, 60_000);

  it('should make the configured account the demo admin on a first start without printing its password', async () => {
    const db = await createTestDatabase();
    const dataDir = await createTestDataDir();
    cleanup.push(
      () => db.drop(),
      () => rm(dataDir, { recursive: true, force: true }),
    );
    const t = await start({ ...SEED_ADMIN, SEED_DEMO: 'true' }, db, dataDir);
    const owners = (await db.pool.query(`SELECT * FROM users WHERE staff_role = 'owner'`)).rows;
    expect(owners).toHaveLength(1);
    expect(owners[0]).toMatchObject({ username: 'boss', email: 'boss@example.com', is_superuser: true });
    // Beside it the demo organizer and moderator, whose generated passwords the banner shows.
    expect((await db.pool.query(`SELECT staff_role FROM users WHERE is_superuser AND username <> 'boss' ORDER BY id`)).rows).toEqual([
      { staff_role: 'organizer' },
      { staff_role: 'moderator' },
    ]);
    expect((await db.pool.query('SELECT count(*)::int AS n FROM users WHERE is_competitor')).rows[0].n).toBeGreaterThanOrEqual(18);
    expect(t.output()).toContain(DEMO_BANNER_TITLE);
    expect(t.output()).not.toContain(SEED_ADMIN.SEED_ADMIN_PASSWORD);
  }, 60_000);
});
