import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log's digest chain: each entry's `digest` is SHA-256 of the previous entry's digest (none
 * before the first) and the entry's own canonical content, so an entry changed, removed or slipped in
 * by a role that may switch the append-only triggers off breaks the chain where it happened.
 * docs/decisions/038-tamper-evident-audit-and-safe-restore.md
 */
export class AuditDigestChain1767883800000 implements MigrationInterface {
  name = 'AuditDigestChain1767883800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`LOCK TABLE admin_audit_log IN EXCLUSIVE MODE`);
    await q.query(`ALTER TABLE admin_audit_log ADD COLUMN digest bytea`);
    // The canonical content: every stored field but the digest, as one JSON array whose text PostgreSQL
    // always writes the same way; the time in UTC to the microsecond, whatever the session's zone.
    await q.query(`
      CREATE FUNCTION admin_audit_log_content(e admin_audit_log) RETURNS text LANGUAGE sql STABLE AS $$
        SELECT jsonb_build_array(e.id, to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), e.actor_id,
          e.actor_username, e.actor_email, e.action, e.target_type, e.target_id, e.before, e.after)::text
      $$`);
    // Writers are serialized by the advisory lock 727275, taken before the id is drawn (AuditRepository),
    // so ids follow the chain; the trigger takes it too and refuses an entry whose id is not the newest.
    // A digest given with the row (a restore without the right to switch triggers off) is kept: the
    // verification recomputes every digest, so a wrong one shows there.
    await q.query(`
      CREATE FUNCTION admin_audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        last_id bigint;
        last_digest bytea;
      BEGIN
        IF NEW.digest IS NOT NULL THEN
          RETURN NEW;
        END IF;
        PERFORM pg_advisory_xact_lock(727275);
        IF current_setting('transaction_isolation') <> 'read committed' THEN
          RAISE EXCEPTION 'admin_audit_log entries are chained in READ COMMITTED transactions only' USING ERRCODE = 'serialization_failure';
        END IF;
        SELECT id, digest INTO last_id, last_digest FROM admin_audit_log ORDER BY id DESC LIMIT 1;
        IF last_id IS NOT NULL AND last_id >= NEW.id THEN
          RAISE EXCEPTION 'admin_audit_log entry % would follow entry %: take the audit lock before the insert', NEW.id, last_id
            USING ERRCODE = 'serialization_failure';
        END IF;
        NEW.digest := sha256(coalesce(last_digest, '\\x'::bytea) || convert_to(admin_audit_log_content(NEW), 'UTF8'));
        RETURN NEW;
      END
      $$`);
    // The entries already written get their chain, oldest first (the append-only trigger is off for this step alone).
    await q.query(`ALTER TABLE admin_audit_log DISABLE TRIGGER admin_audit_log_no_change`);
    await q.query(`
      DO $$
      DECLARE
        r admin_audit_log;
        prev bytea := '\\x'::bytea;
      BEGIN
        FOR r IN SELECT * FROM admin_audit_log ORDER BY id LOOP
          prev := sha256(prev || convert_to(admin_audit_log_content(r), 'UTF8'));
          UPDATE admin_audit_log SET digest = prev WHERE id = r.id;
        END LOOP;
      END
      $$`);
    await q.query(`ALTER TABLE admin_audit_log ENABLE TRIGGER admin_audit_log_no_change`);
    await q.query(`ALTER TABLE admin_audit_log ALTER COLUMN digest SET NOT NULL`);
    await q.query(`
      CREATE TRIGGER admin_audit_log_chain BEFORE INSERT ON admin_audit_log
      FOR EACH ROW EXECUTE FUNCTION admin_audit_log_chain()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER admin_audit_log_chain ON admin_audit_log`);
    await q.query(`DROP FUNCTION admin_audit_log_chain()`);
    await q.query(`ALTER TABLE admin_audit_log DISABLE TRIGGER admin_audit_log_no_change`);
    await q.query(`ALTER TABLE admin_audit_log DROP COLUMN digest`);
    await q.query(`ALTER TABLE admin_audit_log ENABLE TRIGGER admin_audit_log_no_change`);
    await q.query(`DROP FUNCTION admin_audit_log_content(admin_audit_log)`);
  }
}
