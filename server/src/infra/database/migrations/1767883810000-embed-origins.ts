import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The origins that may frame the embed pages. Null until an organizer saves a list: the environment's
 * EMBED_ORIGINS stand until then, so a site already running picks the variable up too.
 */
export class EmbedOrigins1767883810000 implements MigrationInterface {
  name = 'EmbedOrigins1767883810000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE site_settings ADD COLUMN embed_origins text[]`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE site_settings DROP COLUMN embed_origins`);
  }
}
