import { Module } from '@nestjs/common';
import { StandingsModule } from '../standings/standings.module.js';
import { GroupContestantsService } from './group-contestants.service.js';
import { GroupsController } from './groups.controller.js';
import { LeaderboardController } from './leaderboard.controller.js';

/** Group reads under /groups: the admin's group page and the public leaderboards. */
@Module({
  imports: [StandingsModule],
  controllers: [GroupsController, LeaderboardController],
  providers: [GroupContestantsService],
})
export class GroupsModule {}
