import { Injectable } from '@nestjs/common';
import { OnJob } from '#server/infra/queue/job-handler.decorator.js';
import { JobName, type EmailMessage } from '#server/infra/queue/jobs.js';
import { Mailer } from './mailer.js';

@Injectable()
export class MailJobHandler {
  constructor(private readonly mailer: Mailer) {}

  @OnJob(JobName.SendEmail)
  async send(message: EmailMessage): Promise<void> {
    await this.mailer.send(message);
  }
}
