import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The webhook log forgets: deliveries older than WEBHOOK_LOG_RETENTION are deleted by age (an index on
 * when they were made), and a delivery whose body named an account since erased keeps its log line but
 * loses its body (`redacted_at`), so it can never be sent again.
 */
export class WebhookLogRetention1767883812000 implements MigrationInterface {
  name = 'WebhookLogRetention1767883812000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_deliveries ADD COLUMN redacted_at timestamptz`);
    await q.query(`CREATE INDEX webhook_deliveries_age ON webhook_deliveries (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX webhook_deliveries_age`);
    await q.query(`ALTER TABLE webhook_deliveries DROP COLUMN redacted_at`);
  }
}
