import { Injectable } from '@nestjs/common';
import { OnJob } from '#server/infra/queue/job-handler.decorator.js';
import { SEND_EMAIL } from './mail-jobs.js';
import { Mailer, type EmailMessage } from './mailer.js';

@Injectable()
export class MailJobHandler {
  constructor(private readonly mailer: Mailer) {}

  @OnJob(SEND_EMAIL)
  async send(message: EmailMessage): Promise<void> {
    await this.mailer.send(message);
  }
}
