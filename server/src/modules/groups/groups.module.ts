import { Module } from '@nestjs/common';
import { GroupContestantsService } from './group-contestants.service.js';
import { GroupsController } from './groups.controller.js';

/** Group reads under /groups (the leaderboard issue adds the public ones here). */
@Module({
  controllers: [GroupsController],
  providers: [GroupContestantsService],
})
export class GroupsModule {}
