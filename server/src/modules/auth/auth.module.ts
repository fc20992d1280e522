import { Module } from '@nestjs/common';
import { UsersModule } from '#server/modules/users/users.module.js';
import { AccountMailLimit } from './account-mail-limit.service.js';
import { AccountMail } from './account-mail.service.js';
import { AuthTokensRepository } from './auth-tokens.repository.js';
import { EmailTokens } from './email-tokens.service.js';
import { EmailVerificationController } from './email-verification.controller.js';
import { EmailVerificationService } from './email-verification.service.js';
import { LoginThrottle } from './login-throttle.service.js';
import { LoginController } from './login.controller.js';
import { LoginService } from './login.service.js';
import { PasswordResetController } from './password-reset.controller.js';
import { PasswordResetService } from './password-reset.service.js';
import { RegistrationController } from './registration.controller.js';
import { RegistrationService } from './registration.service.js';

/** Registration, sign-in, e-mail verification and password reset; accounts are the users module's. */
@Module({
  imports: [UsersModule],
  controllers: [RegistrationController, LoginController, EmailVerificationController, PasswordResetController],
  providers: [
    AccountMail,
    AccountMailLimit,
    AuthTokensRepository,
    EmailTokens,
    EmailVerificationService,
    LoginService,
    LoginThrottle,
    PasswordResetService,
    RegistrationService,
  ],
  exports: [AccountMail, EmailTokens],
})
export class AuthModule {}
