import { Module } from '@nestjs/common';
import { AuditModule } from '#server/modules/audit/audit.module.js';
import { SiteModule } from '#server/modules/site/site.module.js';
import { AdminVotePackagesController } from './admin-vote-packages.controller.js';
import { AdminVotePackagesService } from './admin-vote-packages.service.js';
import { VoteOfferService } from './vote-offer.service.js';
import { VotePackagesRepository } from './vote-packages.repository.js';

/**
 * What votes sell for: the vote packages (the site's and a contest's own), the currency and one vote's
 * donation price. Payments price checkouts with VoteOfferService; profiles and GET /site show its offers.
 */
@Module({
  imports: [SiteModule, AuditModule],
  controllers: [AdminVotePackagesController],
  providers: [VotePackagesRepository, VoteOfferService, AdminVotePackagesService],
  exports: [VoteOfferService],
})
export class VotePackagesModule {}
