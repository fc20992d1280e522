import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { MAIL_MESSAGES } from '#contract/mail/messages.js';
import type { MailKind, MailPreferences } from '#contract/mail/constants.js';
import type { UnsubscribeAnswer } from '#contract/mail/answers.js';
import { detailError } from '#server/common/errors.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { SEND_EMAIL } from '#server/infra/mail/mail-jobs.js';
import { mailLanguage } from '#server/infra/mail/mail-language.js';
import type { EmailMessage } from '#server/infra/mail/mailer.js';
import { JobQueue } from '#server/infra/queue/jobs.js';
import { belowCutEmail, digestEmail, roundResultEmail, winnerEmail, type BelowCutFacts, type DigestFacts, type Recipient } from './contestant-emails.js';
import { ROUND_MAILS, roundMailsJobId, type RoundMailsJob } from './contestant-mail-jobs.js';

export type { RoundResult, RoundMailsJob } from './contestant-mail-jobs.js';
export type { RankScope } from './contestant-emails.js';
import { ContestantMailRepository, type MailRecipient } from './contestant-mail.repository.js';
import { SiteSettingsService } from '#server/modules/site/site-settings.service.js';

/** An unsubscribe link keeps working this long (a year of old e-mails in an inbox). */
const UNSUBSCRIBE_TTL_MS = 365 * 24 * 3600_000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** One e-mail to one contestant: the event it is about (sent once per kind and key) and its text. */
interface Outgoing {
  userId: number;
  eventKey: string;
  /** Kept with the record (a digest's rank, for the next one's change). */
  rank?: number;
  compose: (recipient: Recipient) => EmailMessage;
}

/**
 * E-mails to contestants about their race: each kind only to those who want it, each event's e-mail
 * once (a record per account, kind and event, written with the queued e-mail), each with an
 * unsubscribe link whose token is stored only as its SHA-256.
 */
@Injectable()
export class ContestantMail {
  private readonly logger = new Logger('ContestantMail');

  constructor(
    private readonly repo: ContestantMailRepository,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly site: SiteSettingsService,
  ) {}

  preferences(userId: number): Promise<MailPreferences> {
    return this.repo.preferences(userId);
  }

  savePreferences(userId: number, change: Partial<MailPreferences>): Promise<MailPreferences> {
    return this.repo.savePreferences(userId, change);
  }

  /** GET /mail/unsubscribe: what the link turns off, and whether it is off already. */
  async describe(token: string): Promise<UnsubscribeAnswer> {
    const owner = await this.owner(token);
    const off = !(await this.repo.preferences(owner.user_id))[owner.kind];
    return { kind: owner.kind, unsubscribed: off, detail: off ? MAIL_MESSAGES.unsubscribed(owner.kind) : MAIL_MESSAGES.subscribed(owner.kind) };
  }

  /** POST /mail/unsubscribe (the link's page, or a mail program's one click): that kind stops; repeating it is harmless. */
  async unsubscribe(token: string, wanted = false): Promise<UnsubscribeAnswer> {
    const owner = await this.owner(token);
    await this.repo.savePreferences(owner.user_id, { [owner.kind]: wanted });
    return { kind: owner.kind, unsubscribed: !wanted, detail: wanted ? MAIL_MESSAGES.subscribed(owner.kind) : MAIL_MESSAGES.unsubscribed(owner.kind) };
  }

  /** Queues a closed round's e-mails, in the cut's transaction (PostgreSQL queue: they commit with it). */
  roundClosed(job: RoundMailsJob): Promise<void> {
    return this.queue.add(ROUND_MAILS, job, { jobId: roundMailsJobId(job.round_id), inTransaction: true });
  }

  /** Sends a closed round's e-mails: results, and the winners' announcements. */
  async sendRoundMails(job: RoundMailsJob): Promise<void> {
    // Thrown, so the queue tries again: a job stored on Redis before its cut's commit.
    if (!(await this.repo.roundClosed(job.round_id))) throw new Error(`Round ${job.round_id} is not closed yet`);
    const eventKey = `round:${job.round_id}`;
    const link = `${this.config.publicUrl}/leaderboard`;
    const results = job.results.filter((r) => r.outcome !== 'winner');
    await this.send(
      'round_results',
      job.contest_id,
      results.map((r) => ({
        userId: r.user_id,
        eventKey,
        compose: (to) =>
          roundResultEmail(
            { ...to, link },
            {
              contest: job.contest_name,
              round: job.round_name,
              nextRound: job.next_round_name,
              outcome: r.outcome as 'advanced' | 'eliminated' | 'finalist',
              rank: r.rank,
              scope: job.scope,
              votes: r.votes,
            },
          ),
      })),
    );
    const winners = job.results.filter((r) => r.outcome === 'winner');
    await this.send(
      'winner',
      job.contest_id,
      winners.map((r) => ({
        userId: r.user_id,
        eventKey: `winner:${job.contest_id}`,
        compose: (to) => winnerEmail({ ...to, link }, { contest: job.contest_name, place: r.place ?? r.rank, votes: r.votes }),
      })),
    );
  }

  /** "You dropped below the cut": at most once a day (`day`, the contest's local date) per contestant and round. */
  belowCut(contestId: number, roundId: number, day: string, drops: (BelowCutFacts & { userId: number })[]): Promise<number> {
    const link = `${this.config.publicUrl}/dashboard`;
    return this.send(
      'below_cut',
      contestId,
      drops.map(({ userId, ...facts }) => ({ userId, eventKey: `below-cut:${roundId}:${day}`, compose: (to) => belowCutEmail({ ...to, link }, facts) })),
    );
  }

  /** The contestants of a contest who want today's digest, have not had it, and were in the contest before `dayReportedEnds`. */
  digestPending(contestId: number, day: string, dayReportedEnds: Date): Promise<number[]> {
    return this.repo.digestPending(contestId, `digest:${contestId}:${day}`, dayReportedEnds);
  }

  /** Today's digests; each reports the rank change since the contestant's last one. */
  async digests(contestId: number, day: string, items: (Omit<DigestFacts, 'previousRank'> & { userId: number })[]): Promise<number> {
    const previous = await this.repo.lastDigestRanks(
      contestId,
      items.map((i) => i.userId),
    );
    const link = `${this.config.publicUrl}/dashboard`;
    return this.send(
      'daily_digest',
      contestId,
      items.map(({ userId, ...facts }) => ({
        userId,
        eventKey: `digest:${contestId}:${day}`,
        rank: facts.rank,
        compose: (to) => digestEmail({ ...to, link }, { ...facts, previousRank: previous.get(userId) ?? null }),
      })),
    );
  }

  /** Sends each e-mail to those who want this kind, once per event; answers how many were queued. */
  private async send(kind: MailKind, contestId: number, items: Outgoing[]): Promise<number> {
    const wanting = new Map((await this.repo.recipients([...new Set(items.map((i) => i.userId))], kind)).map((r) => [r.user_id, r]));
    let sent = 0;
    for (const item of items) {
      const recipient = wanting.get(item.userId);
      if (recipient && (await this.sendOnce(kind, contestId, recipient, item))) sent += 1;
    }
    if (sent) this.logger.log(`${sent} "${kind}" e-mail(s) queued for contest ${contestId}`);
    return sent;
  }

  /** The record, the token and the queued e-mail commit together: a repeat finds the record and sends nothing. */
  @Transactional()
  private async sendOnce(kind: MailKind, contestId: number, recipient: MailRecipient, item: Outgoing): Promise<boolean> {
    if (!(await this.repo.claim(recipient.user_id, kind, item.eventKey, contestId, item.rank ?? null))) return false;
    const token = randomBytes(32).toString('base64url');
    await this.repo.insertToken(recipient.user_id, kind, hash(token), new Date(Date.now() + UNSUBSCRIBE_TTL_MS));
    const message = item.compose({
      to: recipient.email,
      username: recipient.username,
      product: (await this.site.get()).siteName,
      lang: mailLanguage(recipient.locale),
      link: '',
      unsubscribePage: `${this.config.publicUrl}/unsubscribe?token=${token}`,
      unsubscribeApi: `${this.config.publicUrl}/api/v1/mail/unsubscribe?token=${token}`,
    });
    await this.queue.add(SEND_EMAIL, message, { inTransaction: true });
    return true;
  }

  private async owner(token: string): Promise<{ user_id: number; kind: MailKind }> {
    const owner = await this.repo.token(hash(token));
    if (!owner) throw detailError(HttpStatus.NOT_FOUND, MAIL_MESSAGES.invalidLink);
    return owner;
  }
}
