import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The support inbox: one row per message sent through the contact form. */
export class SupportMessages1767600000000 implements MigrationInterface {
  name = 'SupportMessages1767600000000';

  async up(q: QueryRunner): Promise<void> {
    // The sender's account may be deleted later: the message stays, without the link.
    await q.query(`
      CREATE TABLE support_messages (
        id serial PRIMARY KEY,
        topic varchar(16) NOT NULL CHECK (topic IN ('technical', 'account', 'billing', 'other')),
        name varchar(100) NOT NULL,
        email varchar(254) NOT NULL,
        message text NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'handled')),
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        handled_at timestamptz,
        CHECK ((status = 'handled') = (handled_at IS NOT NULL))
      )`);
    // The inbox lists newest first; the open count and the "open" filter read the partial index.
    await q.query(`CREATE INDEX support_messages_newest_idx ON support_messages (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX support_messages_open_idx ON support_messages (created_at DESC, id DESC) WHERE status = 'open'`);
    // Deleting a user sets its messages' user_id to null: without this index that is a full scan.
    await q.query(`CREATE INDEX support_messages_user_idx ON support_messages (user_id) WHERE user_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE support_messages');
  }
}
