import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When each account last finished a sign-in (tokens issued), for the staff list; null until it first does. */
export class LastLoginAt1767883803000 implements MigrationInterface {
  name = 'LastLoginAt1767883803000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN last_login_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN last_login_at`);
  }
}
