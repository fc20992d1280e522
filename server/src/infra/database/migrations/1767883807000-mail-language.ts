import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The language each person's e-mails are written in: an account's (from its registration, then each
 * sign-in and language switch) and a payment's payer's (from the checkout's request). Existing rows
 * read English, the language everything was sent in before.
 */
export class MailLanguage1767883807000 implements MigrationInterface {
  name = 'MailLanguage1767883807000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN locale text NOT NULL DEFAULT 'en'`);
    await q.query(`ALTER TABLE payments ADD COLUMN locale text NOT NULL DEFAULT 'en'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments DROP COLUMN locale`);
    await q.query(`ALTER TABLE users DROP COLUMN locale`);
  }
}
