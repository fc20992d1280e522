import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A contest's ledger in the order it was cast, read by index: the admin's export walks it in batches
 * after a (created_at, id) cursor, which without this index would sort the contest's every vote per batch.
 */
export class VotesByContestTime1767810000000 implements MigrationInterface {
  name = 'VotesByContestTime1767810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX votes_contest_time_idx ON votes (contest_id, created_at, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX votes_contest_time_idx`);
  }
}
