import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Contests, their groups and the contestants' entries. */
export class Contests1767100000000 implements MigrationInterface {
  name = 'Contests1767100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE contests (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        name varchar(200) NOT NULL,
        description text NOT NULL,
        start_date timestamptz NOT NULL,
        end_date timestamptz CHECK (end_date IS NULL OR end_date > start_date),
        is_active boolean NOT NULL DEFAULT true,
        is_current boolean NOT NULL DEFAULT false,
        group_size_cap integer CHECK (group_size_cap IS NULL OR group_size_cap BETWEEN 1 AND 1000),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // At most one current contest, whatever the code does: a second is_current row cannot exist.
    await q.query(`CREATE UNIQUE INDEX contests_one_current_key ON contests ((true)) WHERE is_current`);
    await q.query(`CREATE INDEX contests_created_idx ON contests (created_at DESC, id DESC)`);
    await q.query(`
      CREATE TABLE groups (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        contest_id integer NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
        group_number integer NOT NULL CHECK (group_number >= 1),
        is_active boolean NOT NULL DEFAULT true,
        current_contestants_count integer NOT NULL DEFAULT 0 CHECK (current_contestants_count >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (contest_id, group_number)
      )`);
    await q.query(`
      CREATE TABLE contest_entries (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        profile_id integer NOT NULL REFERENCES contestant_profiles(id) ON DELETE CASCADE,
        contest_id integer NOT NULL REFERENCES contests(id) ON DELETE CASCADE,
        group_id integer NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
        current_contest_votes integer NOT NULL DEFAULT 0 CHECK (current_contest_votes >= 0),
        is_eliminated boolean NOT NULL DEFAULT false,
        joined_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, contest_id)
      )`);
    // Group standings (votes, highest first), a contest's entries, a user's entries.
    await q.query(`CREATE INDEX contest_entries_group_votes_idx ON contest_entries (group_id, current_contest_votes DESC)`);
    await q.query(`CREATE INDEX contest_entries_contest_idx ON contest_entries (contest_id)`);
    await q.query(`CREATE INDEX contest_entries_user_idx ON contest_entries (user_id)`);
    await q.query(`CREATE INDEX contest_entries_profile_idx ON contest_entries (profile_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE contest_entries');
    await q.query('DROP TABLE groups');
    await q.query('DROP TABLE contests');
  }
}
