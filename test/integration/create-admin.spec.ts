import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { hashPassword, verifyPassword } from '#server/modules/auth/password.js';
import { aUser } from '../helpers/factories.js';
import { freePort } from '../helpers/free-port.js';
import { createTestDatabase, createTestDataDir, type TestDatabase } from '../helpers/test-app.js';

const CLI = path.resolve('dist/server/src/cli/create-admin.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The compiled command as `npm run create-admin` runs it, in a process of its own. */
function createAdmin(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env }, timeout: 90_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    );
  });
}

describe('create-admin command', () => {
  let db: TestDatabase;
  let env: Record<string, string>;
  const user = async (username: string) => (await db.pool.query('SELECT * FROM users WHERE lower(username) = lower($1)', [username])).rows[0];
  const userCount = async () => (await db.pool.query('SELECT count(*)::int AS n FROM users')).rows[0].n as number;

  beforeAll(async () => {
    db = await createTestDatabase();
    env = { DATABASE_URL: db.url, DATA_DIR: await createTestDataDir() };
  });
  afterAll(async () => {
    await db.drop();
  });

  it('should create a verified owner', async () => {
    const run = await createAdmin(['--username', 'root.admin', '--email', 'root@example.com', '--password', 'first-admin-pass'], env);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain("Created administrator 'root.admin' <root@example.com>: a verified staff account, role owner.");
    const row = await user('root.admin');
    expect(row).toMatchObject({ email: 'root@example.com', is_superuser: true, staff_role: 'owner', is_verified: true, is_competitor: false });
    expect(await verifyPassword(row.password_hash, 'first-admin-pass')).toBe(true);
  }, 60_000);

  it('should promote an existing user matched by username in another letter case and set the password', async () => {
    await aUser(db, { username: 'Mira', email: 'mira@example.com', password_hash: await hashPassword('old-password') });
    const before = await userCount();
    const run = await createAdmin(['--username', 'mira', '--email', 'someone-else@example.com', '--password', 'brand-new-pass'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Promoted existing user 'Mira' <mira@example.com> (matched by username)");
    expect(await userCount()).toBe(before);
    const row = await user('Mira');
    expect(row).toMatchObject({ email: 'mira@example.com', is_superuser: true, staff_role: 'owner', is_verified: true });
    expect(await verifyPassword(row.password_hash, 'brand-new-pass')).toBe(true);
  }, 60_000);

  it('should promote the owner of the e-mail even when the username belongs to someone else', async () => {
    await aUser(db, { username: 'owner', email: 'Owner@Example.com', password_hash: await hashPassword('old-password') });
    const run = await createAdmin(['--username', 'Mira', '--email', 'owner@example.com', '--password', 'owner-new-pass'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Promoted existing user 'owner'");
    expect(run.stdout).toContain("note: username 'Mira' belongs to another account");
    expect(await verifyPassword((await user('owner')).password_hash, 'owner-new-pass')).toBe(true);
    expect(await verifyPassword((await user('Mira')).password_hash, 'brand-new-pass')).toBe(true);
  }, 60_000);

  it('should create staff with the role --role names, and change the role of an existing staff account', async () => {
    const run = await createAdmin(['--username', 'org.anne', '--email', 'anne@example.com', '--password', 'organizer-pass', '--role', 'organizer'], env);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain("Created administrator 'org.anne' <anne@example.com>: a verified staff account, role organizer.");
    expect(await user('org.anne')).toMatchObject({ is_superuser: true, staff_role: 'organizer', is_verified: true });
    const again = await createAdmin(['--username', 'org.anne', '--email', 'anne@example.com', '--password', 'organizer-pass', '--role', 'moderator'], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("'org.anne' <anne@example.com> was verified staff, role organizer; now role moderator");
    expect(await user('org.anne')).toMatchObject({ is_superuser: true, staff_role: 'moderator' });
  }, 60_000);

  it("should refuse to take the only owner's role away, and change nothing", async () => {
    // root.admin is the only owner from here on.
    await db.pool.query(`UPDATE users SET staff_role = 'organizer' WHERE staff_role = 'owner' AND username <> 'root.admin'`);
    const run = await createAdmin(['--username', 'root.admin', '--email', 'root@example.com', '--password', 'another-pass-1', '--role', 'moderator'], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("create-admin: 'root.admin' is the only owner: make another account owner first");
    const row = await user('root.admin');
    expect(row).toMatchObject({ staff_role: 'owner' });
    expect(await verifyPassword(row.password_hash, 'first-admin-pass')).toBe(true);
  }, 60_000);

  it.each([
    [[], ['--username is required', '--email is required', '--password is required']],
    [['--username', 'no spaces', '--email', 'a@example.com', '--password', 'long-enough'], ['--username: Username must be 3-30']],
    [['--username', 'valid_name', '--email', 'not-an-address', '--password', 'long-enough'], ["--email: 'not-an-address' is not a valid e-mail address"]],
    [['--username', 'valid_name', '--email', 'a@example.com', '--password', 'short'], ['--password: must be at least 8 characters']],
    [['--username', 'valid_name', '--email', 'a@example.com', '--password', 'long-enough', '--admin'], ["Unknown option '--admin'"]],
    [['--username'], ["Option '--username <value>' argument missing"]],
  ])('should refuse arguments %j with exit code 2 and a clear line', async (args, messages) => {
    const before = await userCount();
    const run = await createAdmin(args, env);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    for (const m of messages) expect(run.stderr).toContain(m);
    for (const line of run.stderr.trim().split('\n')) expect(line).toMatch(/^(create-admin: |usage: )/);
    expect(await userCount()).toBe(before);
  });

  it('should exit with 2 and name the variable when the configuration is bad', async () => {
    const run = await createAdmin(['--username', 'valid_name', '--email', 'a@example.com', '--password', 'long-enough'], {
      ...env,
      DATABASE_URL: 'mysql://nope',
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('config error: DATABASE_URL');
  });
});

describe('create-admin command on the embedded PostgreSQL', () => {
  it('should use the embedded server a running app holds, and leave it running', async () => {
    // The test run's own embedded PostgreSQL lives in TEST_ROOT/postgres, just as `npm start` keeps
    // its server in DATA_DIR/postgres; the command must find it through postmaster.pid.
    const adminUrl = process.env.TEST_PG_ADMIN_URL!;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query('DROP DATABASE IF EXISTS screamstage WITH (FORCE)');
      await admin.query('CREATE DATABASE screamstage');
      const run = await createAdmin(['--username', 'embedded_admin', '--email', 'embedded@example.com', '--password', 'embedded-pass'], {
        DATA_DIR: process.env.TEST_ROOT!,
        // Deliberately wrong: the port must come from postmaster.pid.
        EMBEDDED_PG_PORT: String(await freePort()),
      });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('the running embedded PostgreSQL');
      const app = new pg.Client({ connectionString: adminUrl.replace(/\/postgres$/, '/screamstage') });
      await app.connect();
      const rows = (await app.query('SELECT username, is_superuser FROM users')).rows;
      await app.end();
      expect(rows).toEqual([{ username: 'embedded_admin', is_superuser: true }]);
    } finally {
      await admin.query('DROP DATABASE IF EXISTS screamstage WITH (FORCE)');
      await admin.end();
    }
  }, 60_000);

  it('should start an embedded PostgreSQL of its own when none runs, and stop it afterwards', async () => {
    const dataDir = await createTestDataDir();
    const port = await freePort();
    const run = await createAdmin(['--username', 'fresh_admin', '--email', 'fresh@example.com', '--password', 'fresh-pass-1'], {
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(port),
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Created administrator 'fresh_admin'");
    expect(run.stdout).toContain(`the embedded PostgreSQL in ${path.join(dataDir, 'postgres')}`);
    // Stopped: nothing listens on its port any more.
    const probe = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/screamstage`, connectionTimeoutMillis: 2000 });
    await expect(probe.connect()).rejects.toThrow();
  }, 120_000);
});
