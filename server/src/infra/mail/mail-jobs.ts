import { defineJob, defineQueue } from '#server/infra/queue/jobs.js';
import type { EmailMessage } from './mailer.js';

/** The e-mails' own queue: in scaled mode its workers send 8 at once, beside the other queues' jobs. */
export const MAIL_QUEUE = defineQueue({ name: 'mail', concurrency: 8 });

/** One e-mail, sent with retries (MailJobHandler). */
export const SEND_EMAIL = defineJob<EmailMessage>({ name: 'send-email', queue: MAIL_QUEUE });
