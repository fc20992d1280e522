import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in with an existing account (docs/decisions/059-sign-in-with-existing-accounts.md): the provider
 * accounts linked to ours, one per (provider, subject); the sign-ins under way, by the SHA-256 of their
 * state, each usable once; whether an account has a password of its own (one made by a provider's sign-in
 * has none until it sets one, and may not unlink its last provider); and the one-time code that hands a
 * finished sign-in to the browser, an `auth_tokens` purpose.
 */
export class UserIdentities1767883811000 implements MigrationInterface {
  name = 'UserIdentities1767883811000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_identities (
        id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        provider text NOT NULL,
        subject text NOT NULL,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        email varchar(254) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (provider, subject),
        UNIQUE (user_id, provider)
      )`);
    await q.query(`
      CREATE TABLE oidc_sign_ins (
        state_hash char(64) PRIMARY KEY,
        provider text NOT NULL,
        nonce text NOT NULL,
        code_verifier text NOT NULL,
        return_to text NOT NULL,
        link_user_id integer REFERENCES users(id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX oidc_sign_ins_expires_idx ON oidc_sign_ins (expires_at)`);
    await q.query(`ALTER TABLE users ADD COLUMN password_set boolean NOT NULL DEFAULT true`);
    await q.query(`ALTER TABLE auth_tokens DROP CONSTRAINT auth_tokens_purpose_check`);
    await q.query(`ALTER TABLE auth_tokens ADD CONSTRAINT auth_tokens_purpose_check CHECK (purpose IN ('verify_email', 'reset_password', 'oidc_sign_in'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM auth_tokens WHERE purpose = 'oidc_sign_in'`);
    await q.query(`ALTER TABLE auth_tokens DROP CONSTRAINT auth_tokens_purpose_check`);
    await q.query(`ALTER TABLE auth_tokens ADD CONSTRAINT auth_tokens_purpose_check CHECK (purpose IN ('verify_email', 'reset_password'))`);
    await q.query(`ALTER TABLE users DROP COLUMN password_set`);
    await q.query('DROP TABLE oidc_sign_ins');
    await q.query('DROP TABLE user_identities');
  }
}
