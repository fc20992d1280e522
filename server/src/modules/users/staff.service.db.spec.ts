import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import type { StaffRole } from '#contract/auth/roles.js';
import { STAFF_MESSAGES } from '#contract/staff/messages.js';
import { aProfile, aUser } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions, MIGRATION_NAMES, runMigrations } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { AuditRepository } from '#server/modules/audit/audit.repository.js';
import { AuditService } from '#server/modules/audit/audit.service.js';
import { StaffService } from './staff.service.js';
import { UsersRepository } from './users.repository.js';

describe(StaffService.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let staff: StaffService;

  const roleOf = async (id: number) => (await db.pool.query('SELECT staff_role, is_superuser FROM users WHERE id = $1', [id])).rows[0];
  const entriesFor = async (targetId: number) =>
    (
      await db.pool.query(
        `SELECT actor_id, action, target_type, target_id, before, after FROM admin_audit_log WHERE target_id = $1 AND action = 'user.staff_role' ORDER BY id`,
        [targetId],
      )
    ).rows;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 4)).initialize();
    new Transactions(ds);
    staff = new StaffService(new UsersRepository(ds), new AuditService(new AuditRepository(ds)));
  });
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should grant, change and revoke a role, each recorded with the actor and the role before and after', async () => {
    const owner = await aUser(db, { staff_role: 'owner' });
    const user = await aUser(db, { username: 'Rising.Star', first_name: 'Rae', last_name: 'Star', is_verified: true });
    const member = {
      id: user.id,
      username: 'Rising.Star',
      email: 'rising.star@example.com',
      first_name: 'Rae',
      last_name: 'Star',
      two_factor: false,
      last_login_at: null,
    };
    expect(await staff.setRole(owner.id, 'rising.star', 'moderator')).toEqual({ ...member, staff_role: 'moderator' });
    expect(await roleOf(user.id)).toEqual({ staff_role: 'moderator', is_superuser: true });
    expect(await staff.setRole(owner.id, 'Rising.Star', 'organizer')).toEqual({ ...member, staff_role: 'organizer' });
    expect(await staff.setRole(owner.id, 'RISING.STAR', null)).toEqual({ ...member, staff_role: null });
    expect(await roleOf(user.id)).toEqual({ staff_role: null, is_superuser: false });
    const entry = (before: StaffRole | null, after: StaffRole | null) => ({
      actor_id: owner.id,
      action: 'user.staff_role',
      target_type: 'user',
      target_id: user.id,
      before: { username: 'Rising.Star', staff_role: before },
      after: { username: 'Rising.Star', staff_role: after },
    });
    expect(await entriesFor(user.id)).toEqual([entry(null, 'moderator'), entry('moderator', 'organizer'), entry('organizer', null)]);
  });

  it('should change and record nothing when the account already holds that role', async () => {
    const owner = await aUser(db, { staff_role: 'owner' });
    const mod = await aUser(db, { staff_role: 'moderator' });
    const fan = await aUser(db);
    expect(await staff.setRole(owner.id, mod.username, 'moderator')).toMatchObject({ id: mod.id, staff_role: 'moderator' });
    expect(await staff.setRole(owner.id, fan.username, null)).toMatchObject({ id: fan.id, staff_role: null });
    expect([...(await entriesFor(mod.id)), ...(await entriesFor(fan.id))]).toEqual([]);
  });

  it('should refuse an unknown username, an unverified account and a contestant, changing and recording nothing', async () => {
    const owner = await aUser(db, { staff_role: 'owner' });
    const unverified = await aUser(db, { is_verified: false });
    const contestant = await aUser(db, { is_competitor: true, is_verified: true });
    await aProfile(db, contestant.id);
    await expect(staff.setRole(owner.id, 'no_such_account', 'moderator')).rejects.toMatchObject({
      status: 404,
      response: { detail: STAFF_MESSAGES.userNotFound },
    });
    await expect(staff.setRole(owner.id, unverified.username, 'moderator')).rejects.toMatchObject({
      status: 409,
      response: { detail: STAFF_MESSAGES.notVerified },
    });
    for (const role of ['owner', 'organizer', 'moderator'] as const) {
      await expect(staff.setRole(owner.id, contestant.username, role)).rejects.toMatchObject({ status: 409, response: { detail: STAFF_MESSAGES.contestant } });
    }
    expect(await roleOf(unverified.id)).toEqual({ staff_role: null, is_superuser: false });
    expect(await roleOf(contestant.id)).toEqual({ staff_role: null, is_superuser: false });
    expect([...(await entriesFor(unverified.id)), ...(await entriesFor(contestant.id))]).toEqual([]);
  });

  describe('the last owner', () => {
    // From here on the owners are the ones these tests make: the earlier ones step back to organizer.
    beforeAll(async () => {
      await db.pool.query(`UPDATE users SET staff_role = 'organizer' WHERE staff_role = 'owner'`);
    });

    const owners = async () => (await db.pool.query(`SELECT id FROM users WHERE staff_role = 'owner' ORDER BY id`)).rows.map((r) => r.id as number);

    it('should refuse to demote or revoke the only owner, even by that owner', async () => {
      const only = await aUser(db, { username: 'only_owner', staff_role: 'owner', is_verified: true });
      for (const role of ['organizer', 'moderator', null] as const) {
        await expect(staff.setRole(only.id, 'only_owner', role)).rejects.toMatchObject({ status: 409, response: { detail: STAFF_MESSAGES.lastOwner } });
      }
      expect(await owners()).toEqual([only.id]);
    });

    it('should let an owner step down once another owner exists', async () => {
      const [only] = await owners();
      const second = await aUser(db, { username: 'second_owner', is_verified: true });
      await staff.setRole(only, 'second_owner', 'owner');
      expect(await staff.setRole(only, 'only_owner', 'organizer')).toMatchObject({ id: only, staff_role: 'organizer' });
      expect(await owners()).toEqual([second.id]);
    });

    it('should leave one owner when two owners demote each other at the same moment', async () => {
      const [a] = await owners();
      const b = await aUser(db, { username: 'third_owner', staff_role: 'owner', is_verified: true });
      const aName = (await db.pool.query('SELECT username FROM users WHERE id = $1', [a])).rows[0].username as string;
      // Hold the owners' locks so that both changes are waiting for them when they are let go.
      const holder = new pg.Client({ connectionString: db.url });
      await holder.connect();
      try {
        await holder.query('BEGIN');
        await holder.query(`SELECT id FROM users WHERE staff_role = 'owner' FOR UPDATE`);
        const results = Promise.allSettled([staff.setRole(a, 'third_owner', 'moderator'), staff.setRole(b.id, aName, 'moderator')]);
        await waitForLockWaits(db, 2);
        await holder.query('COMMIT');
        const [first, second] = await results;
        const outcomes = [first.status, second.status].sort();
        expect(outcomes).toEqual(['fulfilled', 'rejected']);
        const refused = [first, second].find((r) => r.status === 'rejected') as PromiseRejectedResult;
        expect(refused.reason).toMatchObject({ status: 409, response: { detail: STAFF_MESSAGES.lastOwner } });
      } finally {
        await holder.end();
      }
      expect(await owners()).toHaveLength(1);
    });
  });
});

/** Waits until `count` sessions of the database wait for a row lock. */
async function waitForLockWaits(db: TestDatabase, count: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if (rows[0].n >= count) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`fewer than ${count} sessions came to wait for a lock`);
}

describe('the staff roles migration', () => {
  it('should make every administrator an owner and leave everyone else without a role', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
    await admin.connect();
    const name = `t_roles_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = process.env.TEST_PG_ADMIN_URL!.replace(/\/postgres$/, `/${name}`);
    // One client, ended (its socket closed) before the database is dropped.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const rolesAt = MIGRATION_NAMES.indexOf('StaffRoles1767883801000');
      expect(rolesAt).toBeGreaterThan(0);
      await runMigrations(url, rolesAt);
      await client.query(
        `INSERT INTO users (username, email, password_hash, is_superuser, is_competitor) VALUES
           ('old_admin', 'old_admin@example.com', 'x', true, false),
           ('old_fan', 'old_fan@example.com', 'x', false, true)`,
      );
      await runMigrations(url);
      const { rows } = await client.query('SELECT username, is_superuser, staff_role FROM users ORDER BY username');
      expect(rows).toEqual([
        { username: 'old_admin', is_superuser: true, staff_role: 'owner' },
        { username: 'old_fan', is_superuser: false, staff_role: null },
      ]);
    } finally {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
