import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { LocalProcessBus } from '#server/infra/events/process-bus.js';
import type { JobQueue } from '#server/infra/queue/jobs.js';
import type { WebhookEventJob } from './webhook-jobs.js';
import { STANDINGS_WEBHOOK_EVERY_MS, WebhookEventsService } from './webhook-events.service.js';
import type { WebhooksRepository } from './webhooks.repository.js';

const TICK = 100;

function events(subscribed: string[]) {
  const added: { payload: WebhookEventJob; jobId?: string }[] = [];
  const queue = {
    add: (_job: unknown, payload: WebhookEventJob, options?: { jobId?: string }) => (added.push({ payload, jobId: options?.jobId }), Promise.resolve()),
  };
  let reads = 0;
  const repository = { subscribedTypes: () => (reads++, Promise.resolve(new Set(subscribed))) };
  const bus = new LocalProcessBus();
  const service = new WebhookEventsService(repository as unknown as WebhooksRepository, queue as unknown as JobQueue, bus, { LIVE_TICK_MS: TICK });
  return { service, added, bus, reads: () => reads };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe(WebhookEventsService.name, () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('should queue one standings.changed per group per interval (not per live tick), however many changes it saw', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const { service, added } = events(['standings.changed']);
    for (let i = 0; i < 50; i++) service.standingsChanged(7);
    service.standingsChanged(8);
    expect(added).toEqual([]);
    // A live tick is not enough: a receiver is not sent one request per tick.
    await jest.advanceTimersByTimeAsync(TICK);
    await settle();
    expect(added).toEqual([]);
    await jest.advanceTimersByTimeAsync(STANDINGS_WEBHOOK_EVERY_MS - TICK);
    await settle();
    expect(added.map((a) => a.payload.data.group_id).sort()).toEqual([7, 8]);
    expect(added.every((a) => a.payload.type === 'standings.changed' && a.jobId === `webhook-event:${a.payload.id}`)).toBe(true);
    // The next interval's change is a new event, with an id of its own.
    service.standingsChanged(7);
    await jest.advanceTimersByTimeAsync(STANDINGS_WEBHOOK_EVERY_MS);
    await settle();
    expect(added).toHaveLength(3);
    expect(new Set(added.map((a) => a.payload.id)).size).toBe(3);
  });

  it('should queue nothing for an event no enabled endpoint chose, and read the choices again once told they changed', async () => {
    const { service, added, bus, reads } = events(['round.closed']);
    await service.enqueue('payment.credited', 'p1', { payment_id: 'p1' });
    await service.enqueue('round.closed', 12, { round_id: 12 });
    await service.enqueue('round.closed', 13, { round_id: 13 });
    expect(added.map((a) => a.payload.id)).toEqual(['evt_round.closed_12', 'evt_round.closed_13']);
    expect(reads()).toBe(1);
    bus.publish('webhooks-changed');
    await service.enqueue('round.closed', 14, {});
    expect(reads()).toBe(2);
  });

  it('should never throw at the caller of publish, even when the queue cannot take the event', async () => {
    const { service } = events(['contest.won']);
    const failing = service as unknown as { enqueue: () => Promise<void> };
    failing.enqueue = () => Promise.reject(new Error('Redis is down'));
    expect(() => service.publish('contest.won', 3, {})).not.toThrow();
    await settle();
  });
});
