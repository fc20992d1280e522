import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SUPPORT_MESSAGES } from '#contract/support/messages.js';
import type { SupportContact } from '#contract/support/requests.js';
import type { Locale } from '#contract/site/constants.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { DEFAULT_SUPPORT_EMAIL, loadConfig } from '#server/config/config.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { IdleJobQueue } from '#test/helpers/idle-job-queue.js';
import type { AddJobOptions, JobDefinition } from '#server/infra/queue/jobs.js';
import { PostgresRateLimiter } from '#server/infra/rate-limit/rate-limiter.js';
import { SupportRepository } from './support.repository.js';
import { SupportService } from './support.service.js';
import { SiteBrand } from '#server/infra/brand/site-brand.js';
import { EmbedFraming } from '#server/infra/http/embed-framing.js';
import { LocalProcessBus } from '#server/infra/events/process-bus.js';
import { SiteSettingsRepository } from '#server/modules/site/site-settings.repository.js';
import { SiteSettingsService } from '#server/modules/site/site-settings.service.js';

const ENVIRONMENT_BRAND = {
  siteName: 'ScreamStage',
  mailSenderName: 'ScreamStage',
  accentColor: '#e11d2a',
  backgroundColor: '#050505',
  logoUrl: null,
  version: '0',
};

/** Records the jobs added; the add numbered `failAt` (1-based) fails as a broken queue would. */
class RecordingQueue extends IdleJobQueue {
  jobs: { name: string; payload: unknown; options?: AddJobOptions }[] = [];
  failAt: number | null = null;
  private adds = 0;
  override async add<Payload>(job: JobDefinition<Payload>, payload: NoInfer<Payload>, options?: AddJobOptions): Promise<void> {
    if (++this.adds === this.failAt) throw new Error('queue unavailable');
    this.jobs.push({ name: job.name, payload, options });
  }
  reset(): void {
    this.jobs = [];
    this.failAt = null;
    this.adds = 0;
  }
}

const contact = (email: string, extra: Partial<SupportContact> = {}): SupportContact => ({
  topic: 'technical',
  name: 'Ada',
  email,
  message: 'The leaderboard does not update for me.',
  ...extra,
});

describe(SupportService.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let queue: RecordingQueue;
  let service: SupportService;
  let address = 0;
  const visitor = (locale: Locale = 'en') => ({ address: `10.0.0.${++address}`, locale, user: null });
  const rows = async (email: string) => (await db.pool.query('SELECT id FROM support_messages WHERE email = $1', [email])).rows.map((r) => r.id as number);

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 3)).initialize();
    new Transactions(ds);
    queue = new RecordingQueue();
    const config = loadConfig({ JWT_SECRET: 'k'.repeat(32) }, '/srv');
    const site = new SiteSettingsService(new SiteSettingsRepository(ds), new LocalProcessBus(), config, new SiteBrand(ENVIRONMENT_BRAND), new EmbedFraming([]));
    service = new SupportService(new SupportRepository(ds), queue, new PostgresRateLimiter(ds), config, site);
  });
  beforeEach(() => queue.reset());
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should keep the message and queue the staff copy and the acknowledgement, their job ids taken from the message', async () => {
    expect(await service.contact(contact('kept@example.com'), visitor())).toEqual({ message: SUPPORT_MESSAGES.sent });
    const [id] = await rows('kept@example.com');
    expect(queue.jobs).toEqual([
      {
        name: 'send-email',
        payload: expect.objectContaining({ to: DEFAULT_SUPPORT_EMAIL, replyTo: 'kept@example.com' }),
        options: { jobId: `support-${id}-staff` },
      },
      { name: 'send-email', payload: expect.objectContaining({ to: 'kept@example.com' }), options: { jobId: `support-${id}-ack` } },
    ]);
  });

  it.each([
    ['the staff copy', 1],
    ['the acknowledgement', 2],
  ])('should keep nothing and answer 503 with the form failure text when %s cannot be queued', async (_what, failAt) => {
    queue.failAt = failAt;
    const email = `unqueued${failAt}@example.com`;
    const err = await service.contact(contact(email), visitor()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpException);
    expect({ status: (err as HttpException).getStatus(), body: (err as HttpException).getResponse() }).toEqual({
      status: 503,
      body: { detail: SUPPORT_MESSAGES.failed },
    });
    expect(await rows(email)).toEqual([]);
  });

  it('should answer a filled honeypot as sent without storing, queueing or counting anything', async () => {
    const before = Number((await db.pool.query('SELECT count(*) FROM rate_limits')).rows[0].count);
    expect(await service.contact(contact('bot@example.com', { website: 'https://spam.example' }), visitor())).toEqual({ message: SUPPORT_MESSAGES.sent });
    expect(queue.jobs).toEqual([]);
    expect(await rows('bot@example.com')).toEqual([]);
    expect(Number((await db.pool.query('SELECT count(*) FROM rate_limits')).rows[0].count)).toBe(before);
  });

  it('should store a signed-in sender with the account and name the username to staff', async () => {
    const { rows: users } = await db.pool.query(
      `INSERT INTO users (username, email, password_hash) VALUES ('sender_1', 'sender_1@example.com', 'x') RETURNING id`,
    );
    await service.contact(contact('sender@example.com'), { address: '10.1.0.1', locale: 'en', user: { id: users[0].id, username: 'sender_1' } });
    const stored = await db.pool.query('SELECT user_id FROM support_messages WHERE email = $1', ['sender@example.com']);
    expect(stored.rows).toEqual([{ user_id: users[0].id }]);
    expect((queue.jobs[0]?.payload as { text: string }).text).toContain('Username: sender_1');
  });

  it('should acknowledge in the language the form was sent in, and write to staff in English', async () => {
    await service.contact(contact('leitora@example.com', { topic: 'billing', name: 'Bia' }), visitor('pt-BR'));
    const [staff, ack] = queue.jobs.map((j) => j.payload as { subject: string; text: string; html: string });
    expect(ack!.subject).toBe('Recebemos sua mensagem para o suporte do ScreamStage');
    expect(ack!.text).toContain('Olá, Bia,');
    expect(ack!.text).toContain('(assunto: Cobrança e doações)');
    expect(ack!.html).toContain('<html lang="pt-BR">');
    expect(staff!.subject).toBe('[ScreamStage support] Billing & donations: message from Bia');
  });
});
