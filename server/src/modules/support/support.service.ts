import { HttpException, HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { SupportContactResponse } from '#contract/support/answers.js';
import { SUPPORT_LIMITS } from '#contract/support/constants.js';
import { SUPPORT_MESSAGES, supportTooManyMessages } from '#contract/support/messages.js';
import type { SupportContact } from '#contract/support/requests.js';
import type { Locale } from '#contract/site/constants.js';
import { mailboxOf, throttleKey } from '#server/common/throttle-keys.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { SEND_EMAIL } from '#server/infra/mail/mail-jobs.js';
import { JobQueue } from '#server/infra/queue/jobs.js';
import { RateLimiter } from '#server/infra/rate-limit/rate-limiter.js';
import { acknowledgementEmail, staffEmail } from './support-emails.js';
import { SupportRepository } from './support.repository.js';
import { SiteSettingsService } from '#server/modules/site/site-settings.service.js';

const HOUR_SECONDS = 3600;

/** 429 with the seconds to wait; the controller copies them into Retry-After. */
export class TooManySupportMessages extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ detail: supportTooManyMessages(Math.max(1, Math.ceil(retryAfterSeconds / 60))) }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

export interface SupportSender {
  /** The client address (counted under a keyed hash, never stored). */
  address: string;
  /** The language the form was sent in: the sender's acknowledgement is written in it. */
  locale: Locale;
  user: { id: number; username: string } | null;
}

/**
 * The contact form: store the message for the admin inbox and put
 * two e-mails on the mail queue, one to staff (Reply-To: the sender) and an acknowledgement to the
 * sender.
 */
@Injectable()
export class SupportService {
  private readonly logger = new Logger('Support');

  constructor(
    private readonly repo: SupportRepository,
    private readonly queue: JobQueue,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly site: SiteSettingsService,
  ) {}

  async contact(body: SupportContact, sender: SupportSender): Promise<SupportContactResponse> {
    // The honeypot: a field people never see. A bot that filled it is told it worked, and nothing is kept or sent.
    if (body.website?.trim()) return { message: SUPPORT_MESSAGES.sent };
    const { website: _honeypot, ...contact } = body;
    await this.countAttempt(sender.address, contact.email);
    await this.record(contact, sender);
    return { message: SUPPORT_MESSAGES.sent };
  }

  /**
   * At most SUPPORT_LIMITS.perHour messages an hour from one client address and to one mailbox
   * (+tags folded, so `ann+1@` and `ann@` share one count: the acknowledgement must not become a way
   * to flood someone's inbox). Every attempt counts, refused ones too, in fixed one-hour windows.
   */
  private async countAttempt(address: string, email: string): Promise<void> {
    const secret = this.config.JWT_SECRET!;
    const counts = await Promise.all([
      this.limiter.hit(throttleKey(secret, 'support-addr', address), HOUR_SECONDS),
      this.limiter.hit(throttleKey(secret, 'support-mailbox', mailboxOf(email)), HOUR_SECONDS),
    ]);
    const over = counts.filter((c) => c.hits > SUPPORT_LIMITS.perHour);
    if (over.length) throw new TooManySupportMessages(Math.max(1, ...over.map((c) => c.retryAfter)));
  }

  /**
   * The message and both e-mails, or nothing: the queue does not join this transaction (the
   * PostgreSQL queue writes on its own connection, BullMQ on Redis), so both jobs are added before
   * the row commits, and a failed add rolls the row back; the e-mails carry everything they show, so
   * they never need the row. Their job ids are derived from the message, never reused.
   */
  @Transactional()
  private async record(contact: Omit<SupportContact, 'website'>, { user, locale }: SupportSender): Promise<void> {
    const id = await this.repo.insert(contact, user?.id ?? null);
    const mail = { id, product: (await this.site.get()).siteName, staff: this.config.supportEmail, contact, username: user?.username ?? null, locale };
    try {
      await this.queue.add(SEND_EMAIL, staffEmail(mail), { jobId: `support-${id}-staff` });
      await this.queue.add(SEND_EMAIL, acknowledgementEmail(mail), { jobId: `support-${id}-ack` });
    } catch (err) {
      this.logger.error(`Could not queue the e-mails of support message ${id}: ${(err as Error).message}`);
      throw new HttpException({ detail: SUPPORT_MESSAGES.failed }, HttpStatus.SERVICE_UNAVAILABLE);
    }
  }
}
