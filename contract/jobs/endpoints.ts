// The admin jobs page's calls: the queues as they stand, and the retry and discard of a failed job.
import { answer, type EndpointTable } from '../api/endpoint.js';
import type { AdminJobsOverview, JobActionResult } from './answers.js';

export const jobsEndpoints = {
  adminJobsOverview: { method: 'GET', path: '/admin/jobs', staff: 'jobs', answer: answer<AdminJobsOverview>() },
  retryJob: { method: 'POST', path: '/admin/jobs/:queue/:id/retry', staff: 'jobs', answer: answer<JobActionResult>() },
  discardJob: { method: 'DELETE', path: '/admin/jobs/:queue/:id', staff: 'jobs', answer: answer<JobActionResult>() },
} as const satisfies EndpointTable;
