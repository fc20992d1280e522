import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { StandingsModule } from '#server/modules/standings/standings.module.js';
import { VotePackagesModule } from '#server/modules/vote-packages/vote-packages.module.js';
import { VotesModule } from '#server/modules/votes/votes.module.js';
import { AdminPaymentsController } from './admin-payments.controller.js';
import { AdminPaymentsRepository } from './admin-payments.repository.js';
import { AdminPaymentsService } from './admin-payments.service.js';
import { CreditPaymentHandler } from './credit-payment.handler.js';
import { PaymentExpiry } from './payment-expiry.js';
import { PaymentLimits } from './payment-limits.js';
import { PaymentProviders } from './payment-providers.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsRepository } from './payments.repository.js';
import { PaymentsService } from './payments.service.js';
import { PaypalProvider } from './paypal.provider.js';
import { RefundPaymentHandler } from './refund-payment.handler.js';
import { StripeProvider } from './stripe.provider.js';
import { TestModeProvider } from './test-mode.provider.js';
import { SiteModule } from '#server/modules/site/site.module.js';
import { WebhooksModule } from '#server/modules/webhooks/webhooks.module.js';

/** Paid votes: the checkout, the provider, and the job that credits a paid payment once. */
@Module({
  imports: [VotesModule, StandingsModule, SiteModule, VotePackagesModule, WebhooksModule],
  controllers: [PaymentsController, AdminPaymentsController],
  providers: [
    PaymentsService,
    PaymentsRepository,
    PaymentLimits,
    PaymentExpiry,
    CreditPaymentHandler,
    RefundPaymentHandler,
    AdminPaymentsService,
    AdminPaymentsRepository,
    {
      provide: PaymentProviders,
      inject: [APP_CONFIG],
      // Each method's real adapter when its keys are configured, else TEST MODE when it is on, else none.
      useFactory: (config: AppConfig) => {
        const test = config.paymentsTestMode ? new TestModeProvider() : undefined;
        return new PaymentProviders({
          stripe: config.stripe ? new StripeProvider(config.stripe) : test,
          paypal: config.paypal ? new PaypalProvider(config.paypal) : test,
        });
      },
    },
  ],
  exports: [PaymentsService],
})
export class PaymentsModule {}
