import { Module } from '@nestjs/common';
import { AuditModule } from '#server/modules/audit/audit.module.js';
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
import { TwoFactorController } from './two-factor/two-factor.controller.js';
import { TwoFactorRepository } from './two-factor/two-factor.repository.js';
import { TwoFactorService } from './two-factor/two-factor.service.js';
import { SiteModule } from '#server/modules/site/site.module.js';
import { OidcController } from './oidc/oidc.controller.js';
import { OidcProviders } from './oidc/oidc-providers.js';
import { OidcService } from './oidc/oidc.service.js';
import { UserIdentitiesRepository } from './oidc/user-identities.repository.js';

/** Registration, sign-in (with staff's two-factor sign-in, and with an existing Google, Apple or Facebook account), e-mail verification and password reset; accounts are the users module's. */
@Module({
  imports: [UsersModule, AuditModule, SiteModule],
  controllers: [RegistrationController, LoginController, EmailVerificationController, PasswordResetController, TwoFactorController, OidcController],
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
    TwoFactorRepository,
    TwoFactorService,
    OidcProviders,
    OidcService,
    UserIdentitiesRepository,
  ],
  exports: [AccountMail, EmailTokens],
})
export class AuthModule {}
