import { Module } from '@nestjs/common';
import { AuditModule } from '#server/modules/audit/audit.module.js';
import { ContestsModule } from '#server/modules/contests/contests.module.js';
import { QuestionsModule } from '#server/modules/questions/questions.module.js';
import { VotesModule } from '#server/modules/votes/votes.module.js';
import { WebhooksModule } from '#server/modules/webhooks/webhooks.module.js';
import { AccountDataRepository } from './account-data.repository.js';
import { AdminUsersController } from './admin-users.controller.js';
import { MyDataController } from './my-data.controller.js';
import { MyDataService } from './my-data.service.js';
import { MyPhotosRepository } from './my-photos.repository.js';
import { ProfileAnswersRepository } from './profile-answers.repository.js';
import { MyPhotosService } from './my-photos.service.js';
import { MyProfileController } from './my-profile.controller.js';
import { ProfileBasicsController } from './profile-basics.controller.js';
import { ProfileByIdController } from './profile-by-id.controller.js';
import { ProfileViewsRepository } from './profile-views.repository.js';
import { ProfileViewsService } from './profile-views.service.js';
import { PublicProfileController } from './public-profile.controller.js';
import { SocialLinksController } from './social-links.controller.js';
import { SocialLinksRepository } from './social-links.repository.js';
import { SocialLinksService } from './social-links.service.js';
import { StaffController } from './staff.controller.js';
import { StaffService } from './staff.service.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';
import { UserDeletionService } from './user-deletion.service.js';

/**
 * Users and profiles: accounts, the public profile and its views, the contestant's own profile
 * (basics, photos, social links), an account's deletion (an owner's, or its own after a grace period: it spans
 * users and contests), the person's own data download and the staff roles.
 * UsersService is also the guards' AuthUserLookup (app.module.ts gives it to SessionModule).
 */
@Module({
  imports: [ContestsModule, VotesModule, AuditModule, QuestionsModule, WebhooksModule],
  controllers: [
    UsersController,
    SocialLinksController,
    PublicProfileController,
    ProfileByIdController,
    ProfileBasicsController,
    MyProfileController,
    AdminUsersController,
    StaffController,
    MyDataController,
  ],
  providers: [
    UsersRepository,
    UsersService,
    ProfileAnswersRepository,
    SocialLinksRepository,
    SocialLinksService,
    ProfileViewsService,
    ProfileViewsRepository,
    MyPhotosService,
    MyPhotosRepository,
    UserDeletionService,
    AccountDataRepository,
    MyDataService,
    StaffService,
  ],
  exports: [UsersService],
})
export class UsersModule {}
