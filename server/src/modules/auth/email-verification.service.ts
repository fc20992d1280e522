import { Inject, Injectable, Logger } from '@nestjs/common';
import { ACCOUNT_MESSAGES } from '#contract/messages.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { RateLimiter } from '#server/infra/rate-limit/rate-limiter.js';
import { UsersService } from '../users/users.service.js';
import { AccountMail } from './account-mail.service.js';
import { ACCOUNT_MAIL_LIMIT } from './auth.constants.js';
import { EmailTokens } from './email-tokens.service.js';
import { throttleKey } from '#server/common/throttle-keys.js';

@Injectable()
export class EmailVerificationService {
  private readonly logger = new Logger('EmailVerification');

  constructor(
    private readonly users: UsersService,
    private readonly tokens: EmailTokens,
    private readonly mail: AccountMail,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Verifies the account of a link's token; every other verification link of that account is used up too. */
  @Transactional()
  async verify(token: string): Promise<{ message: string }> {
    const userId = await this.tokens.consume('verify_email', token);
    await this.users.markVerified(userId);
    await this.tokens.revokeOthers(userId, 'verify_email');
    return { message: ACCOUNT_MESSAGES.emailVerifiedDetail };
  }

  /**
   * The same answer whatever the address (spec 000 §7: no way to learn who has an account);
   * only an existing, unverified account gets mail, at most a few an hour.
   */
  async resend(email: string): Promise<{ message: string }> {
    const answer = { message: ACCOUNT_MESSAGES.verificationSent };
    const { hits } = await this.limiter.hit(throttleKey(this.config.JWT_SECRET!, 'mail-verify', email.toLowerCase()), ACCOUNT_MAIL_LIMIT.windowSeconds);
    if (hits > ACCOUNT_MAIL_LIMIT.perWindow) return answer;
    const user = await this.users.findByEmail(email);
    if (!user || user.isVerified) return answer;
    try {
      const token = await this.tokens.issue(user.id, 'verify_email');
      await this.mail.sendVerification(user, token);
    } catch (err) {
      // Failing here would tell the caller that the address exists; the user can simply ask again.
      this.logger.error(`Could not send a verification e-mail to user ${user.id}: ${(err as Error).message}`);
    }
    return answer;
  }
}
