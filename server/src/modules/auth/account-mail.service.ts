import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { SEND_EMAIL } from '#server/infra/mail/mail-jobs.js';
import { JobQueue } from '#server/infra/queue/jobs.js';
import type { UserEntity } from '#server/modules/users/entities/user.entity.js';
import { passwordResetEmail, verificationEmail } from './account-emails.js';

/** Puts account e-mails on the mail queue (sent with retries by the mail job handler). */
@Injectable()
export class AccountMail {
  constructor(
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  sendVerification(user: UserEntity, token: string): Promise<void> {
    const link = `${this.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    return this.queue.add(SEND_EMAIL, verificationEmail({ to: user.email, username: user.username, product: this.config.PRODUCT_NAME, link }));
  }

  sendPasswordReset(user: UserEntity, token: string): Promise<void> {
    const link = `${this.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    return this.queue.add(SEND_EMAIL, passwordResetEmail({ to: user.email, username: user.username, product: this.config.PRODUCT_NAME, link }));
  }
}
