import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in for staff (docs/decisions/048-two-factor-sign-in.md): the authenticator's secret
 * sealed with AES-256-GCM (never stored in the clear), when it was turned on, and the last time step whose
 * code was accepted (a code signs in once); the recovery codes as SHA-256 hashes, each used once; and the
 * challenges of sign-ins waiting for their second step, by the SHA-256 of the challenge.
 */
export class TwoFactor1767883802000 implements MigrationInterface {
  name = 'TwoFactor1767883802000';

  async up(q: QueryRunner): Promise<void> {
    // A secret without enabled_at is a setup started and not yet confirmed.
    await q.query(`
      ALTER TABLE users
        ADD COLUMN two_factor_secret text,
        ADD COLUMN two_factor_enabled_at timestamptz,
        ADD COLUMN two_factor_last_step bigint,
        ADD CONSTRAINT users_two_factor_enabled_has_secret CHECK (two_factor_enabled_at IS NULL OR two_factor_secret IS NOT NULL)`);
    await q.query(`
      CREATE TABLE two_factor_recovery_codes (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        code_hash char(64) NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, code_hash)
      )`);
    await q.query(`
      CREATE TABLE two_factor_challenges (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL UNIQUE,
        remember_me boolean NOT NULL,
        failures smallint NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX two_factor_challenges_user_idx ON two_factor_challenges (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE two_factor_challenges');
    await q.query('DROP TABLE two_factor_recovery_codes');
    await q.query(`
      ALTER TABLE users
        DROP CONSTRAINT users_two_factor_enabled_has_secret,
        DROP COLUMN two_factor_last_step,
        DROP COLUMN two_factor_enabled_at,
        DROP COLUMN two_factor_secret`);
  }
}
