import { Injectable, Logger } from '@nestjs/common';
import { ACCOUNT_MESSAGES } from '#contract/auth/messages.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { UsersService } from '#server/modules/users/users.service.js';
import { AccountMail } from './account-mail.service.js';
import { AccountMailLimit } from './account-mail-limit.service.js';
import { EmailTokens } from './email-tokens.service.js';
import { LoginThrottle } from './login-throttle.service.js';
import { hashPassword } from './password.js';
import { TwoFactorService } from './two-factor/two-factor.service.js';

@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger('PasswordReset');

  constructor(
    private readonly users: UsersService,
    private readonly tokens: EmailTokens,
    private readonly mail: AccountMail,
    private readonly mailLimit: AccountMailLimit,
    private readonly throttle: LoginThrottle,
    private readonly twoFactor: TwoFactorService,
  ) {}

  /** Always the same answer; only an existing account gets the link. */
  async forgot(email: string): Promise<{ message: string }> {
    const answer = { message: ACCOUNT_MESSAGES.forgotAlways };
    if (!(await this.mailLimit.allows('reset', email))) return answer;
    const user = await this.users.findByEmail(email);
    if (!user) return answer;
    try {
      const token = await this.tokens.issue(user.id, 'reset_password');
      await this.mail.sendPasswordReset(user, token);
    } catch (err) {
      this.logger.error(`Could not send a password reset e-mail to user ${user.id}: ${(err as Error).message}`);
    }
    return answer;
  }

  /**
   * Sets the new password; this link and every older reset link of the account stop working, and so does
   * any sign-in the old password began and a second factor has not finished.
   */
  async reset(token: string, newPassword: string, clientAddress: string): Promise<{ message: string }> {
    const userId = await this.setPassword(token, newPassword);
    // Whoever proved control of the mailbox should not stay slowed down, or refused from their address, by earlier failures.
    const user = await this.users.findById(userId);
    if (user) await this.throttle.forgetAccount(user, clientAddress).catch(() => undefined);
    return { message: ACCOUNT_MESSAGES.passwordResetDone };
  }

  /** Answers the account whose password was set. */
  @Transactional()
  private async setPassword(token: string, newPassword: string): Promise<number> {
    const id = await this.tokens.consume('reset_password', token);
    // Hashed only once the token is known good, so bad links cost no hashing.
    await this.users.setPasswordHash(id, await hashPassword(newPassword));
    await this.tokens.revokeOthers(id, 'reset_password');
    // A sign-in the old password began cannot be finished with a code after the change.
    await this.twoFactor.voidChallenges(id);
    return id;
  }
}
