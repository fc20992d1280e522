import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The admin audit log: one row per admin action, written in the action's transaction and never changed. */
export class AuditLog1767820000000 implements MigrationInterface {
  name = 'AuditLog1767820000000';

  async up(q: QueryRunner): Promise<void> {
    // No foreign key on actor_id or target_id: deleting the admin or the target must keep the entry,
    // which is why the actor's username and e-mail are copied in at the time of the action.
    await q.query(`
      CREATE TABLE admin_audit_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now(),
        actor_id integer NOT NULL,
        actor_username varchar(30) NOT NULL,
        actor_email varchar(254) NOT NULL,
        action varchar(64) NOT NULL,
        target_type varchar(32) NOT NULL,
        target_id integer,
        before jsonb,
        after jsonb
      )`);
    // The admin page lists newest first.
    await q.query(`CREATE INDEX admin_audit_log_newest_idx ON admin_audit_log (created_at DESC, id DESC)`);
    // Append-only: the database itself refuses to change or remove an entry, whoever asks.
    await q.query(`
      CREATE FUNCTION admin_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'admin_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END
      $$`);
    await q.query(`
      CREATE TRIGGER admin_audit_log_no_change BEFORE UPDATE OR DELETE ON admin_audit_log
      FOR EACH ROW EXECUTE FUNCTION admin_audit_log_append_only()`);
    await q.query(`
      CREATE TRIGGER admin_audit_log_no_truncate BEFORE TRUNCATE ON admin_audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_log_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE admin_audit_log');
    await q.query('DROP FUNCTION admin_audit_log_append_only()');
  }
}
