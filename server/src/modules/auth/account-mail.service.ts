import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { SEND_EMAIL } from '#server/infra/mail/mail-jobs.js';
import { mailLanguage } from '#server/infra/mail/mail-language.js';
import { JobQueue } from '#server/infra/queue/jobs.js';
import type { UserEntity } from '#server/modules/users/entities/user.entity.js';
import { SiteSettingsService } from '#server/modules/site/site-settings.service.js';
import { passwordResetEmail, verificationEmail } from './account-emails.js';

/** Puts account e-mails on the mail queue (sent with retries by the mail job handler). */
@Injectable()
export class AccountMail {
  constructor(
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly site: SiteSettingsService,
  ) {}

  /** The e-mails name the site as the admin area set it, in the account's language. */
  async sendVerification(user: UserEntity, token: string): Promise<void> {
    const link = `${this.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    const { siteName: product } = await this.site.get();
    return this.queue.add(SEND_EMAIL, verificationEmail({ to: user.email, username: user.username, product, link, lang: mailLanguage(user.locale) }));
  }

  async sendPasswordReset(user: UserEntity, token: string): Promise<void> {
    const link = `${this.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const { siteName: product } = await this.site.get();
    return this.queue.add(SEND_EMAIL, passwordResetEmail({ to: user.email, username: user.username, product, link, lang: mailLanguage(user.locale) }));
  }
}
