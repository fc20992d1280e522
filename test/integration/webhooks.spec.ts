import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { AuditLogPage } from '#contract/audit/answers.js';
import type { Contest } from '#contract/contests/answers.js';
import type { WebhookAttemptList, WebhookDelivery, WebhookEndpoint, WebhookWithSecret } from '#contract/webhooks/answers.js';
import { WEBHOOK_MESSAGES } from '#contract/webhooks/messages.js';
import { SecretBox } from '#server/common/secret-box.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { aJob, aPayment, aWebhookAttempt, aWebhookDelivery, aWebhookEndpoint, someVotes } from '../helpers/factories.js';
import { loopbackAddress, requestFrom } from '../helpers/source-address.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

interface Received {
  headers: Record<string, string>;
  body: string;
  answered: number;
}

/** A webhook receiver on 127.0.0.1: answers `failFirst` requests 500, then 204; keeps every request. */
class Receiver {
  readonly requests: Received[] = [];
  private readonly server: http.Server;

  /** The most requests it was answering at one moment. */
  mostAtOnce = 0;
  private open = 0;

  constructor(
    private failFirst = 0,
    private delayMs = 0,
  ) {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      this.open++;
      this.mostAtOnce = Math.max(this.mostAtOnce, this.open);
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const answered = this.requests.length < this.failFirst ? 500 : 204;
        this.requests.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8'), answered });
        setTimeout(() => {
          this.open--;
          res.statusCode = answered;
          res.end();
        }, this.delayMs);
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(scheme = 'http', host = '127.0.0.1'): string {
    return `${scheme}://${host}:${this.port}/hooks`;
  }

  /** The requests answered 2xx, each verified with the secret by the Standard Webhooks library (throws on a bad signature). */
  accepted(secret: string): { id: string; type: string; data: Record<string, unknown>; timestamp: string }[] {
    const verifier = new Webhook(secret);
    return this.requests
      .filter((r) => r.answered === 204)
      .map((r) => {
        const payload = verifier.verify(r.body, r.headers) as { type: string; timestamp: string; data: Record<string, unknown> };
        return { id: r.headers['webhook-id'], ...payload };
      });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

describe('signed outbound webhooks', () => {
  /** Private addresses allowed (the receivers are on loopback), retries 50 ms apart. */
  let t: TestServer;
  /** As in production: https and public addresses only; the log kept a minute (swept every 6 s). */
  let strict: TestServer;
  let owner: TestAccount;
  let strictOwner: TestAccount;
  const receivers: Receiver[] = [];
  const receiver = async (failFirst = 0, delayMs = 0) => {
    const r = await new Receiver(failFirst, delayMs).start();
    receivers.push(r);
    return r;
  };
  const as = async <T>(server: TestServer, who: TestAccount, method: string, path: string, body?: unknown) => {
    const res = await call(server, method, path, who.token, body);
    return { status: res.status, body: (await res.json()) as T };
  };
  const register = async (url: string, events: string[]) => {
    const made = await as<WebhookWithSecret>(t, owner, 'POST', '/admin/webhooks', { url, events, description: 'Test receiver' });
    expect(made.status).toBe(201);
    return made.body;
  };
  const log = async (server: TestServer, who: TestAccount, id: number) =>
    (await as<{ items: WebhookDelivery[] }>(server, who, 'GET', `/admin/webhooks/${id}/deliveries`)).body.items;
  const until = async (what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000) => {
    const end = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await sleep(100);
    }
  };

  beforeAll(async () => {
    [t, strict] = await Promise.all([
      startTestServer({ WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_BACKOFF_MS: '50', WEBHOOKS_ATTEMPTS: '5', WEBHOOKS_TIMEOUT_MS: '3000' }),
      startTestServer({ WEBHOOKS_BACKOFF_MS: '50', WEBHOOKS_ATTEMPTS: '2', WEBHOOK_LOG_RETENTION: '60s' }),
    ]);
    [owner] = await createAccounts(t, 'hookowner', 1, 'admin');
    [strictOwner] = await createAccounts(strict, 'strictowner', 1, 'admin');
  }, 120_000);
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await Promise.all([t?.stop(), strict?.stop()]);
  });

  it("should deliver each chosen event once, signed with the endpoint's secret, and none it did not choose", async () => {
    const chosen = await receiver();
    const other = await receiver();
    const hook = await register(chosen.url(), ['contestant.joined', 'round.closed', 'contest.won', 'votes.voided']);
    expect(hook).toMatchObject({ url: chosen.url(), events: ['contestant.joined', 'round.closed', 'contest.won', 'votes.voided'], enabled: true });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const otherHook = await register(other.url(), ['payment.credited']);
    // The list never shows a secret.
    const listed = await as<{ items: (WebhookEndpoint & { secret?: string })[] }>(t, owner, 'GET', '/admin/webhooks');
    expect(listed.body.items.map((e) => [e.id, e.secret])).toEqual([
      [hook.id, undefined],
      [otherHook.id, undefined],
    ]);

    // A contest of one round that ends in a few seconds, two contestants joining it.
    const created = await as<Contest>(t, owner, 'POST', '/admin/create-contest', {
      name: 'Webhook Cup',
      description: 'Decided while the receiver listens',
      start_date: new Date().toISOString(),
      winners: 1,
      rounds: [{ name: 'Final', ends_at: inSeconds(3) }],
    });
    expect(created.status).toBe(201);
    const contestId = created.body.id;
    const [star, runnerUp] = await createAccounts(t, 'hookstar', 2, 'contestant');
    for (const who of [star, runnerUp]) expect((await join(t, who, contestId)).status).toBe(201);
    const { rows } = await t.db.pool.query('SELECT id, user_id FROM contest_entries WHERE contest_id = $1', [contestId]);
    const entryOf = (who: TestAccount) => rows.find((r: { user_id: number }) => r.user_id === who.id).id as number;
    // Three free votes for the star, two for the runner-up, whose votes are then voided.
    await someVotes(t.db, entryOf(star), [{ kind: 'free' }, { kind: 'free' }, { kind: 'free' }]);
    await someVotes(t.db, entryOf(runnerUp), [{ kind: 'free' }, { kind: 'free' }]);
    await t.db.pool.query('UPDATE contest_entries SET current_contest_votes = 3 WHERE id = $1', [entryOf(star)]);
    await t.db.pool.query('UPDATE contest_entries SET current_contest_votes = 2 WHERE id = $1', [entryOf(runnerUp)]);
    await t.db.pool.query('UPDATE contestant_profiles SET total_votes = CASE WHEN user_id = $1 THEN 3 ELSE 2 END WHERE user_id IN ($1, $2)', [
      star.id,
      runnerUp.id,
    ]);
    const voided = await call(t, 'POST', '/admin/vote-review/void', owner.token, {
      entry_id: entryOf(runnerUp),
      from: new Date(Date.now() - 3600_000).toISOString(),
      to: new Date(Date.now() + 1000).toISOString(),
      reason: 'Checked by the webhook test',
    });
    expect(voided.status).toBe(200);

    await until('the round and the contest results', () => {
      const types = chosen.requests.map((r) => JSON.parse(r.body).type as string);
      return types.includes('round.closed') && types.includes('contest.won');
    });
    // Whatever was still on its way arrives now: each event must still be there once.
    await sleep(1500);
    const events = chosen.accepted(hook.secret);
    expect(events.map((e) => e.type).sort()).toEqual(['contest.won', 'contestant.joined', 'contestant.joined', 'round.closed', 'votes.voided']);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    expect(chosen.requests).toHaveLength(events.length);
    const of = (type: string) => events.filter((e) => e.type === type).map((e) => e.data);
    expect(of('contestant.joined')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entry_id: entryOf(star), user_id: star.id, contest_id: contestId, contest_name: 'Webhook Cup' }),
        expect.objectContaining({ entry_id: entryOf(runnerUp), user_id: runnerUp.id, contest_id: contestId }),
      ]),
    );
    expect(of('votes.voided')).toEqual([expect.objectContaining({ entry_id: entryOf(runnerUp), removed: 2, reason: 'Checked by the webhook test' })]);
    expect(of('round.closed')).toEqual([
      expect.objectContaining({
        contest_id: contestId,
        round_name: 'Final',
        last: true,
        results: expect.arrayContaining([
          expect.objectContaining({ username: star.username, outcome: 'winner', place: 1, votes: 3 }),
          expect.objectContaining({ username: runnerUp.username, outcome: 'finalist', place: null, votes: 0 }),
        ]),
      }),
    ]);
    expect(of('contest.won')).toEqual([
      expect.objectContaining({ contest_id: contestId, winners: [expect.objectContaining({ username: star.username, place: 1 })] }),
    ]);
    // A signature under another secret is refused by the receiver's library.
    expect(() => chosen.accepted(`whsec_${Buffer.alloc(32, 7).toString('base64')}`)).toThrow();
    expect(other.requests).toEqual([]);

    const delivered = await log(t, owner, hook.id);
    expect(delivered).toHaveLength(5);
    for (const d of delivered) {
      expect(d).toMatchObject({ status: 'succeeded', attempts: 1, response_status: 204, error: null, manual: false });
      expect(d.latency_ms).toEqual(expect.any(Number));
    }
  }, 60_000);

  it('should tell of a payment credited and then refunded, once each', async () => {
    const r = await receiver();
    const hook = await register(r.url(), ['payment.credited', 'payment.refunded']);
    const contestId = await insertContest(t, { name: 'Paid Cup' });
    const [fan] = await createAccounts(t, 'hookpaid', 1, 'contestant');
    expect((await join(t, fan, contestId)).status).toBe(201);
    const { rows } = await t.db.pool.query('SELECT id, group_id FROM contest_entries WHERE user_id = $1', [fan.id]);
    const entry = { profileId: fan.profileId!, entryId: rows[0].id as number, contestId };
    const payment = await aPayment(t.db, entry, { status: 'paid', votes: 12, base_votes: 10 });
    await aJob(t.db, { name: 'credit-payment', payload: { paymentId: payment.id } });
    await until('the credit', () => r.requests.length === 1);
    await aJob(t.db, { name: 'refund-payment', payload: { paymentId: payment.id, reason: 'refund' } });
    await until('the refund', () => r.requests.length === 2);
    await sleep(500);
    const events = r.accepted(hook.secret);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'payment.credited',
        id: `evt_payment.credited_${payment.id}`,
        data: expect.objectContaining({ payment_id: payment.id, entry_id: entry.entryId, group_id: rows[0].group_id, votes: 12 }),
      }),
      expect.objectContaining({
        type: 'payment.refunded',
        data: expect.objectContaining({ payment_id: payment.id, entry_id: entry.entryId, votes: 12, reason: 'refund', votes_taken_back: true }),
      }),
    ]);
  }, 30_000);

  it('should try a failing receiver again until it answers, log all four attempts, and deliver once', async () => {
    const flaky = await receiver(3);
    const hook = await register(flaky.url(), ['round.closed']);
    const sent = await as<WebhookDelivery>(t, owner, 'POST', `/admin/webhooks/${hook.id}/test`);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ event_type: 'webhook.test', status: 'pending', attempts: 0, manual: true });
    await until('the fourth attempt', async () => (await log(t, owner, hook.id))[0]?.status === 'succeeded');
    const [delivery] = await log(t, owner, hook.id);
    expect(delivery).toMatchObject({ id: sent.body.id, status: 'succeeded', attempts: 4, response_status: 204, error: null, next_attempt_at: null });
    expect(flaky.requests.map((r) => r.answered)).toEqual([500, 500, 500, 204]);
    // Every attempt carries the same webhook-id and a valid signature; one was accepted.
    expect(new Set(flaky.requests.map((r) => r.headers['webhook-id']))).toEqual(new Set([sent.body.event_id]));
    const accepted = flaky.accepted(hook.secret);
    expect(accepted).toEqual([
      expect.objectContaining({ id: sent.body.event_id, type: 'webhook.test', data: expect.objectContaining({ endpoint_id: hook.id }) }),
    ]);
    const attempts = (await t.db.pool.query('SELECT attempt, response_status FROM webhook_attempts WHERE delivery_id = $1 ORDER BY attempt', [delivery.id]))
      .rows;
    expect(attempts).toEqual([
      { attempt: 1, response_status: 500 },
      { attempt: 2, response_status: 500 },
      { attempt: 3, response_status: 500 },
      { attempt: 4, response_status: 204 },
    ]);
    // The owner's log answers the same four attempts, in order, each with its time, answer or error, and latency.
    const logged = await as<WebhookAttemptList>(t, owner, 'GET', `/admin/webhooks/${hook.id}/deliveries/${delivery.id}/attempts`);
    expect(logged.status).toBe(200);
    expect(logged.body.items.map((a) => [a.attempt, a.response_status, a.error])).toEqual([
      [1, 500, 'HTTP 500'],
      [2, 500, 'HTTP 500'],
      [3, 500, 'HTTP 500'],
      [4, 204, null],
    ]);
    for (const a of logged.body.items) expect(a.latency_ms).toEqual(expect.any(Number));
    const times = logged.body.items.map((a) => Date.parse(a.at));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    // Another endpoint's delivery, or none, is not found.
    expect((await as(t, owner, 'GET', `/admin/webhooks/${hook.id}/deliveries/999999/attempts`)).status).toBe(404);
    const elsewhere = await register(flaky.url(), ['round.closed']);
    expect((await as(t, owner, 'GET', `/admin/webhooks/${elsewhere.id}/deliveries/${delivery.id}/attempts`)).status).toBe(404);
    expect((await as(t, owner, 'DELETE', `/admin/webhooks/${elsewhere.id}`)).status).toBe(200);

    // Redeliver: the same event, under the same webhook-id, as a new delivery in the log.
    const again = await as<WebhookDelivery>(t, owner, 'POST', `/admin/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ event_id: delivery.event_id, manual: true, status: 'pending' });
    await until('the redelivery', () => flaky.requests.length === 5);
    expect(flaky.requests[4].headers['webhook-id']).toBe(delivery.event_id);
    expect((await as(t, owner, 'POST', `/admin/webhooks/${hook.id}/deliveries/999999/redeliver`)).status).toBe(404);
  }, 60_000);

  it("should redact an erased account's deliveries, refuse to send them again, and leave other people's alone", async () => {
    const r = await receiver();
    const hook = await register(r.url(), ['contestant.joined']);
    const contestId = await insertContest(t, { name: 'Erased Cup' });
    const [gone, stays] = await createAccounts(t, 'hookgone', 2, 'contestant');
    for (const who of [gone, stays]) expect((await join(t, who, contestId)).status).toBe(201);
    await until('both joins', async () => (await log(t, owner, hook.id)).filter((d) => d.status === 'succeeded').length === 2);
    const bodies = async () =>
      (await t.db.pool.query('SELECT id, body, redacted_at FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id', [hook.id])).rows as {
        id: number;
        body: string;
        redacted_at: Date | null;
      }[];
    const before = await bodies();
    const goneDelivery = before.find((d) => JSON.parse(d.body).data.user_id === gone.id)!;
    const staysDelivery = before.find((d) => JSON.parse(d.body).data.user_id === stays.id)!;
    expect(goneDelivery.body).toContain(`"user_id":${gone.id}`);

    expect((await call(t, 'DELETE', `/users/${gone.id}`, owner.token)).status).toBe(200);
    const after = await bodies();
    expect(after.find((d) => d.id === goneDelivery.id)).toEqual({ id: goneDelivery.id, body: '', redacted_at: expect.any(Date) });
    expect(after.find((d) => d.id === staysDelivery.id)).toEqual({ ...staysDelivery, redacted_at: null });
    // The log keeps the line (it was sent), but nothing of it can be sent again.
    const kept = await log(t, owner, hook.id);
    expect(kept.map((d) => d.id).sort()).toEqual([goneDelivery.id, staysDelivery.id].sort());
    expect(kept.map((d) => [d.id, d.redacted]).sort()).toEqual(
      [
        [goneDelivery.id, true],
        [staysDelivery.id, false],
      ].sort(),
    );
    const refused = await as<{ detail: string }>(t, owner, 'POST', `/admin/webhooks/${hook.id}/deliveries/${goneDelivery.id}/redeliver`);
    expect(refused).toEqual({ status: 409, body: { detail: WEBHOOK_MESSAGES.redacted } });
    const again = await as<WebhookDelivery>(t, owner, 'POST', `/admin/webhooks/${hook.id}/deliveries/${staysDelivery.id}/redeliver`);
    expect(again.status).toBe(201);
    await until('the redelivery', () => r.requests.length === 3);
    await sleep(300);
    expect(r.requests).toHaveLength(3);
    expect(r.requests[2].headers['webhook-id']).toBe(again.body.event_id);
    expect(JSON.parse(r.requests[2].body).data.user_id).toBe(stays.id);
    expect(r.requests.map((q) => q.body).filter((b) => b.includes(`"user_id":${gone.id}`))).toHaveLength(1);
  }, 40_000);

  it('should send one delivery at a time to an endpoint, however many are due at once', async () => {
    const slow = await receiver(0, 300);
    const hook = await register(slow.url(), ['round.closed']);
    const sent = await Promise.all([1, 2, 3, 4].map(() => as<WebhookDelivery>(t, owner, 'POST', `/admin/webhooks/${hook.id}/test`)));
    expect(sent.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    await until('the four deliveries', async () => (await log(t, owner, hook.id)).every((d) => d.status === 'succeeded'), 30_000);
    expect(slow.requests).toHaveLength(4);
    expect(slow.mostAtOnce).toBe(1);
    // Waiting for the endpoint spent no attempt.
    expect((await log(t, owner, hook.id)).map((d) => d.attempts)).toEqual([1, 1, 1, 1]);
  }, 40_000);

  it('should sign with the new secret once rotated, and record each change in the audit log without the secret', async () => {
    const r = await receiver();
    const hook = await register(r.url(), ['votes.voided']);
    const rotated = await as<WebhookWithSecret>(t, owner, 'POST', `/admin/webhooks/${hook.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(hook.secret);
    await as(t, owner, 'POST', `/admin/webhooks/${hook.id}/test`);
    await until('the test event', () => r.requests.length === 1);
    expect(r.accepted(rotated.body.secret)).toHaveLength(1);
    expect(() => r.accepted(hook.secret)).toThrow();

    const changed = await as<WebhookEndpoint>(t, owner, 'PUT', `/admin/webhooks/${hook.id}`, { enabled: false, description: 'Paused' });
    expect(changed).toMatchObject({ status: 200, body: { enabled: false, description: 'Paused' } });
    expect(await as(t, owner, 'DELETE', `/admin/webhooks/${hook.id}`)).toEqual({ status: 200, body: { message: WEBHOOK_MESSAGES.deleted } });
    expect((await as(t, owner, 'DELETE', `/admin/webhooks/${hook.id}`)).status).toBe(404);
    expect((await as(t, owner, 'GET', `/admin/webhooks/${hook.id}/deliveries`)).status).toBe(404);

    const audit = await as<AuditLogPage>(t, owner, 'GET', '/admin/audit-log?page=1');
    const mine = audit.body.items.filter((e) => e.target_type === 'webhook_endpoint' && e.target_id === hook.id);
    expect(mine.map((e) => e.action).reverse()).toEqual(['webhook.create', 'webhook.rotate_secret', 'webhook.update', 'webhook.delete']);
    const text = JSON.stringify(mine);
    expect(text).not.toContain(hook.secret);
    expect(text).not.toContain(rotated.body.secret);
  }, 30_000);

  it('should answer 422 for an unknown event, no event or a bad address, and 404 for an unknown endpoint', async () => {
    const fields = async (body: unknown) => {
      const res = await as<{ detail: { loc: string[]; msg: string }[] }>(t, owner, 'POST', '/admin/webhooks', body);
      expect(res.status).toBe(422);
      return res.body.detail.map((d) => [d.loc.join('.'), d.msg]);
    };
    expect(await fields({ url: 'https://hooks.example/in', events: ['round.closed', 'contest.exploded'] })).toEqual([
      ['body.events.1', WEBHOOK_MESSAGES.eventUnknown],
    ]);
    expect(await fields({ url: 'https://hooks.example/in', events: [] })).toEqual([['body.events', WEBHOOK_MESSAGES.eventsRequired]]);
    expect(await fields({ url: 'ftp://hooks.example/in', events: ['round.closed'] })).toEqual([['body.url', WEBHOOK_MESSAGES.urlInvalid]]);
    expect((await as(t, owner, 'PUT', '/admin/webhooks/999999', { enabled: false })).status).toBe(404);
    expect((await as(t, owner, 'POST', '/admin/webhooks/999999/rotate-secret')).status).toBe(404);
    expect((await as(t, owner, 'POST', '/admin/webhooks/999999/test')).status).toBe(404);
  });

  it('should refuse every webhook call to staff who are not owners, and to contestants', async () => {
    const [organizer] = await createAccounts(t, 'hookorg', 1, 'organizer');
    const [moderator] = await createAccounts(t, 'hookmod', 1, 'moderator');
    const [fan] = await createAccounts(t, 'hookfan', 1, 'contestant');
    for (const who of [organizer, moderator, fan]) {
      expect((await call(t, 'GET', '/admin/webhooks', who.token)).status).toBe(403);
      expect((await call(t, 'POST', '/admin/webhooks', who.token, { url: 'https://hooks.example/in', events: ['round.closed'] })).status).toBe(403);
    }
    expect((await call(t, 'GET', '/admin/webhooks', null)).status).toBe(401);
  });

  describe('without WEBHOOKS_ALLOW_PRIVATE', () => {
    it('should refuse to register http, private, loopback and link-local addresses and names that resolve to them', async () => {
      const refused = async (url: string) => {
        const res = await as<{ detail: { loc: string[]; msg: string }[] }>(strict, strictOwner, 'POST', '/admin/webhooks', { url, events: ['round.closed'] });
        expect(res.status).toBe(422);
        return res.body.detail.map((d) => [d.loc.join('.'), d.msg]);
      };
      expect(await refused('http://hooks.example/in')).toEqual([['body.url', WEBHOOK_MESSAGES.httpsRequired]]);
      for (const url of [
        'https://127.0.0.1/in',
        'https://10.0.0.8/in',
        'https://169.254.169.254/latest',
        'https://[::1]/in',
        'https://100.64.1.1/in',
        'https://localhost/in',
      ]) {
        expect([url, await refused(url)]).toEqual([url, [['body.url', WEBHOOK_MESSAGES.privateAddress]]]);
      }
    });

    it('should delete deliveries older than WEBHOOK_LOG_RETENTION with their attempts, on its own, and keep newer ones', async () => {
      const hook = await aWebhookEndpoint(strict.db, { url: 'https://hooks.example/in', events: ['round.closed'] });
      const made = async (eventId: string, ageSeconds: number) => {
        const at = new Date(Date.now() - ageSeconds * 1000);
        const { id } = await aWebhookDelivery(strict.db, hook.id, { event_id: eventId, created_at: at, updated_at: at });
        await aWebhookAttempt(strict.db, id);
        return id;
      };
      const old = await made('evt_old', 120);
      const recent = await made('evt_recent', 5);
      await until('the sweep', async () => (await log(strict, strictOwner, hook.id)).every((d) => d.id !== old), 20_000);
      expect((await log(strict, strictOwner, hook.id)).map((d) => d.id)).toEqual([recent]);
      expect((await strict.db.pool.query('SELECT count(*)::int AS n FROM webhook_attempts WHERE delivery_id = $1', [old])).rows[0].n).toBe(0);
      // The chain goes on: the next sweep is queued.
      const { rows } = await strict.db.pool.query(`SELECT count(*)::int AS n FROM jobs WHERE name = 'prune-webhook-log' AND run_at > now()`);
      expect(rows[0].n).toBe(1);
    }, 30_000);

    it('should refuse to deliver to a name that resolves to a loopback address, and never connect to it', async () => {
      const listening = await receiver();
      const secret = `whsec_${Buffer.alloc(32, 3).toString('base64')}`;
      const id = 900_001;
      // Stored as it would be had the name answered a public address when it was registered.
      const sealed = new SecretBox(strict.env.JWT_SECRET, 'webhook-secret').seal(secret, `webhook-endpoint:${id}`);
      await aWebhookEndpoint(strict.db, { id, url: `https://localhost:${listening.port}/hooks`, events: ['round.closed'], secret_sealed: sealed });
      const sent = await as<WebhookDelivery>(strict, strictOwner, 'POST', `/admin/webhooks/${id}/test`);
      expect(sent.status).toBe(201);
      await until('both attempts', async () => (await log(strict, strictOwner, id))[0]?.status === 'failed');
      expect((await log(strict, strictOwner, id))[0]).toMatchObject({
        status: 'failed',
        attempts: 2,
        response_status: null,
        error: WEBHOOK_MESSAGES.privateAddress,
      });
      expect(listening.requests).toEqual([]);
    }, 30_000);
  });
});

describe('standings.changed over HTTP', () => {
  let t: TestServer;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await startTestServer({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
    receiver = await new Receiver().start();
  }, 120_000);
  afterAll(async () => {
    await receiver?.close();
    await t?.stop();
  });

  it('should send one signed standings.changed per group per tick once votes move a group', async () => {
    const [owner] = await createAccounts(t, 'standingsowner', 1, 'admin');
    const contestId = await insertContest(t, { name: 'Standings Cup', isCurrent: true });
    const [star, rival] = await createAccounts(t, 'standingsstar', 2, 'contestant');
    for (const who of [star, rival]) expect((await join(t, who, contestId)).status).toBe(201);
    const { rows } = await t.db.pool.query('SELECT DISTINCT group_id FROM contest_entries WHERE contest_id = $1', [contestId]);
    expect(rows).toHaveLength(1);
    const groupId = rows[0].group_id as number;
    // Subscribed once the joins' own changes have gone by (one tick is 5 s): what arrives is the votes'.
    await sleep(6_000);
    const made = await call(t, 'POST', '/admin/webhooks', owner.token, { url: receiver.url(), events: ['standings.changed'] });
    expect(made.status).toBe(201);
    const { secret } = (await made.json()) as WebhookWithSecret;

    const votes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => requestFrom(`${t.api}/contestants/${star.username}/vote`, 'POST', { from: loopbackAddress(i, 7) })),
    );
    expect(votes.map((v) => v.status)).toEqual(Array(20).fill(201));
    const end = Date.now() + 20_000;
    while (receiver.requests.length === 0 && Date.now() < end) await sleep(100);
    expect(receiver.requests).toHaveLength(1);
    // One more tick and a half: the 20 votes made no second event.
    await sleep(7_500);
    const events = receiver.accepted(secret);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event.type).toBe('standings.changed');
    expect(event.id).toMatch(new RegExp(`^evt_standings\\.changed_${groupId}_\\d+$`));
    expect(event.data).toEqual({ group_id: groupId, at: expect.any(String) });
    expect(Date.parse(event.data.at as string)).toBeGreaterThan(Date.now() - 30_000);
    const counted = await t.db.pool.query('SELECT current_contest_votes FROM contest_entries WHERE user_id = $1', [star.id]);
    expect(counted.rows[0].current_contest_votes).toBe(20);
  }, 90_000);
});
