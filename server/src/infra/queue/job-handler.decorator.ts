import { SetMetadata } from '@nestjs/common';
import type { JobName } from './jobs.js';

export const JOB_HANDLER = 'screamstage:job-handler';
/** Marks a service method as the handler of one job. */
export const OnJob = (name: JobName) => SetMetadata(JOB_HANDLER, name);
