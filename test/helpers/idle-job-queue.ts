// A job queue that stores and runs nothing, for unit tests of code that needs one: a test extends it
// and records or answers only what it looks at.
import { JobQueue, type AddJobOptions, type FailedJobs, type JobDefinition, type JobHandler } from '#server/infra/queue/jobs.js';

export class IdleJobQueue extends JobQueue {
  async add<Payload>(_job: JobDefinition<Payload>, _payload: NoInfer<Payload>, _options?: AddJobOptions): Promise<void> {}
  async exists(): Promise<boolean> {
    return false;
  }
  async stats(): Promise<never[]> {
    return [];
  }
  async pendingBefore(): Promise<boolean> {
    return false;
  }
  async failed(): Promise<FailedJobs> {
    return { jobs: [], total: 0 };
  }
  async retryFailed(): Promise<null> {
    return null;
  }
  async discardFailed(): Promise<null> {
    return null;
  }
  async startWorkers(_handlers: readonly JobHandler[]): Promise<void> {}
  async close(): Promise<void> {}
}
