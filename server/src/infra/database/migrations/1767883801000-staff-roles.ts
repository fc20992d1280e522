import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff roles: `staff_role` says which staff an account is (owner, organizer, moderator), null for everyone
 * else. `is_superuser` stays and means "a staff account" (the admin area): the CHECK keeps the two in step.
 * Every administrator so far becomes an owner. docs/decisions/047-staff-roles.md
 */
export class StaffRoles1767883801000 implements MigrationInterface {
  name = 'StaffRoles1767883801000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN staff_role text`);
    await q.query(`UPDATE users SET staff_role = 'owner' WHERE is_superuser`);
    await q.query(`ALTER TABLE users ADD CONSTRAINT users_staff_role_known CHECK (staff_role IN ('owner', 'organizer', 'moderator'))`);
    await q.query(`ALTER TABLE users ADD CONSTRAINT users_staff_role_is_superuser CHECK (is_superuser = (staff_role IS NOT NULL))`);
    // The staff list and the last-owner check read the few staff rows only.
    await q.query(`CREATE INDEX users_staff_role_idx ON users (staff_role) WHERE staff_role IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX users_staff_role_idx`);
    await q.query(`ALTER TABLE users DROP CONSTRAINT users_staff_role_is_superuser`);
    await q.query(`ALTER TABLE users DROP CONSTRAINT users_staff_role_known`);
    await q.query(`ALTER TABLE users DROP COLUMN staff_role`);
  }
}
