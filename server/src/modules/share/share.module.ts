import { Module } from '@nestjs/common';
import { ContestsModule } from '#server/modules/contests/contests.module.js';
import { UsersModule } from '#server/modules/users/users.module.js';
import { ProfileHeadService } from './profile-head.service.js';
import { ProfilePageController } from './profile-page.controller.js';
import { ShareCardService } from './share-card.service.js';
import { ShareCardsController } from './share-cards.controller.js';
import { ShareFactsService } from './share-facts.service.js';

/**
 * Rich link previews of profiles: the profile page's shell with Open Graph and Twitter
 * card tags, and the share card image they point to. Reads profiles and contests through their services.
 */
@Module({
  imports: [UsersModule, ContestsModule],
  controllers: [ProfilePageController, ShareCardsController],
  providers: [ShareFactsService, ShareCardService, ProfileHeadService],
})
export class ShareModule {}
