import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Contestant e-mails: each account's choice of kinds (no row: the defaults), the unsubscribe links'
 * tokens (only their SHA-256), a record of every e-mail sent per kind and event (so each goes out
 * once), and on each entry whether it was below the cut line when last looked at.
 */
export class ContestantMail1767860000000 implements MigrationInterface {
  name = 'ContestantMail1767860000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mail_preferences (
        user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        round_results boolean NOT NULL DEFAULT true,
        below_cut boolean NOT NULL DEFAULT true,
        winner boolean NOT NULL DEFAULT true,
        daily_digest boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE mail_unsubscribe_tokens (
        token_hash char(64) PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind varchar(20) NOT NULL CHECK (kind IN ('round_results', 'below_cut', 'winner', 'daily_digest')),
        expires_at timestamptz NOT NULL
      )`);
    // An account's expired links, removed when it is sent a new one.
    await q.query(`CREATE INDEX mail_unsubscribe_tokens_user_idx ON mail_unsubscribe_tokens (user_id, expires_at)`);
    await q.query(`
      CREATE TABLE contestant_mails (
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind varchar(20) NOT NULL,
        event_key varchar(120) NOT NULL,
        contest_id integer REFERENCES contests (id) ON DELETE CASCADE,
        -- The rank a digest reported: the next digest tells the change from it.
        rank integer,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, kind, event_key)
      )`);
    await q.query(`CREATE INDEX contestant_mails_contest_idx ON contestant_mails (contest_id) WHERE contest_id IS NOT NULL`);
    // Null: not known yet (a new entry); a drop is a change from false to true.
    await q.query(`ALTER TABLE contest_entries ADD COLUMN below_cut boolean`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contest_entries DROP COLUMN below_cut`);
    await q.query(`DROP TABLE contestant_mails`);
    await q.query(`DROP TABLE mail_unsubscribe_tokens`);
    await q.query(`DROP TABLE mail_preferences`);
  }
}
