import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outbound webhooks: the endpoints owners register (their signing secret sealed), each event's delivery
 * to each endpoint, and every attempt of a delivery. A delivery is made once per endpoint and event
 * (a redelivery or a test event is a manual one beside it); an endpoint's lease lets one delivery at a
 * time reach it, whichever process runs the job.
 */
export class Webhooks1767883808000 implements MigrationInterface {
  name = 'Webhooks1767883808000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_endpoints (
        id serial PRIMARY KEY,
        url text NOT NULL,
        description text NOT NULL DEFAULT '',
        events text[] NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        secret_sealed text NOT NULL,
        lease_token text,
        lease_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id serial PRIMARY KEY,
        endpoint_id integer NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        event_id text NOT NULL,
        event_type text NOT NULL,
        body text NOT NULL,
        manual boolean NOT NULL DEFAULT false,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'retrying', 'succeeded', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        job_seq integer NOT NULL DEFAULT 0,
        response_status integer,
        latency_ms integer,
        error text,
        next_attempt_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX webhook_deliveries_once ON webhook_deliveries (endpoint_id, event_id) WHERE NOT manual`);
    await q.query(`CREATE INDEX webhook_deliveries_log ON webhook_deliveries (endpoint_id, id DESC)`);
    await q.query(`
      CREATE TABLE webhook_attempts (
        delivery_id integer NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
        attempt integer NOT NULL,
        response_status integer,
        latency_ms integer,
        error text,
        at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (delivery_id, attempt)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_attempts`);
    await q.query(`DROP TABLE webhook_deliveries`);
    await q.query(`DROP TABLE webhook_endpoints`);
  }
}
