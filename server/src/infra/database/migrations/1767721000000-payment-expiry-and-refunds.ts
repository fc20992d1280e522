import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two more payment states (decision 021): 'expired', a checkout left unpaid past PAYMENT_EXPIRY, and
 * 'refunding', money a provider took for an entry that could no longer take votes, on its way back.
 */
export class PaymentExpiryAndRefunds1767721000000 implements MigrationInterface {
  name = 'PaymentExpiryAndRefunds1767721000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments DROP CONSTRAINT IF EXISTS payments_status_check`);
    await q.query(
      `ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN ('created', 'paid', 'credited', 'refunding', 'refunded', 'failed', 'expired'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    // The old states hold these as they were before: an unpaid checkout, and money not yet credited.
    await q.query(`UPDATE payments SET status = 'created' WHERE status = 'expired'`);
    await q.query(`UPDATE payments SET status = 'paid' WHERE status = 'refunding'`);
    await q.query(`ALTER TABLE payments DROP CONSTRAINT payments_status_check`);
    await q.query(`ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN ('created', 'paid', 'credited', 'refunded', 'failed'))`);
  }
}
