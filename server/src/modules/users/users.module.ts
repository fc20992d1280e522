import { Module } from '@nestjs/common';
import { AuditModule } from '#server/modules/audit/audit.module.js';
import { ContestsModule } from '#server/modules/contests/contests.module.js';
import { VotesModule } from '#server/modules/votes/votes.module.js';
import { AdminUsersController } from './admin-users.controller.js';
import { SocialLinksController } from './social-links.controller.js';
import { SocialLinksRepository } from './social-links.repository.js';
import { SocialLinksService } from './social-links.service.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';
import { UserDeletionService } from './user-deletion.service.js';

/**
 * Users and profiles, and the admin's deletion of an account (which spans users and contests).
 * UsersService is also the guards' AuthUserLookup (app.module.ts gives it to SessionModule).
 */
@Module({
  imports: [ContestsModule, VotesModule, AuditModule],
  controllers: [UsersController, SocialLinksController, AdminUsersController],
  providers: [UsersRepository, UsersService, SocialLinksRepository, SocialLinksService, UserDeletionService],
  exports: [UsersService],
})
export class UsersModule {}
