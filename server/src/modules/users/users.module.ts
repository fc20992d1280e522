import { Module } from '@nestjs/common';
import { ContestsModule } from '#server/modules/contests/contests.module.js';
import { VotesModule } from '#server/modules/votes/votes.module.js';
import { SocialLinksController } from './social-links.controller.js';
import { SocialLinksRepository } from './social-links.repository.js';
import { SocialLinksService } from './social-links.service.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

/** Users and profiles. UsersService is also the guards' AuthUserLookup (app.module.ts gives it to SessionModule). */
@Module({
  imports: [ContestsModule, VotesModule],
  controllers: [UsersController, SocialLinksController],
  providers: [UsersRepository, UsersService, SocialLinksRepository, SocialLinksService],
  exports: [UsersService],
})
export class UsersModule {}
