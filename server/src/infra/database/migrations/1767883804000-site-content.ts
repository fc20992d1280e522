import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What an organizer sets in the admin area instead of in code: the site's settings (one row, written at
 * the first start from the environment's values), and the categories, currency and donation price a
 * contest may set for itself.
 */
export class SiteContent1767883804000 implements MigrationInterface {
  name = 'SiteContent1767883804000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE site_settings (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        site_name varchar(60) NOT NULL,
        logo_key varchar(200),
        accent_color char(7) NOT NULL CHECK (accent_color ~ '^#[0-9a-f]{6}$'),
        background_color char(7) NOT NULL CHECK (background_color ~ '^#[0-9a-f]{6}$'),
        categories text[] NOT NULL CHECK (cardinality(categories) BETWEEN 1 AND 20),
        currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        donation_vote_price integer NOT NULL CHECK (donation_vote_price > 0),
        charity_name varchar(120) NOT NULL,
        charity_beneficiary varchar(120) NOT NULL,
        charity_share smallint NOT NULL CHECK (charity_share BETWEEN 0 AND 100),
        charity_url varchar(300),
        mail_sender_name varchar(60) NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    // Null: the contest offers the site's categories, and sells in the site's currency.
    await q.query(`ALTER TABLE contests ADD COLUMN categories text[] CHECK (cardinality(categories) BETWEEN 1 AND 20)`);
    await q.query(`ALTER TABLE contests ADD COLUMN currency char(3) CHECK (currency ~ '^[A-Z]{3}$')`);
    await q.query(`ALTER TABLE contests ADD COLUMN donation_vote_price integer CHECK (donation_vote_price > 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contests DROP COLUMN donation_vote_price`);
    await q.query(`ALTER TABLE contests DROP COLUMN currency`);
    await q.query(`ALTER TABLE contests DROP COLUMN categories`);
    await q.query('DROP TABLE site_settings');
  }
}
