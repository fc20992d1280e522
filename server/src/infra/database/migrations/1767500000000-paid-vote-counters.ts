import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Free and paid votes apart: entries and profiles count their paid votes beside the
 * total, and a refund is a ledger row of the opposite sign (a paid row with a negative weight).
 */
export class PaidVoteCounters1767500000000 implements MigrationInterface {
  name = 'PaidVoteCounters1767500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE votes DROP CONSTRAINT IF EXISTS votes_weight_check`);
    await q.query(`ALTER TABLE votes ADD CONSTRAINT votes_weight_check CHECK (weight <> 0 AND (kind = 'paid' OR weight = 1))`);
    await q.query(`ALTER TABLE contest_entries ADD COLUMN paid_votes integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE contestant_profiles ADD COLUMN paid_votes integer NOT NULL DEFAULT 0`);
    await q.query(
      `UPDATE contest_entries ce SET paid_votes = s.n FROM (SELECT entry_id, sum(weight)::int AS n FROM votes WHERE kind = 'paid' GROUP BY entry_id) s WHERE ce.id = s.entry_id`,
    );
    await q.query(
      `UPDATE contestant_profiles cp SET paid_votes = s.n FROM (SELECT profile_id, sum(weight)::int AS n FROM votes WHERE kind = 'paid' GROUP BY profile_id) s WHERE cp.id = s.profile_id`,
    );
    // Refunds and the reconciliation look a payment up by its state.
    await q.query(`CREATE INDEX payments_status_created_idx ON payments (status, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX payments_status_created_idx`);
    // The old schema cannot hold a refund row: the refunded votes go back into the totals with them
    // gone, so the ledger and the counters still agree after the way down.
    await q.query(
      `UPDATE contest_entries ce SET current_contest_votes = ce.current_contest_votes - s.n FROM (SELECT entry_id, sum(weight)::int AS n FROM votes WHERE weight < 0 GROUP BY entry_id) s WHERE ce.id = s.entry_id`,
    );
    await q.query(
      `UPDATE contestant_profiles cp SET total_votes = cp.total_votes - s.n FROM (SELECT profile_id, sum(weight)::int AS n FROM votes WHERE weight < 0 GROUP BY profile_id) s WHERE cp.id = s.profile_id`,
    );
    await q.query(`DELETE FROM votes WHERE weight < 0`);
    await q.query(`ALTER TABLE contestant_profiles DROP COLUMN paid_votes`);
    await q.query(`ALTER TABLE contest_entries DROP COLUMN paid_votes`);
    await q.query(`ALTER TABLE votes DROP CONSTRAINT votes_weight_check`);
    await q.query(`ALTER TABLE votes ADD CONSTRAINT votes_weight_check CHECK (weight > 0)`);
  }
}
