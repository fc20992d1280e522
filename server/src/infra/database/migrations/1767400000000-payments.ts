import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Paid votes: one row per checkout, and the vote ledger's weight for a paid credit. */
export class Payments1767400000000 implements MigrationInterface {
  name = 'Payments1767400000000';

  async up(q: QueryRunner): Promise<void> {
    // A payment is a financial record: it outlives its profile and entry (no cascading delete).
    await q.query(`
      CREATE TABLE payments (
        id uuid PRIMARY KEY,
        profile_id integer NOT NULL,
        entry_id integer NOT NULL,
        contest_id integer NOT NULL,
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        votes integer NOT NULL CHECK (votes > 0),
        base_votes integer NOT NULL CHECK (base_votes > 0),
        amount_cents integer NOT NULL CHECK (amount_cents >= 0),
        currency char(3) NOT NULL DEFAULT 'USD',
        payer_email varchar(254) NOT NULL,
        payer_name varchar(200),
        provider varchar(16) NOT NULL CHECK (provider IN ('test', 'stripe', 'paypal')),
        provider_ref varchar(255),
        -- The method the buyer chose: TEST MODE stands in for either, and returns the way that provider would.
        method varchar(16) NOT NULL CHECK (method IN ('stripe', 'paypal')),
        status varchar(16) NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paid', 'credited', 'refunded', 'failed')),
        success_url varchar(2048) NOT NULL,
        cancel_url varchar(2048) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        credited_at timestamptz,
        UNIQUE (provider, provider_ref)
      )`);
    await q.query(`CREATE INDEX payments_profile_idx ON payments (profile_id)`);
    // The ledger already tells free from paid (kind); a paid credit is one row (id = the payment's id)
    // carrying all its votes, so the ledger's sum of weights stays equal to the counters.
    await q.query(`ALTER TABLE votes ADD COLUMN weight integer NOT NULL DEFAULT 1 CHECK (weight > 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE votes DROP COLUMN weight`);
    await q.query('DROP TABLE payments');
  }
}
