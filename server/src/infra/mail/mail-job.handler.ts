import { Injectable } from '@nestjs/common';
import { SiteBrand } from '#server/infra/brand/site-brand.js';
import { OnJob } from '#server/infra/queue/job-handler.decorator.js';
import { SEND_EMAIL } from './mail-jobs.js';
import { Mailer, type EmailMessage } from './mailer.js';

@Injectable()
export class MailJobHandler {
  constructor(
    private readonly mailer: Mailer,
    private readonly brand: SiteBrand,
  ) {}

  /** The sender's name is the site's when the e-mail goes out, so a change reaches the e-mails already queued. */
  @OnJob(SEND_EMAIL)
  async send(message: EmailMessage): Promise<void> {
    const { mailSenderName } = await this.brand.current();
    await this.mailer.send({ ...message, fromName: mailSenderName });
  }
}
