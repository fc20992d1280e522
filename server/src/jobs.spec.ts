import { describe, expect, it } from '@jest/globals';
import { declaredJobs } from './infra/queue/jobs.js';

describe('the jobs list', () => {
  it('should declare every job and queue the app declares', async () => {
    await import('./jobs.js');
    const listed = declaredJobs().map((job) => `${job.queue.name}/${job.name}`);
    expect(listed.length).toBeGreaterThan(0);
    // The app's modules declare the rest of the jobs, if any were missing from the list.
    await import('./app.module.js');
    expect(declaredJobs().map((job) => `${job.queue.name}/${job.name}`)).toEqual(listed);
  });
});
