import { Controller, HttpCode, HttpStatus, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { type AdminJobsOverview, adminJobsOverviewAnswerSchema, type JobActionResult, jobActionResultAnswerSchema } from '#contract/jobs/answers.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { pathNameSchema } from '#contract/common/params.js';
import { ApiAnswer, ApiPathParam } from '#server/common/api-docs.js';
import { jobsEndpoints } from '#contract/jobs/endpoints.js';
import { Route } from '#server/common/http/route.js';
import { AdminJobsService } from './admin-jobs.service.js';

/** The background work's queues and failed jobs, for admins (the same in one process and scaled mode). */
@ApiTags('admin')
@Controller()
export class AdminJobsController {
  constructor(private readonly jobs: AdminJobsService) {}

  @Route(jobsEndpoints.adminJobsOverview)
  @ApiOperation({ summary: "Each queue's waiting, scheduled, running and failed jobs, and the newest failed jobs with their errors" })
  @ApiOkResponse({ description: 'AdminJobsOverview {mode, queues, failed, failed_total} (contract/jobs/answers.ts)' })
  @ApiAnswer(adminJobsOverviewAnswerSchema)
  overview(): Promise<AdminJobsOverview> {
    return this.jobs.overview();
  }

  @Route(jobsEndpoints.retryJob)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Run a failed job again from its first attempt (recorded in the audit log)' })
  @ApiParam({ name: 'queue', description: 'The queue that holds the job' })
  @ApiParam({ name: 'id', description: "The job's id in that queue" })
  @ApiPathParam('queue', pathNameSchema)
  @ApiPathParam('id', pathNameSchema)
  @ApiOkResponse({ description: "JobActionResult {job, state: 'waiting'}" })
  @ApiNotFoundResponse({ description: 'That queue holds no failed job of that id (retried or discarded meanwhile)' })
  @ApiAnswer(jobActionResultAnswerSchema)
  retry(@CurrentUser() admin: AuthUser, @Param('queue') queue: string, @Param('id') id: string): Promise<JobActionResult> {
    return this.jobs.retry(admin.id, queue, id);
  }

  @Route(jobsEndpoints.discardJob)
  @ApiOperation({ summary: 'Discard a failed job for good (recorded in the audit log)' })
  @ApiParam({ name: 'queue', description: 'The queue that holds the job' })
  @ApiParam({ name: 'id', description: "The job's id in that queue" })
  @ApiPathParam('queue', pathNameSchema)
  @ApiPathParam('id', pathNameSchema)
  @ApiOkResponse({ description: "JobActionResult {job, state: 'discarded'}" })
  @ApiNotFoundResponse({ description: 'That queue holds no failed job of that id (retried or discarded meanwhile)' })
  @ApiAnswer(jobActionResultAnswerSchema)
  discard(@CurrentUser() admin: AuthUser, @Param('queue') queue: string, @Param('id') id: string): Promise<JobActionResult> {
    return this.jobs.discard(admin.id, queue, id);
  }
}
