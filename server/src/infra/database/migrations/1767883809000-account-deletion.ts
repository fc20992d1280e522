import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A person's own account deletion: when they asked and when the grace period ends (both null while no
 * deletion is pending), and when the account was erased. An erased account keeps its row, anonymized,
 * so the vote and payment ledgers that point at it keep their totals; its entries are withdrawn from
 * the public pages rather than deleted, because deleting an entry deletes its votes.
 */
export class AccountDeletion1767883809000 implements MigrationInterface {
  name = 'AccountDeletion1767883809000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN deletion_requested_at timestamptz`);
    await q.query(`ALTER TABLE users ADD COLUMN deletion_due_at timestamptz`);
    await q.query(`ALTER TABLE users ADD COLUMN erased_at timestamptz`);
    await q.query(`CREATE INDEX users_deletion_due_idx ON users (deletion_due_at) WHERE deletion_due_at IS NOT NULL`);
    await q.query(`ALTER TABLE contest_entries ADD COLUMN withdrawn_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contest_entries DROP COLUMN withdrawn_at`);
    await q.query(`DROP INDEX users_deletion_due_idx`);
    await q.query(`ALTER TABLE users DROP COLUMN erased_at`);
    await q.query(`ALTER TABLE users DROP COLUMN deletion_due_at`);
    await q.query(`ALTER TABLE users DROP COLUMN deletion_requested_at`);
  }
}
