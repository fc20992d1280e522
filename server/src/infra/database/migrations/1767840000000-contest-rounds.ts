import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rounds: a contest has up to three, in order, each ending at a set time with a cut (the top N of
 * each group, or the top N overall, advance; the others are eliminated); the last one names up to
 * five winners. An entry remembers the round that eliminated it and, for a winner, its place. A
 * contest also names its time zone.
 */
export class ContestRounds1767840000000 implements MigrationInterface {
  name = 'ContestRounds1767840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contests ADD COLUMN winners smallint NOT NULL DEFAULT 0 CHECK (winners BETWEEN 0 AND 5)`);
    // The IANA zone the admin plans the contest in: its dates are entered and shown in it.
    await q.query(`ALTER TABLE contests ADD COLUMN time_zone varchar(64) NOT NULL DEFAULT 'UTC'`);
    await q.query(`
      CREATE TABLE contest_rounds (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        contest_id integer NOT NULL REFERENCES contests (id) ON DELETE CASCADE,
        position smallint NOT NULL CHECK (position BETWEEN 1 AND 3),
        name varchar(60) NOT NULL,
        ends_at timestamptz NOT NULL,
        advance_per_group integer CHECK (advance_per_group >= 1),
        advance_total integer CHECK (advance_total >= 1),
        closed_at timestamptz,
        UNIQUE (contest_id, position),
        CHECK (advance_per_group IS NULL OR advance_total IS NULL)
      )`);
    // The rounds still to close, soonest first: what the scheduler looks for at start-up.
    await q.query(`CREATE INDEX contest_rounds_open_idx ON contest_rounds (ends_at) WHERE closed_at IS NULL`);
    await q.query(`ALTER TABLE contest_entries ADD COLUMN eliminated_in_round integer REFERENCES contest_rounds (id) ON DELETE SET NULL`);
    // Removing a round clears its eliminations' reference: found by index, not by scanning every entry.
    await q.query(`CREATE INDEX contest_entries_eliminated_in_round_idx ON contest_entries (eliminated_in_round) WHERE eliminated_in_round IS NOT NULL`);
    await q.query(`ALTER TABLE contest_entries ADD COLUMN winner_place smallint CHECK (winner_place BETWEEN 1 AND 5)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contest_entries DROP COLUMN winner_place`);
    await q.query(`ALTER TABLE contest_entries DROP COLUMN eliminated_in_round`);
    await q.query(`DROP TABLE contest_rounds`);
    await q.query(`ALTER TABLE contests DROP COLUMN time_zone`);
    await q.query(`ALTER TABLE contests DROP COLUMN winners`);
  }
}
