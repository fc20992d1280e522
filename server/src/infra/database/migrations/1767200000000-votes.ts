import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The vote ledger, the free-vote claims and the job table of one-process mode. */
export class Votes1767200000000 implements MigrationInterface {
  name = 'Votes1767200000000';

  async up(q: QueryRunner): Promise<void> {
    // One row per counted vote; the id is the one the API answered with, so a redelivered job
    // finds its row and counts nothing twice.
    // The profile needs no foreign key: its entries, and with them their votes, go when it goes.
    await q.query(`
      CREATE TABLE votes (
        id uuid PRIMARY KEY,
        profile_id integer NOT NULL,
        entry_id integer NOT NULL REFERENCES contest_entries(id) ON DELETE CASCADE,
        contest_id integer NOT NULL,
        group_id integer NOT NULL,
        voter_hash char(64),
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        kind varchar(16) NOT NULL CHECK (kind IN ('free', 'paid')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Only what the foreign keys' cascades need: every vote adds an entry to each index.
    await q.query(`CREATE INDEX votes_entry_idx ON votes (entry_id)`);
    await q.query(`CREATE INDEX votes_user_idx ON votes (user_id) WHERE user_id IS NOT NULL`);

    // Every vote updates its entry's and its profile's counter. An index holding the counter made
    // each of those updates write a new entry into all six indexes of contest_entries; without it
    // (and with room left on each page) PostgreSQL updates the row in place (a HOT update).
    // Group reads fetch a group's few entries by group_id and sort them in memory.
    await q.query(`DROP INDEX contest_entries_group_votes_idx`);
    await q.query(`CREATE INDEX contest_entries_group_idx ON contest_entries (group_id)`);
    await q.query(`ALTER TABLE contest_entries SET (fillfactor = 70)`);
    await q.query(`ALTER TABLE contestant_profiles SET (fillfactor = 80)`);

    // One-process mode's 24-hour free-vote slots (scaled mode keeps them in Redis). voter_key is
    // 'a:<address hash>' or 'u:<user id>'; a row whose expires_at has passed is free to claim again.
    await q.query(`
      CREATE TABLE vote_claims (
        profile_id integer NOT NULL,
        voter_key varchar(80) NOT NULL,
        expires_at timestamptz NOT NULL,
        vote_id uuid NOT NULL,
        PRIMARY KEY (profile_id, voter_key)
      )`);
    await q.query(`CREATE INDEX vote_claims_expires_idx ON vote_claims (expires_at)`);

    // One-process mode's durable job queue (scaled mode uses BullMQ): see infra/queue/pg-job-queue.ts.
    await q.query(`
      CREATE TABLE jobs (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        name varchar(64) NOT NULL,
        payload jsonb NOT NULL,
        job_key varchar(200) UNIQUE,
        attempts integer NOT NULL DEFAULT 0,
        run_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX jobs_due_idx ON jobs (run_at, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contestant_profiles RESET (fillfactor)`);
    await q.query(`ALTER TABLE contest_entries RESET (fillfactor)`);
    await q.query(`DROP INDEX contest_entries_group_idx`);
    await q.query(`CREATE INDEX contest_entries_group_votes_idx ON contest_entries (group_id, current_contest_votes DESC)`);
    await q.query('DROP TABLE jobs');
    await q.query('DROP TABLE vote_claims');
    await q.query('DROP TABLE votes');
  }
}
