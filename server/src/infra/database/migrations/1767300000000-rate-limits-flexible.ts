import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sign-in and mail limits' table in the shape rate-limiter-flexible's RateLimiterPostgres reads
 * (decision 012): key, points, expire (epoch milliseconds). Counters still inside their window move over.
 */
export class RateLimitsFlexible1767300000000 implements MigrationInterface {
  name = 'RateLimitsFlexible1767300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE rate_limits RENAME TO rate_limits_old');
    await q.query('ALTER INDEX rate_limits_pkey RENAME TO rate_limits_old_pkey');
    await q.query(`
      CREATE TABLE rate_limits (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )`);
    await q.query('CREATE INDEX rate_limits_expire_idx ON rate_limits (expire)');
    await q.query(`
      INSERT INTO rate_limits (key, points, expire)
      SELECT key, hits, floor(extract(epoch FROM window_ends_at) * 1000)::bigint
      FROM rate_limits_old WHERE window_ends_at > now() AND length(key) <= 255`);
    await q.query('DROP TABLE rate_limits_old');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE rate_limits RENAME TO rate_limits_new');
    await q.query('ALTER INDEX rate_limits_pkey RENAME TO rate_limits_new_pkey');
    await q.query(`
      CREATE TABLE rate_limits (
        key text PRIMARY KEY,
        hits integer NOT NULL,
        window_ends_at timestamptz NOT NULL
      )`);
    await q.query('DROP INDEX rate_limits_expire_idx');
    await q.query('CREATE INDEX rate_limits_window_idx ON rate_limits (window_ends_at)');
    await q.query(`
      INSERT INTO rate_limits (key, hits, window_ends_at)
      SELECT key, points, to_timestamp(expire / 1000.0) FROM rate_limits_new WHERE expire > extract(epoch FROM now()) * 1000`);
    await q.query('DROP TABLE rate_limits_new');
  }
}
