import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { StandingsModule } from '../standings/standings.module.js';
import { VotesModule } from '../votes/votes.module.js';
import { CreditPaymentHandler } from './credit-payment.handler.js';
import { PaymentProvider } from './payment-provider.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsRepository } from './payments.repository.js';
import { PaymentsService } from './payments.service.js';
import { TestModeProvider } from './test-mode.provider.js';

/** Paid votes (issue 10): the checkout, the provider, and the job that credits a paid payment once. */
@Module({
  imports: [VotesModule, StandingsModule],
  controllers: [PaymentsController],
  providers: [
    PaymentsService,
    PaymentsRepository,
    CreditPaymentHandler,
    {
      provide: PaymentProvider,
      inject: [APP_CONFIG],
      // TEST MODE for both methods in this slice; the Stripe and PayPal adapters (chosen here when
      // their keys are configured) come next.
      useFactory: (config: AppConfig) => new TestModeProvider(config.publicUrl),
    },
  ],
})
export class PaymentsModule {}
