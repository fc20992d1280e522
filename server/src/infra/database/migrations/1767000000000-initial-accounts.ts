import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialAccounts1767000000000 implements MigrationInterface {
  name = 'InitialAccounts1767000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        username varchar(30) NOT NULL,
        email varchar(254) NOT NULL,
        password_hash text NOT NULL,
        first_name varchar(100) NOT NULL DEFAULT '',
        last_name varchar(100) NOT NULL DEFAULT '',
        phone_number varchar(15),
        instagram varchar(200),
        tiktok varchar(200),
        is_superuser boolean NOT NULL DEFAULT false,
        is_competitor boolean NOT NULL DEFAULT false,
        is_verified boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Unique regardless of letter case: "Alice" and "alice" are one account.
    await q.query(`CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username))`);
    await q.query(`CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`);

    await q.query(`
      CREATE TABLE contestant_profiles (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        category varchar(32) NOT NULL,
        biography text NOT NULL DEFAULT '',
        pictures_urls text[] NOT NULL DEFAULT '{}',
        horror_passion text,
        character_qualities text,
        dreams_and_goals text,
        ideal_horror_role text,
        total_votes integer NOT NULL DEFAULT 0 CHECK (total_votes >= 0),
        profile_views integer NOT NULL DEFAULT 0 CHECK (profile_views >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE auth_tokens (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        purpose varchar(20) NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX auth_tokens_user_purpose_idx ON auth_tokens (user_id, purpose) WHERE used_at IS NULL`);

    // Fixed-window counters for the PostgreSQL rate limiter (one-process mode); Redis holds them in scaled mode.
    await q.query(`
      CREATE TABLE rate_limits (
        key text PRIMARY KEY,
        hits integer NOT NULL,
        window_ends_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX rate_limits_window_idx ON rate_limits (window_ends_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE rate_limits');
    await q.query('DROP TABLE auth_tokens');
    await q.query('DROP TABLE contestant_profiles');
    await q.query('DROP TABLE users');
  }
}
