import { Module } from '@nestjs/common';
import { AdminContestantsController } from './admin-contestants.controller.js';
import { AdminContestantsRepository } from './admin-contestants.repository.js';
import { AdminContestantsService } from './admin-contestants.service.js';
import { ContestantEntriesController } from './contestant-entries.controller.js';
import { EliminationService } from './elimination.service.js';
import { JoinContestController } from './join-contest.controller.js';
import { JoinContestService } from './join-contest.service.js';
import { ProfileViewsRepository } from './profile-views.repository.js';
import { ProfileViewsService } from './profile-views.service.js';
import { PublicProfileController } from './public-profile.controller.js';
import { PublicProfileService } from './public-profile.service.js';

/** The contestant's contest calls (join, status), the public profile and its views, and the admin's contestant calls (list, eliminate). */
@Module({
  controllers: [JoinContestController, ContestantEntriesController, AdminContestantsController, PublicProfileController],
  providers: [
    JoinContestService,
    EliminationService,
    AdminContestantsService,
    AdminContestantsRepository,
    PublicProfileService,
    ProfileViewsService,
    ProfileViewsRepository,
  ],
})
export class ContestantsModule {}
