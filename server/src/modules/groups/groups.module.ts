import { Module } from '@nestjs/common';
import { GroupContestantsService } from './group-contestants.service.js';
import { GroupsController } from './groups.controller.js';
import { LeaderboardController } from './leaderboard.controller.js';

/** Group reads under /groups: the admin's group page and the public leaderboards. */
@Module({
  controllers: [GroupsController, LeaderboardController],
  providers: [GroupContestantsService],
})
export class GroupsModule {}
