import { Module } from '@nestjs/common';
import { AuditModule } from '#server/modules/audit/audit.module.js';
import { ContestsModule } from '#server/modules/contests/contests.module.js';
import { UsersModule } from '#server/modules/users/users.module.js';
import { AdminContestsController } from './admin-contests.controller.js';
import { AdminGroupsController } from './admin-groups.controller.js';
import { AdminUsersController } from './admin-users.controller.js';
import { CountdownController } from './countdown.controller.js';
import { CountdownService } from './countdown.service.js';
import { UserDeletionService } from './user-deletion.service.js';

/**
 * The admin area's calls (every one superuser only), and the public countdown that lives under /admin.
 * Contests and groups are the contests module's services; user deletion spans users and contests.
 */
@Module({
  imports: [ContestsModule, UsersModule, AuditModule],
  controllers: [AdminContestsController, AdminGroupsController, AdminUsersController, CountdownController],
  providers: [CountdownService, UserDeletionService],
})
export class AdminModule {}
