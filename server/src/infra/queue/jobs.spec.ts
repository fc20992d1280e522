import { describe, expect, it } from '@jest/globals';
import { OnJob } from './job-handler.decorator.js';
import { declaredJobs, defineJob, defineQueue, jobHandler, type JobQueue } from './jobs.js';

const QUEUE = defineQueue({ name: 'spec-queue', concurrency: 4 });
const GREET = defineJob<{ name: string }>({ name: 'spec-greet', queue: QUEUE });

// Checked by `npm run typecheck`, never run: each marked line must fail to compile.
export function _mustNotCompile(queue: JobQueue): void {
  // @ts-expect-error a job declared without its payload type
  defineJob({ name: 'spec-untyped', queue: QUEUE });
  // @ts-expect-error a job added by a bare name, not by its declaration
  void queue.add('spec-greet', { name: 'Ada' });
  // @ts-expect-error a payload of another shape than the job's
  void queue.add(GREET, { n: 1 });
  // @ts-expect-error a payload missing a field of the job's
  void queue.add(GREET, {});
  // @ts-expect-error a handler of another payload than the job's
  jobHandler(GREET, async ({ n }: { n: number }) => void n);
  class WrongHandler {
    // @ts-expect-error a handler method taking another payload than the job's
    @OnJob(GREET)
    async handle({ n }: { n: number }): Promise<void> {
      void n;
    }
  }
  void WrongHandler;
}

describe('defineQueue and defineJob', () => {
  it('should list every job declared, with its queue', () => {
    expect(declaredJobs()).toEqual([{ name: 'spec-greet', queue: { name: 'spec-queue', concurrency: 4 } }]);
    expect(GREET.queue).toBe(QUEUE);
  });

  it('should refuse a second queue or job of the same name', () => {
    expect(() => defineQueue({ name: 'spec-queue', concurrency: 1 })).toThrow('Queue spec-queue is declared twice');
    expect(() => defineJob<{ name: string }>({ name: 'spec-greet', queue: QUEUE })).toThrow('Job spec-greet is declared twice');
    expect(declaredJobs()).toHaveLength(1);
  });

  it('should refuse a job on a queue not declared, and a queue without a place for a job', () => {
    expect(() => defineJob<{ n: number }>({ name: 'spec-stray', queue: { name: 'spec-undeclared', concurrency: 1 } })).toThrow(
      'Job spec-stray: its queue spec-undeclared is not one declared with defineQueue',
    );
    expect(() => defineQueue({ name: 'spec-closed', concurrency: 0 })).toThrow('Queue spec-closed: concurrency must be a whole number of at least 1, not 0');
    expect(declaredJobs().map((job) => job.name)).toEqual(['spec-greet']);
  });
});
