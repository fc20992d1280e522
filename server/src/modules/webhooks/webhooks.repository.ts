import { Injectable } from '@nestjs/common';
import { type ExpressionBuilder, sql } from 'kysely';
import { WEBHOOK_TEST_EVENT, type WebhookDeliveryStatus, type WebhookEvent } from '#contract/webhooks/constants.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import type { DB } from '#server/infra/database/schema.js';
import type { AttemptOutcome, StoredDelivery, StoredEndpoint } from './webhooks.types.js';

const ENDPOINT = ['id', 'url', 'description', 'events', 'enabled', 'secret_sealed', 'created_at', 'updated_at'] as const;
const DELIVERY = [
  'id',
  'endpoint_id',
  'event_id',
  'event_type',
  'body',
  'manual',
  'status',
  'attempts',
  'job_seq',
  'response_status',
  'latency_ms',
  'error',
  'next_attempt_at',
  'redacted_at',
  'created_at',
  'updated_at',
] as const;

type EndpointRow = {
  id: number;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  secret_sealed: string;
  created_at: Date;
  updated_at: Date;
};
type DeliveryRow = {
  id: number;
  endpoint_id: number;
  event_id: string;
  event_type: string;
  body: string;
  manual: boolean;
  status: string;
  attempts: number;
  job_seq: number;
  response_status: number | null;
  latency_ms: number | null;
  error: string | null;
  next_attempt_at: Date | null;
  redacted_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

/** An unfinished delivery is taken for lost (its job gone with a queue) only after this long without moving. */
const LOST_DELIVERY_SECONDS = 7 * 24 * 3600;

/** Events whose bodies never name a person: an erasure has nothing to redact in them. */
const IMPERSONAL_EVENTS = ['standings.changed', WEBHOOK_TEST_EVENT] as const;

/**
 * A redacted delivery: its body emptied and never sent again; one not finished yet ends as failed with
 * `reason`, its job number moved on so a queued attempt does nothing.
 */
const redacted = (eb: ExpressionBuilder<DB, 'webhook_deliveries'>, reason: string) => ({
  body: '',
  redacted_at: sql<Date>`now()`,
  status: sql<string>`CASE WHEN status IN ('pending', 'retrying') THEN 'failed' ELSE status END`,
  error: sql<string | null>`CASE WHEN status IN ('pending', 'retrying') THEN ${reason} ELSE error END`,
  next_attempt_at: null,
  job_seq: eb('job_seq', '+', 1),
  updated_at: sql<Date>`now()`,
});

const endpointOf = (r: EndpointRow): StoredEndpoint => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events as WebhookEvent[],
  enabled: r.enabled,
  secretSealed: r.secret_sealed,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const deliveryOf = (r: DeliveryRow): StoredDelivery => ({
  id: r.id,
  endpointId: r.endpoint_id,
  eventId: r.event_id,
  eventType: r.event_type,
  body: r.body,
  manual: r.manual,
  status: r.status as WebhookDeliveryStatus,
  attempts: r.attempts,
  jobSeq: r.job_seq,
  responseStatus: r.response_status,
  latencyMs: r.latency_ms,
  error: r.error,
  nextAttemptAt: r.next_attempt_at,
  redactedAt: r.redacted_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export interface NewEndpoint {
  url: string;
  description: string;
  events: readonly string[];
  enabled: boolean;
  secretSealed: string;
}

export interface EndpointChange {
  url?: string;
  description?: string;
  events?: readonly string[];
  enabled?: boolean;
  secretSealed?: string;
}

/** A delivery to make: one event's body for one endpoint. */
export interface NewDelivery {
  endpointId: number;
  eventId: string;
  eventType: string;
  body: string;
  manual: boolean;
}

/**
 * The webhook endpoints, their deliveries and each delivery's attempts, and the endpoint's lease:
 * who may send to it right now.
 */
@Injectable()
export class WebhooksRepository extends BaseRepository {
  /** Every endpoint, oldest first. */
  @GenerateSql({ params: [] })
  async list(): Promise<StoredEndpoint[]> {
    return (await this.rows(this.db.selectFrom('webhook_endpoints').select(ENDPOINT).orderBy('id'))).map(endpointOf);
  }

  @GenerateSql({ params: [1] })
  async find(id: number): Promise<StoredEndpoint | undefined> {
    const row = await this.first(this.db.selectFrom('webhook_endpoints').select(ENDPOINT).where('id', '=', id));
    return row && endpointOf(row);
  }

  /** The endpoint, its row locked until the transaction ends (an edit, a rotation, a deletion). */
  @GenerateSql({ params: [1] })
  async lock(id: number): Promise<StoredEndpoint | undefined> {
    const row = await this.first(this.db.selectFrom('webhook_endpoints').select(ENDPOINT).where('id', '=', id).forUpdate());
    return row && endpointOf(row);
  }

  @GenerateSql({ params: [] })
  async count(): Promise<number> {
    const row = await this.first(this.db.selectFrom('webhook_endpoints').select((eb) => eb.fn.countAll<string>().as('n')));
    return Number(row?.n ?? 0);
  }

  /** The event types at least one enabled endpoint chose. */
  @GenerateSql({ params: [] })
  async subscribedTypes(): Promise<Set<string>> {
    const rows = await this.rows(
      this.db
        .selectFrom('webhook_endpoints')
        .select(sql<string>`unnest(events)`.as('type'))
        .where('enabled', '=', true),
    );
    return new Set(rows.map((r) => r.type));
  }

  /** The enabled endpoints that chose this event type. */
  @GenerateSql({ params: ['round.closed'] })
  async subscribers(eventType: string): Promise<StoredEndpoint[]> {
    return (
      await this.rows(
        this.db
          .selectFrom('webhook_endpoints')
          .select(ENDPOINT)
          .where('enabled', '=', true)
          .where(sql<boolean>`${eventType} = ANY(events)`)
          .orderBy('id'),
      )
    ).map(endpointOf);
  }

  @GenerateSql({ params: [{ url: 'https://hooks.example/in', description: 'CRM', events: ['round.closed'], enabled: true, secretSealed: 'v1.sealed' }] })
  async insert(endpoint: NewEndpoint): Promise<StoredEndpoint> {
    const row = await this.first(
      this.db
        .insertInto('webhook_endpoints')
        .values({
          url: endpoint.url,
          description: endpoint.description,
          events: [...endpoint.events],
          enabled: endpoint.enabled,
          secret_sealed: endpoint.secretSealed,
        })
        .returning(ENDPOINT),
    );
    return endpointOf(row!);
  }

  /** Changes the given fields; undefined when there is no such endpoint. */
  @GenerateSql({ params: [1, { enabled: false, events: ['round.closed', 'contest.won'] }] })
  async update(id: number, change: EndpointChange): Promise<StoredEndpoint | undefined> {
    const row = await this.first(
      this.db
        .updateTable('webhook_endpoints')
        .set({
          ...(change.url !== undefined ? { url: change.url } : {}),
          ...(change.description !== undefined ? { description: change.description } : {}),
          ...(change.events !== undefined ? { events: [...change.events] } : {}),
          ...(change.enabled !== undefined ? { enabled: change.enabled } : {}),
          ...(change.secretSealed !== undefined ? { secret_sealed: change.secretSealed } : {}),
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .returning(ENDPOINT),
    );
    return row && endpointOf(row);
  }

  /** Deletes the endpoint with its deliveries and their attempts; false when there was none. */
  @GenerateSql({ params: [1] })
  async delete(id: number): Promise<boolean> {
    return (await this.run(this.db.deleteFrom('webhook_endpoints').where('id', '=', id))) > 0;
  }

  /**
   * Takes the endpoint's lease under `token` for `ms` unless another holder's lease still runs: one
   * delivery at a time per endpoint, whichever process runs it (a crashed holder's lease runs out).
   */
  @GenerateSql({ params: [1, 'token', 15000] })
  async lease(endpointId: number, token: string, ms: number): Promise<boolean> {
    const changed = await this.run(
      this.db
        .updateTable('webhook_endpoints')
        .set({ lease_token: token, lease_until: sql<Date>`now() + make_interval(secs => ${ms / 1000})` })
        .where('id', '=', endpointId)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`), eb('lease_token', '=', token)])),
    );
    return changed > 0;
  }

  /** Gives the lease back, if it is still this holder's. */
  @GenerateSql({ params: [1, 'token'] })
  async release(endpointId: number, token: string): Promise<void> {
    await this.run(
      this.db.updateTable('webhook_endpoints').set({ lease_token: null, lease_until: null }).where('id', '=', endpointId).where('lease_token', '=', token),
    );
  }

  /**
   * Makes each delivery that does not exist yet (one per endpoint and event, manual ones aside) and
   * answers every pending delivery of these endpoints for the event: a repeated fan-out finds the ones
   * it made before and queues them again (an add of a queued job is a no-op).
   */
  @GenerateSql({ params: [[{ endpointId: 1, eventId: 'evt_round.closed_1', eventType: 'round.closed', body: '{}', manual: false }]] })
  async insertDeliveries(deliveries: readonly NewDelivery[]): Promise<StoredDelivery[]> {
    if (!deliveries.length) return [];
    const values = deliveries.map((d) => ({ endpoint_id: d.endpointId, event_id: d.eventId, event_type: d.eventType, body: d.body, manual: d.manual }));
    const manualValues = values.filter((v) => v.manual);
    const manual = manualValues.length ? await this.rows(this.db.insertInto('webhook_deliveries').values(manualValues).returning(DELIVERY)) : [];
    const automatic = values.filter((v) => !v.manual);
    if (automatic.length) {
      await this.run(
        this.db
          .insertInto('webhook_deliveries')
          .values(automatic)
          .onConflict((oc) => oc.columns(['endpoint_id', 'event_id']).where('manual', '=', false).doNothing()),
      );
    }
    const pending = automatic.length
      ? await this.rows(
          this.db
            .selectFrom('webhook_deliveries')
            .select(DELIVERY)
            .where('manual', '=', false)
            .where('status', '=', 'pending')
            .where('attempts', '=', 0)
            .where(
              'endpoint_id',
              'in',
              automatic.map((v) => v.endpoint_id),
            )
            .where(
              'event_id',
              'in',
              automatic.map((v) => v.event_id),
            )
            .orderBy('id'),
        )
      : [];
    return [...manual, ...pending].map(deliveryOf);
  }

  @GenerateSql({ params: [1] })
  async delivery(id: number): Promise<StoredDelivery | undefined> {
    const row = await this.first(this.db.selectFrom('webhook_deliveries').select(DELIVERY).where('id', '=', id));
    return row && deliveryOf(row);
  }

  /** The endpoint's newest deliveries, newest first. */
  @GenerateSql({ params: [1, 50] })
  async deliveries(endpointId: number, limit: number): Promise<StoredDelivery[]> {
    return (
      await this.rows(this.db.selectFrom('webhook_deliveries').select(DELIVERY).where('endpoint_id', '=', endpointId).orderBy('id', 'desc').limit(limit))
    ).map(deliveryOf);
  }

  /**
   * Records an attempt and the delivery's new state in one statement pair; answers the delivery as it
   * now is, or undefined when it was not at this job number (a stale job: nothing is written).
   */
  @GenerateSql({
    params: [
      1,
      0,
      { responseStatus: 500, latencyMs: 12, error: 'HTTP 500' },
      { status: 'retrying', nextAttemptAt: new Date('2026-01-01T00:00:00Z'), nextSeq: 1 },
    ],
  })
  async recordAttempt(
    deliveryId: number,
    seq: number,
    outcome: AttemptOutcome,
    next: { status: WebhookDeliveryStatus; nextAttemptAt: Date | null; nextSeq: number },
  ): Promise<StoredDelivery | undefined> {
    const row = await this.first(
      this.db
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          status: next.status,
          job_seq: next.nextSeq,
          next_attempt_at: next.nextAttemptAt,
          response_status: outcome.responseStatus,
          latency_ms: outcome.latencyMs,
          error: outcome.error,
          updated_at: sql<Date>`now()`,
        }))
        .where('id', '=', deliveryId)
        .where('job_seq', '=', seq)
        .where('status', 'in', ['pending', 'retrying'])
        .returning(DELIVERY),
    );
    if (!row) return undefined;
    await this.run(
      this.db.insertInto('webhook_attempts').values({
        delivery_id: deliveryId,
        attempt: row.attempts,
        response_status: outcome.responseStatus,
        latency_ms: outcome.latencyMs,
        error: outcome.error,
      }),
    );
    return deliveryOf(row);
  }

  /** Moves a delivery's job number on (its attempt postponed, not spent); answers the new number, or undefined when stale. */
  @GenerateSql({ params: [1, 0] })
  async postpone(deliveryId: number, seq: number): Promise<number | undefined> {
    const row = await this.first(
      this.db
        .updateTable('webhook_deliveries')
        .set((eb) => ({ job_seq: eb('job_seq', '+', 1) }))
        .where('id', '=', deliveryId)
        .where('job_seq', '=', seq)
        .where('status', 'in', ['pending', 'retrying'])
        .returning('job_seq'),
    );
    return row?.job_seq;
  }

  /** Every attempt of a delivery, first first. */
  @GenerateSql({ params: [1] })
  async attempts(deliveryId: number): Promise<(AttemptOutcome & { attempt: number; at: Date })[]> {
    const rows = await this.rows(
      this.db
        .selectFrom('webhook_attempts')
        .select(['attempt', 'response_status', 'latency_ms', 'error', 'at'])
        .where('delivery_id', '=', deliveryId)
        .orderBy('attempt'),
    );
    return rows.map((r) => ({ attempt: r.attempt, responseStatus: r.response_status, latencyMs: r.latency_ms ?? 0, error: r.error, at: r.at }));
  }

  /**
   * Deletes up to `limit` deliveries (their attempts with them) made more than `seconds` ago: finished
   * ones, and unfinished ones whose job was lost: not moved and no attempt due for that long, and at least
   * LOST_DELIVERY_SECONDS (a delivery waiting out its backoff or a busy endpoint is still live). Answers
   * how many went.
   */
  @GenerateSql({ params: [2_592_000, 1000] })
  async pruneOlderThan(seconds: number, limit: number): Promise<number> {
    const cutoff = sql<Date>`now() - make_interval(secs => ${seconds})`;
    const lost = sql<Date>`now() - make_interval(secs => ${Math.max(seconds, LOST_DELIVERY_SECONDS)})`;
    return this.run(
      this.db.deleteFrom('webhook_deliveries').where(
        'id',
        'in',
        this.db
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('created_at', '<', cutoff)
          .where((eb) =>
            eb.or([
              eb('status', 'in', ['succeeded', 'failed']),
              eb.and([eb('updated_at', '<', lost), eb(eb.fn.coalesce('next_attempt_at', 'updated_at'), '<', lost)]),
            ]),
          )
          .orderBy('created_at')
          .limit(limit),
      ),
    );
  }

  /**
   * Redacts every delivery whose event concerns the account: its body names the account's id
   * (`user_id`) or one of its entries (`entry_id`) anywhere in `data`, as every event about a person
   * does (a round's results list each entry). The body is emptied and `redacted_at` set, so it is never
   * sent again; one not finished yet ends as failed with `reason`, its job number moved on so a queued
   * attempt does nothing. Answers how many were redacted.
   */
  @GenerateSql({ params: [1, 'The event named an account since deleted: it was withdrawn'] })
  async redactConcerning(userId: number, reason: string): Promise<number> {
    const entries = sql<unknown>`(SELECT coalesce(jsonb_agg(id), '[]'::jsonb) FROM contest_entries WHERE user_id = ${userId})`;
    // A redacted body is not JSON: the CASE keeps the cast off those rows whatever order the planner picks.
    const concerns = sql<boolean>`jsonb_path_exists(
      CASE WHEN redacted_at IS NULL THEN body::jsonb END,
      'lax $.data.** ? (@.entry_id == $entries[*] || @.user_id == $user)',
      jsonb_build_object('entries', ${entries}, 'user', ${userId}::int)
    )`;
    return this.run(
      this.db
        .updateTable('webhook_deliveries')
        .set((eb) => redacted(eb, reason))
        .where('redacted_at', 'is', null)
        // Events that never name a person are not read: the standings' make most of the log.
        .where('event_type', 'not in', [...IMPERSONAL_EVENTS])
        .where(concerns),
    );
  }

  /**
   * Redacts one delivery, as `redactConcerning` does, when its body names an account erased since the
   * event happened (an event queued before the erasure and made into deliveries after it, or a
   * redelivery's copy): the last check before it is sent. Answers whether it was redacted.
   */
  @GenerateSql({ params: [1, 'The event named an account since deleted: it was withdrawn'] })
  async redactIfNamesErased(deliveryId: number, reason: string): Promise<boolean> {
    // Only whole numbers a user or an entry id can be are cast, so no body makes the query fail.
    const ids = (key: string) => sql.raw(`'lax $.data.**.${key} ? (@.type() == "number" && @ >= 1 && @ <= 2147483647)'`);
    // A redacted body is not JSON: the CASE keeps the cast off it whatever order the planner picks.
    const doc = sql`CASE WHEN redacted_at IS NULL THEN body::jsonb END`;
    const namesErased = sql<boolean>`EXISTS (
      SELECT 1 FROM jsonb_path_query(${doc}, ${ids('user_id')}) AS named(id)
        JOIN users ON users.id = named.id::int
      WHERE users.erased_at IS NOT NULL
      UNION ALL
      SELECT 1 FROM jsonb_path_query(${doc}, ${ids('entry_id')}) AS named(id)
        JOIN contest_entries ON contest_entries.id = named.id::int
        JOIN users ON users.id = contest_entries.user_id
      WHERE users.erased_at IS NOT NULL
    )`;
    const row = await this.first(
      this.db
        .updateTable('webhook_deliveries')
        .set((eb) => redacted(eb, reason))
        .where('id', '=', deliveryId)
        .where('redacted_at', 'is', null)
        .where('event_type', 'not in', [...IMPERSONAL_EVENTS])
        .where(namesErased)
        .returning('id'),
    );
    return row !== undefined;
  }
}
