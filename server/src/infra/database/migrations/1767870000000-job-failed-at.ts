import type { MigrationInterface, QueryRunner } from 'typeorm';

/** When a stored job's last attempt failed, for the admin's view of the failed jobs. */
export class JobFailedAt1767870000000 implements MigrationInterface {
  name = 'JobFailedAt1767870000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE jobs ADD COLUMN failed_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE jobs DROP COLUMN failed_at`);
  }
}
