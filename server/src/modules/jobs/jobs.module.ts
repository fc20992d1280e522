import { Module } from '@nestjs/common';
import { AuditModule } from '#server/modules/audit/audit.module.js';
import { AdminJobsController } from './admin-jobs.controller.js';
import { AdminJobsService } from './admin-jobs.service.js';

/** The admin's view of the job queues (the queue itself is infra's JobQueue, which every module shares). */
@Module({
  imports: [AuditModule],
  controllers: [AdminJobsController],
  providers: [AdminJobsService],
})
export class JobsModule {}
