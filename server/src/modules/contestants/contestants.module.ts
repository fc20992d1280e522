import { Module } from '@nestjs/common';
import { AdminContestantsController } from './admin-contestants.controller.js';
import { AdminContestantsRepository } from './admin-contestants.repository.js';
import { AdminContestantsService } from './admin-contestants.service.js';
import { ContestantEntriesController } from './contestant-entries.controller.js';
import { EliminationService } from './elimination.service.js';
import { JoinContestController } from './join-contest.controller.js';
import { JoinContestService } from './join-contest.service.js';

/** The contestant's contest calls (join, status) and the admin's contestant calls (list, eliminate). */
@Module({
  controllers: [JoinContestController, ContestantEntriesController, AdminContestantsController],
  providers: [JoinContestService, EliminationService, AdminContestantsService, AdminContestantsRepository],
})
export class ContestantsModule {}
