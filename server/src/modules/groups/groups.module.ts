import { Module } from '@nestjs/common';
import { ContestsModule } from '#server/modules/contests/contests.module.js';
import { StandingsModule } from '#server/modules/standings/standings.module.js';
import { GroupsController } from './groups.controller.js';
import { LeaderboardController } from './leaderboard.controller.js';

/** Group reads under /groups: the admin's group page (ContestGroupsService) and the public leaderboards (StandingsService). */
@Module({
  imports: [ContestsModule, StandingsModule],
  controllers: [GroupsController, LeaderboardController],
})
export class GroupsModule {}
