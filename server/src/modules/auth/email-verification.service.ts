import { Injectable, Logger } from '@nestjs/common';
import { ACCOUNT_MESSAGES } from '#contract/auth/messages.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { UsersService } from '#server/modules/users/users.service.js';
import { AccountMail } from './account-mail.service.js';
import { AccountMailLimit } from './account-mail-limit.service.js';
import { EmailTokens } from './email-tokens.service.js';

@Injectable()
export class EmailVerificationService {
  private readonly logger = new Logger('EmailVerification');

  constructor(
    private readonly users: UsersService,
    private readonly tokens: EmailTokens,
    private readonly mail: AccountMail,
    private readonly mailLimit: AccountMailLimit,
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
   * The same answer whatever the address (no way to learn who has an account);
   * only an existing, unverified account gets mail, at most a few an hour per mailbox.
   */
  async resend(email: string): Promise<{ message: string }> {
    const answer = { message: ACCOUNT_MESSAGES.verificationSent };
    if (!(await this.mailLimit.allows('verify', email))) return answer;
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
