import { Module } from '@nestjs/common';
import { ContestsModule } from '#server/modules/contests/contests.module.js';
import { StandingsModule } from '#server/modules/standings/standings.module.js';
import { AdminGroupsController } from './admin-groups.controller.js';
import { GroupsController } from './groups.controller.js';
import { LeaderboardController } from './leaderboard.controller.js';

/**
 * Groups: the admin's group pages and group edits (ContestGroupsService, staff only) and the public
 * leaderboards (StandingsService).
 */
@Module({
  imports: [ContestsModule, StandingsModule],
  controllers: [GroupsController, LeaderboardController, AdminGroupsController],
})
export class GroupsModule {}
