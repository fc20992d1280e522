import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Votes that carry over to the next round, or restart at zero: a contest says which (carry_votes,
 * true as before). An entry's counters (current_contest_votes and paid_votes) hold the ledger's
 * votes dated at or after its round_started_at; null, as every entry so far, counts from the
 * contest's start, so the stored counts stay exact as they are.
 */
export class CarryVotes1767850000000 implements MigrationInterface {
  name = 'CarryVotes1767850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contests ADD COLUMN carry_votes boolean NOT NULL DEFAULT true`);
    await q.query(`ALTER TABLE contest_entries ADD COLUMN round_started_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contest_entries DROP COLUMN round_started_at`);
    await q.query(`ALTER TABLE contests DROP COLUMN carry_votes`);
  }
}
