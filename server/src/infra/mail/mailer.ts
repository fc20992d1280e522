import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { senderAddress } from './mail-address.js';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes instead of MAIL_FROM (a support message's sender); nodemailer's Reply-To. */
  replyTo?: string;
  /** Extra headers (a contestant e-mail's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** The sender's display name (the site's, read when the e-mail is sent); MAIL_FROM's address stays. */
  fromName?: string;
}

/** The From header: the site's sender name with MAIL_FROM's address (nodemailer quotes the name), else MAIL_FROM as written. */
function fromOf(mailFrom: string, name: string | undefined): string | { name: string; address: string } {
  return name ? { name, address: senderAddress(mailFrom) } : mailFrom;
}

/** Sends one e-mail. SMTP when SMTP_URL is set; otherwise a development outbox of .eml files. */
export abstract class Mailer {
  abstract send(message: EmailMessage): Promise<void>;
}

export class SmtpMailer extends Mailer {
  private readonly transport;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    super();
    this.transport = nodemailer.createTransport(url);
  }
  async send({ fromName, ...message }: EmailMessage): Promise<void> {
    await this.transport.sendMail({ ...message, from: fromOf(this.from, fromName) });
  }
}

export class OutboxMailer extends Mailer {
  private readonly logger = new Logger('Mail');
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  constructor(
    private readonly dir: string,
    private readonly from: string,
  ) {
    super();
  }
  async send({ fromName, ...message }: EmailMessage): Promise<void> {
    const info = await this.transport.sendMail({ ...message, from: fromOf(this.from, fromName) });
    // E-mails hold sign-in links: readable by the server's user only.
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const safeTo = message.to.replace(/[^A-Za-z0-9@._-]/g, '_');
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.dir, `${stamp}-${randomBytes(3).toString('hex')}-${safeTo}.eml`);
    // Written aside, then renamed: whoever reads the outbox never sees half an e-mail.
    await writeFile(`${file}.part`, info.message as Buffer, { mode: 0o600 });
    await rename(`${file}.part`, file);
    const link = message.text.match(/https?:\/\/\S+/)?.[0];
    this.logger.log(`Outbox: "${message.subject}" to ${message.to} written to ${file}${link ? `; link: ${link}` : ''}`);
  }
}
