import { Module } from '@nestjs/common';
import { ContestsModule } from '#server/modules/contests/contests.module.js';
import { UsersModule } from '#server/modules/users/users.module.js';
import { AdminContestantsController } from './admin-contestants.controller.js';
import { AdminContestantsRepository } from './admin-contestants.repository.js';
import { AdminContestantsService } from './admin-contestants.service.js';
import { ContestantEntriesController } from './contestant-entries.controller.js';
import { JoinContestController } from './join-contest.controller.js';
import { MyPhotosRepository } from './my-photos.repository.js';
import { MyPhotosService } from './my-photos.service.js';
import { MyProfileController } from './my-profile.controller.js';
import { ProfileViewsRepository } from './profile-views.repository.js';
import { ProfileViewsService } from './profile-views.service.js';
import { ProfileBasicsController } from './profile-basics.controller.js';
import { ProfileByIdController } from './profile-by-id.controller.js';
import { PublicProfileController } from './public-profile.controller.js';

/**
 * The contestant's contest calls (join, status: ContestEntriesService), the public profile
 * (UsersService) and its views, the contestant's own profile basics (UsersService), and the admin's
 * contestant calls (list, eliminate).
 */
@Module({
  imports: [ContestsModule, UsersModule],
  controllers: [
    JoinContestController,
    ContestantEntriesController,
    AdminContestantsController,
    PublicProfileController,
    ProfileByIdController,
    ProfileBasicsController,
    MyProfileController,
  ],
  providers: [AdminContestantsService, AdminContestantsRepository, ProfileViewsService, ProfileViewsRepository, MyPhotosService, MyPhotosRepository],
})
export class ContestantsModule {}
