import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aContest, aGroup, anEntry, aWebhookEndpoint } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { WebhooksRepository } from './webhooks.repository.js';

describe(WebhooksRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let repo: WebhooksRepository;
  let transactions: Transactions;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 4)).initialize();
    repo = new WebhooksRepository(ds);
    transactions = new Transactions(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should store, list, change and delete endpoints, and answer which event types an enabled endpoint chose', async () => {
    const made = await repo.insert({
      url: 'https://crm.example/in',
      description: 'CRM',
      events: ['round.closed', 'contest.won'],
      enabled: true,
      secretSealed: 'v1.a',
    });
    const off = await repo.insert({ url: 'https://off.example/in', description: '', events: ['payment.credited'], enabled: false, secretSealed: 'v1.b' });
    expect(made).toEqual(
      expect.objectContaining({
        url: 'https://crm.example/in',
        description: 'CRM',
        events: ['round.closed', 'contest.won'],
        enabled: true,
        secretSealed: 'v1.a',
      }),
    );
    expect((await repo.list()).map((e) => e.id)).toEqual([made.id, off.id]);
    expect(await repo.count()).toBe(2);
    expect([...(await repo.subscribedTypes())].sort()).toEqual(['contest.won', 'round.closed']);
    expect((await repo.subscribers('round.closed')).map((e) => e.id)).toEqual([made.id]);
    expect(await repo.subscribers('payment.credited')).toEqual([]);

    const changed = await repo.update(off.id, { enabled: true, events: ['payment.credited', 'votes.voided'], secretSealed: 'v1.c' });
    expect(changed).toEqual(
      expect.objectContaining({ enabled: true, events: ['payment.credited', 'votes.voided'], secretSealed: 'v1.c', url: 'https://off.example/in' }),
    );
    expect(changed!.updatedAt.getTime()).toBeGreaterThanOrEqual(off.updatedAt.getTime());
    expect((await repo.subscribers('votes.voided')).map((e) => e.id)).toEqual([off.id]);
    expect(await repo.update(999_999, { enabled: false })).toBeUndefined();
    expect(await transactions.run(() => repo.lock(made.id))).toEqual(expect.objectContaining({ id: made.id }));

    expect(await repo.delete(off.id)).toBe(true);
    expect(await repo.delete(off.id)).toBe(false);
    expect(await repo.find(off.id)).toBeUndefined();
  });

  it('should make one delivery per endpoint and event however often the fan-out runs, and manual ones beside it', async () => {
    const a = await aWebhookEndpoint(db);
    const b = await aWebhookEndpoint(db);
    const event = (endpointId: number, manual = false) => ({
      endpointId,
      eventId: 'evt_round.closed_7',
      eventType: 'round.closed',
      body: '{"type":"round.closed"}',
      manual,
    });
    const first = await repo.insertDeliveries([event(a.id), event(b.id)]);
    const again = await repo.insertDeliveries([event(a.id), event(b.id)]);
    expect(first.map((d) => d.endpointId)).toEqual([a.id, b.id]);
    // The repeat finds the same pending deliveries (to queue their jobs again), and makes none.
    expect(again.map((d) => d.id)).toEqual(first.map((d) => d.id));
    const manual = await repo.insertDeliveries([event(a.id, true)]);
    expect(manual).toHaveLength(1);
    expect(manual[0]).toEqual(expect.objectContaining({ manual: true, status: 'pending', attempts: 0, jobSeq: 0, eventId: 'evt_round.closed_7' }));
    expect((await repo.deliveries(a.id, 50)).map((d) => d.id)).toEqual([manual[0].id, first[0].id]);
    expect(await repo.deliveries(a.id, 1)).toHaveLength(1);
    expect(await repo.insertDeliveries([])).toEqual([]);
  });

  it('should record attempts at the job number it was given, and ignore a stale job', async () => {
    const e = await aWebhookEndpoint(db);
    const [d] = await repo.insertDeliveries([{ endpointId: e.id, eventId: 'evt_x_1', eventType: 'contest.won', body: '{}', manual: false }]);
    const next = new Date(Date.now() + 60_000);
    const retrying = await repo.recordAttempt(
      d.id,
      0,
      { responseStatus: 500, latencyMs: 31, error: 'HTTP 500' },
      { status: 'retrying', nextAttemptAt: next, nextSeq: 1 },
    );
    expect(retrying).toEqual(expect.objectContaining({ status: 'retrying', attempts: 1, jobSeq: 1, responseStatus: 500, latencyMs: 31, error: 'HTTP 500' }));
    expect(retrying!.nextAttemptAt?.getTime()).toBe(next.getTime());
    // The same job run twice: its second run changes nothing.
    expect(
      await repo.recordAttempt(d.id, 0, { responseStatus: 200, latencyMs: 5, error: null }, { status: 'succeeded', nextAttemptAt: null, nextSeq: 1 }),
    ).toBeUndefined();
    expect(await repo.postpone(d.id, 1)).toBe(2);
    expect(await repo.postpone(d.id, 1)).toBeUndefined();
    const done = await repo.recordAttempt(
      d.id,
      2,
      { responseStatus: 204, latencyMs: 12, error: null },
      { status: 'succeeded', nextAttemptAt: null, nextSeq: 3 },
    );
    expect(done).toEqual(expect.objectContaining({ status: 'succeeded', attempts: 2, responseStatus: 204, error: null, nextAttemptAt: null }));
    // Finished: no later attempt is recorded, and the delivery is postponed no more.
    expect(
      await repo.recordAttempt(d.id, 3, { responseStatus: 500, latencyMs: 1, error: 'HTTP 500' }, { status: 'failed', nextAttemptAt: null, nextSeq: 4 }),
    ).toBeUndefined();
    expect(await repo.postpone(d.id, 3)).toBeUndefined();
    expect((await repo.attempts(d.id)).map((a) => [a.attempt, a.responseStatus, a.error])).toEqual([
      [1, 500, 'HTTP 500'],
      [2, 204, null],
    ]);
    expect(await repo.delivery(d.id)).toEqual(done);
  });

  it("should let one holder at a time have an endpoint's lease, until it is given back or runs out", async () => {
    const e = await aWebhookEndpoint(db);
    expect(await repo.lease(e.id, 'one', 10_000)).toBe(true);
    expect(await repo.lease(e.id, 'two', 10_000)).toBe(false);
    await repo.release(e.id, 'two');
    expect(await repo.lease(e.id, 'two', 10_000)).toBe(false);
    await repo.release(e.id, 'one');
    expect(await repo.lease(e.id, 'two', 50)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 120));
    // A holder that never gave it back (a crashed process) loses it once it runs out.
    expect(await repo.lease(e.id, 'three', 10_000)).toBe(true);
  });

  it('should delete an endpoint with its deliveries and their attempts', async () => {
    const e = await aWebhookEndpoint(db);
    const [d] = await repo.insertDeliveries([{ endpointId: e.id, eventId: 'evt_gone_1', eventType: 'round.closed', body: '{}', manual: false }]);
    await repo.recordAttempt(
      d.id,
      0,
      { responseStatus: null, latencyMs: 3, error: 'Timed out' },
      { status: 'retrying', nextAttemptAt: new Date(), nextSeq: 1 },
    );
    expect(await repo.delete(e.id)).toBe(true);
    expect(await repo.delivery(d.id)).toBeUndefined();
    expect(await repo.attempts(d.id)).toEqual([]);
  });

  it('should delete deliveries older than the retention with their attempts, keep newer and moving ones, and delete none twice', async () => {
    const endpoint = await aWebhookEndpoint(db);
    const make = async (eventId: string, ageSeconds: number, status: string, movedSeconds = ageSeconds, nextInSeconds: number | null = null) => {
      const [d] = await repo.insertDeliveries([{ endpointId: endpoint.id, eventId, eventType: 'round.closed', body: '{}', manual: true }]);
      await db.pool.query(
        `UPDATE webhook_deliveries SET status = $2, created_at = now() - make_interval(secs => $3), updated_at = now() - make_interval(secs => $4),
           next_attempt_at = now() + make_interval(secs => $5) WHERE id = $1`,
        [d.id, status, ageSeconds, movedSeconds, nextInSeconds],
      );
      await db.pool.query('INSERT INTO webhook_attempts (delivery_id, attempt, response_status, latency_ms) VALUES ($1, 1, 500, 5)', [d.id]);
      return d.id;
    };
    const oldDone = await make('evt_old_done', 3600, 'succeeded');
    const oldFailed = await make('evt_old_failed', 3600, 'failed');
    const week = 7 * 24 * 3600;
    // Unfinished and not moved for over a week: its job was lost.
    const oldStuck = await make('evt_old_stuck', week + 3600, 'pending');
    const oldButMoving = await make('evt_old_moving', 3600, 'retrying', 10);
    // Past the retention, but still live: waiting out a busy endpoint, or a backoff whose attempt is due.
    const waiting = await make('evt_old_waiting', 3600, 'pending');
    const backingOff = await make('evt_old_backoff', week + 3600, 'retrying', week + 3600, 60);
    const young = await make('evt_young', 10, 'succeeded');

    expect(await repo.pruneOlderThan(600, 2)).toBe(2);
    expect(await repo.pruneOlderThan(600, 1000)).toBe(1);
    expect(await repo.pruneOlderThan(600, 1000)).toBe(0);
    const { rows } = await db.pool.query('SELECT id FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id', [endpoint.id]);
    expect(rows.map((r: { id: number }) => r.id)).toEqual([oldButMoving, waiting, backingOff, young]);
    const attempts = await db.pool.query('SELECT delivery_id FROM webhook_attempts WHERE delivery_id = ANY($1::int[])', [[oldDone, oldFailed, oldStuck]]);
    expect(attempts.rows).toEqual([]);
  });

  it("should redact the deliveries that name an account or one of its entries, stop the unsent ones, and leave others' alone", async () => {
    const endpoint = await aWebhookEndpoint(db);
    const contest = await aContest(db, { is_current: false });
    const group = await aGroup(db, contest.id);
    const mira = await anEntry(db, { contestId: contest.id, groupId: group.id });
    const other = await anEntry(db, { contestId: contest.id, groupId: group.id });
    const body = (type: string, data: object) => JSON.stringify({ type, timestamp: '2026-11-30T00:00:00Z', data });
    const made = await repo.insertDeliveries(
      [
        body('contestant.joined', { entry_id: mira.entryId, user_id: mira.userId, contest_id: contest.id }),
        body('round.closed', {
          contest_id: contest.id,
          results: [
            { entry_id: other.entryId, username: 'other' },
            { entry_id: mira.entryId, username: 'mira' },
          ],
        }),
        body('payment.credited', { payment_id: 'p1', entry_id: mira.entryId, votes: 3 }),
        body('contestant.joined', { entry_id: other.entryId, user_id: other.userId, contest_id: contest.id }),
        // Ids that are only equal as numbers of another kind: a contest or a group with the same number is not the person.
        body('votes.voided', { entry_id: other.entryId, contest_id: mira.entryId, group_id: mira.userId }),
        body('webhook.test', { endpoint_id: endpoint.id, message: 'hello' }),
      ].map((b, i) => ({ endpointId: endpoint.id, eventId: `evt_redact_${i}`, eventType: 'x', body: b, manual: false })),
    );
    expect(made).toHaveLength(6);
    // The first was sent already; the second waits for its next attempt.
    await db.pool.query(`UPDATE webhook_deliveries SET status = 'succeeded', attempts = 1 WHERE id = $1`, [made[0].id]);
    await db.pool.query(
      `UPDATE webhook_deliveries SET status = 'retrying', attempts = 2, error = 'HTTP 500', next_attempt_at = now() + interval '1 minute' WHERE id = $1`,
      [made[1].id],
    );

    expect(await repo.redactConcerning(mira.userId, 'withdrawn')).toBe(3);
    const after = await Promise.all(made.map((d) => repo.delivery(d.id)));
    expect(after.map((d) => [d!.redactedAt !== null, d!.body === ''])).toEqual([
      [true, true],
      [true, true],
      [true, true],
      [false, false],
      [false, false],
      [false, false],
    ]);
    expect(after[0]).toMatchObject({ status: 'succeeded', error: null });
    expect(after[1]).toMatchObject({ status: 'failed', error: 'withdrawn', nextAttemptAt: null, jobSeq: made[1].jobSeq + 1 });
    expect(after[2]).toMatchObject({ status: 'failed', error: 'withdrawn' });
    expect(after[3]).toMatchObject({ status: 'pending', body: made[3].body });
    // Run again (a repeated erasure): nothing more, and the emptied bodies are never read as JSON.
    expect(await repo.redactConcerning(mira.userId, 'withdrawn')).toBe(0);
    expect(await repo.redactConcerning(other.userId, 'withdrawn')).toBe(2);
  });

  it('should redact a delivery before it is sent when its body names an account erased since, and only then', async () => {
    const endpoint = await aWebhookEndpoint(db);
    const contest = await aContest(db, { is_current: false });
    const group = await aGroup(db, contest.id);
    const gone = await anEntry(db, { contestId: contest.id, groupId: group.id });
    const stays = await anEntry(db, { contestId: contest.id, groupId: group.id });
    const delivery = (i: number, eventType: string, data: object) => ({
      endpointId: endpoint.id,
      eventId: `evt_erased_${i}`,
      eventType,
      body: JSON.stringify({ type: eventType, timestamp: '2026-11-30T00:00:00Z', data }),
      manual: false,
    });
    const made = await repo.insertDeliveries([
      delivery(0, 'contestant.joined', { entry_id: gone.entryId, user_id: gone.userId }),
      delivery(1, 'round.closed', { results: [{ entry_id: stays.entryId }, { entry_id: gone.entryId }] }),
      delivery(2, 'contestant.joined', { entry_id: stays.entryId, user_id: stays.userId }),
      // Values no id can be are passed over, never cast.
      delivery(3, 'round.closed', { results: [{ entry_id: 'x' }, { entry_id: 1e12 }, { user_id: -1 }, { user_id: null }] }),
      delivery(4, 'standings.changed', { group_id: group.id, user_id: gone.userId }),
    ]);
    // Before the erasure nothing names an erased account.
    expect(await repo.redactIfNamesErased(made[0].id, 'withdrawn')).toBe(false);

    await db.pool.query('UPDATE users SET erased_at = now() WHERE id = $1', [gone.userId]);
    const redacted = [];
    for (const d of made) redacted.push(await repo.redactIfNamesErased(d.id, 'withdrawn'));
    expect(redacted).toEqual([true, true, false, false, false]);
    expect(await repo.delivery(made[1].id)).toMatchObject({ body: '', status: 'failed', error: 'withdrawn', jobSeq: made[1].jobSeq + 1 });
    expect(await repo.delivery(made[2].id)).toMatchObject({ body: made[2].body, status: 'pending', redactedAt: null });
    // Once redacted, its emptied body is never read as JSON again.
    expect(await repo.redactIfNamesErased(made[0].id, 'withdrawn')).toBe(false);
  });
});
