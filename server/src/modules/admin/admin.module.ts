import { Module } from '@nestjs/common';
import { AdminContestsController } from './admin-contests.controller.js';
import { AdminContestsService } from './admin-contests.service.js';
import { AdminGroupsController } from './admin-groups.controller.js';
import { AdminGroupsService } from './admin-groups.service.js';
import { AdminUsersController } from './admin-users.controller.js';
import { CountdownController } from './countdown.controller.js';
import { CountdownService } from './countdown.service.js';
import { UserDeletionService } from './user-deletion.service.js';

/** The admin area's calls (every one superuser only), and the public countdown that lives under /admin. */
@Module({
  controllers: [AdminContestsController, AdminGroupsController, AdminUsersController, CountdownController],
  providers: [AdminContestsService, AdminGroupsService, CountdownService, UserDeletionService],
})
export class AdminModule {}
