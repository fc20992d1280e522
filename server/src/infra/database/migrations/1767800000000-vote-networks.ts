import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each free vote's ledger row keeps the keyed hash of the voter's network (what the free-vote limit
 * counts: an IPv6 /64, an IPv4 address) beside the hash of the address. Rows from before have none.
 */
export class VoteNetworks1767800000000 implements MigrationInterface {
  name = 'VoteNetworks1767800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE votes ADD COLUMN network_hash char(64)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE votes DROP COLUMN network_hash`);
  }
}
