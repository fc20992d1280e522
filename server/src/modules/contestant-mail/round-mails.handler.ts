import { Injectable } from '@nestjs/common';
import { OnJob } from '#server/infra/queue/job-handler.decorator.js';
import { ROUND_MAILS, type RoundMailsJob } from './contestant-mail-jobs.js';
import { ContestantMail } from './contestant-mail.service.js';

/** Sends a closed round's result and winner e-mails (each contestant's once, however often the job runs). */
@Injectable()
export class RoundMailsHandler {
  constructor(private readonly mail: ContestantMail) {}

  @OnJob(ROUND_MAILS)
  handle(job: RoundMailsJob): Promise<void> {
    return this.mail.sendRoundMails(job);
  }
}
