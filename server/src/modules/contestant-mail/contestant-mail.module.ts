import { Module } from '@nestjs/common';
import { ContestantMailController } from './contestant-mail.controller.js';
import { ContestantMailRepository } from './contestant-mail.repository.js';
import { ContestantMail } from './contestant-mail.service.js';
import { RoundMailsHandler } from './round-mails.handler.js';
import { SiteModule } from '#server/modules/site/site.module.js';

/**
 * E-mails to contestants about their race (round results, drops below the cut, winners, a daily
 * digest), their preferences and the unsubscribe links. The contests module tells it what happened
 * through ContestantMail.
 */
@Module({
  imports: [SiteModule],
  controllers: [ContestantMailController],
  providers: [ContestantMailRepository, ContestantMail, RoundMailsHandler],
  exports: [ContestantMail],
})
export class ContestantMailModule {}
