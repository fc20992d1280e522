import { Module } from '@nestjs/common';
import { ContestsModule } from '#server/modules/contests/contests.module.js';
import { UsersModule } from '#server/modules/users/users.module.js';
import { ShareCardService } from './share-card.service.js';
import { ShareCardsController } from './share-cards.controller.js';
import { ShareFactsService } from './share-facts.service.js';
import { SiteModule } from '#server/modules/site/site.module.js';

/**
 * The share card of a profile (the picture its link preview shows; the preview tags themselves come
 * with the drawn profile page). Reads profiles and contests through their services.
 */
@Module({
  imports: [UsersModule, ContestsModule, SiteModule],
  controllers: [ShareCardsController],
  providers: [ShareFactsService, ShareCardService],
})
export class ShareModule {}
