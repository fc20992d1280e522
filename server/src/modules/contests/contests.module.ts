import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { StandingsModule } from '../standings/standings.module.js';
import { UserContestLookup } from '../users/user-contest-lookup.js';
import { ContestEvents } from './contest-events.js';
import { ContestJoiner } from './contest-joiner.js';
import { ContestsController } from './contests.controller.js';
import { ContestsRepository } from './contests.repository.js';
import { ContestsService } from './contests.service.js';
import { EntriesRepository } from './entries.repository.js';
import { ContestEntryEntity } from './entities/contest-entry.entity.js';
import { ContestEntity } from './entities/contest.entity.js';
import { GroupEntity } from './entities/group.entity.js';
import { GroupCapacity } from './group-capacity.js';
import { GroupsRepository } from './groups.repository.js';
import { UserContestStateService } from './user-contest-state.service.js';

/**
 * Contests, groups and entries: their data, the capacity rule and placement. Global, so the
 * users module finds UserContestLookup, and the contestants, groups and admin modules build on
 * the exported pieces.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ContestEntity, GroupEntity, ContestEntryEntity]), StandingsModule],
  controllers: [ContestsController],
  providers: [
    ContestsRepository,
    GroupsRepository,
    EntriesRepository,
    ContestsService,
    ContestJoiner,
    ContestEvents,
    { provide: GroupCapacity, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new GroupCapacity(config.GROUP_CAPACITY_DEFAULT) },
    { provide: UserContestLookup, useClass: UserContestStateService },
  ],
  exports: [ContestsRepository, GroupsRepository, EntriesRepository, ContestsService, ContestJoiner, ContestEvents, GroupCapacity, UserContestLookup],
})
export class ContestsModule {}
