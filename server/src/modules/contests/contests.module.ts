import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { AuditModule } from '#server/modules/audit/audit.module.js';
import { ContestantMailModule } from '#server/modules/contestant-mail/contestant-mail.module.js';
import { SiteModule } from '#server/modules/site/site.module.js';
import { StandingsModule } from '#server/modules/standings/standings.module.js';
import { UserContestLookup } from '#server/modules/users/user-contest.types.js';
import { WebhooksModule } from '#server/modules/webhooks/webhooks.module.js';
import { VotePackagesModule } from '#server/modules/vote-packages/vote-packages.module.js';
import { AdminContestantsController } from './admin-contestants.controller.js';
import { AdminContestantsRepository } from './admin-contestants.repository.js';
import { AdminContestantsService } from './admin-contestants.service.js';
import { AdminContestsController } from './admin-contests.controller.js';
import { CloseRoundHandler } from './close-round.handler.js';
import { ContestCategoriesService } from './contest-categories.service.js';
import { ContestEntriesService } from './contest-entries.service.js';
import { ContestantEntriesController } from './contestant-entries.controller.js';
import { ContestEvents } from './contest-events.js';
import { ContestWatchHandler } from './contest-watch.handler.js';
import { ContestWatch } from './contest-watch.service.js';
import { ContestGroupsService } from './contest-groups.service.js';
import { ContestJoiner } from './contest-joiner.js';
import { ContestRoundsService } from './contest-rounds.service.js';
import { ContestsController } from './contests.controller.js';
import { CountdownController } from './countdown.controller.js';
import { CountdownService } from './countdown.service.js';
import { ContestsRepository } from './contests.repository.js';
import { ContestsService } from './contests.service.js';
import { EntriesRepository } from './entries.repository.js';
import { GroupCapacity } from './group-capacity.js';
import { GroupsRepository } from './groups.repository.js';
import { JoinContestController } from './join-contest.controller.js';
import { RoundsRepository } from './rounds.repository.js';
import { UserContestStateService } from './user-contest-state.service.js';

/**
 * Contests, groups and entries: their data, the capacity rule and placement, a contestant's joining
 * and entry status, the admin's contest and contestant calls (staff only) and the public countdown
 * of the current contest. Other modules use the services
 * (contests, groups, entries, the categories each offers) and UserContestLookup (for the users module).
 */
@Module({
  imports: [StandingsModule, AuditModule, ContestantMailModule, VotePackagesModule, SiteModule, WebhooksModule],
  controllers: [
    ContestsController,
    JoinContestController,
    ContestantEntriesController,
    AdminContestsController,
    AdminContestantsController,
    CountdownController,
  ],
  providers: [
    CountdownService,
    AdminContestantsService,
    AdminContestantsRepository,
    ContestsRepository,
    GroupsRepository,
    EntriesRepository,
    RoundsRepository,
    ContestsService,
    ContestRoundsService,
    CloseRoundHandler,
    ContestWatch,
    ContestWatchHandler,
    ContestGroupsService,
    ContestEntriesService,
    ContestCategoriesService,
    ContestJoiner,
    ContestEvents,
    { provide: GroupCapacity, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new GroupCapacity(config.GROUP_CAPACITY_DEFAULT) },
    { provide: UserContestLookup, useClass: UserContestStateService },
  ],
  exports: [ContestsService, ContestGroupsService, ContestEntriesService, ContestRoundsService, ContestCategoriesService, UserContestLookup],
})
export class ContestsModule {}
