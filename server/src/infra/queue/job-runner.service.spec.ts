// Start-up refuses a declared job without a handler, or with two: a job stored with no handler would
// wait for ever, and two handlers would leave which one runs to chance.
import { afterEach, describe, expect, it } from '@jest/globals';
import { Injectable, Module, type INestApplicationContext, type Provider, type Type } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { OnJob } from './job-handler.decorator.js';
import { JobRunnerService } from './job-runner.service.js';
import { IdleJobQueue } from '#test/helpers/idle-job-queue.js';
import { defineJob, defineQueue, JobObserver, JobQueue, type JobHandler } from './jobs.js';

// The suite's own jobs: in this test file they are all the jobs declared.
const SPEC_QUEUE = defineQueue({ name: 'spec-runner', concurrency: 2 });
const GREET = defineJob<{ name: string }>({ name: 'spec-greet', queue: SPEC_QUEUE });
const ADD = defineJob<{ n: number }>({ name: 'spec-add', queue: SPEC_QUEUE });

@Injectable()
class Greeter {
  readonly greeted: string[] = [];
  @OnJob(GREET)
  async greet({ name }: { name: string }): Promise<void> {
    this.greeted.push(name);
  }
}

@Injectable()
class Adder {
  total = 0;
  @OnJob(ADD)
  async add({ n }: { n: number }): Promise<void> {
    this.total += n;
  }
}

@Injectable()
class SecondGreeter {
  @OnJob(GREET)
  async greet(): Promise<void> {}
}

/** Keeps the handlers it was started with. */
class StartedQueue extends IdleJobQueue {
  started: readonly JobHandler[] | null = null;
  override async startWorkers(handlers: readonly JobHandler[]): Promise<void> {
    this.started = handlers;
  }
}

describe(JobRunnerService.name, () => {
  let app: INestApplicationContext | null = null;
  let queue: StartedQueue;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  /** An app of these providers beside the runner; it starts (onApplicationBootstrap) before this resolves. */
  async function start(handlers: Type[], runsWorkers = true, extra: Provider[] = []): Promise<INestApplicationContext> {
    queue = new StartedQueue();
    @Module({
      imports: [DiscoveryModule],
      providers: [
        JobRunnerService,
        { provide: JobQueue, useValue: queue },
        { provide: APP_CONFIG, useValue: { runsWorkers } as AppConfig },
        ...handlers,
        ...extra,
      ],
    })
    class SpecModule {}
    app = await NestFactory.createApplicationContext(SpecModule, { logger: false, abortOnError: false });
    return app;
  }

  it('should start the workers with one handler per declared job, each calling its method on its provider', async () => {
    const started = await start([Greeter, Adder]);
    expect(queue.started?.map((h) => h.job.name).sort()).toEqual(['spec-add', 'spec-greet']);
    const handler = (name: string) => queue.started!.find((h) => h.job.name === name)!;
    await handler('spec-greet').run({ name: 'Ada' });
    await handler('spec-add').run({ n: 2 });
    await handler('spec-add').run({ n: 3 });
    expect(started.get(Greeter).greeted).toEqual(['Ada']);
    expect(started.get(Adder).total).toBe(5);
  });

  it('should tell the observer of each failed attempt, by job, and still fail it for the queue', async () => {
    const failures: string[] = [];
    const observer: JobObserver = { jobFailed: (job) => void failures.push(job) };
    await start([Greeter, Adder], true, [{ provide: JobObserver, useValue: observer }]);
    const add = queue.started!.find((h) => h.job.name === 'spec-add')!;
    await expect(add.run(null)).rejects.toThrow();
    await queue.started!.find((h) => h.job.name === 'spec-greet')!.run({ name: 'Ada' });
    expect(failures).toEqual(['spec-add']);
  });

  it('should refuse to start when a declared job has two handlers', async () => {
    await expect(start([Greeter, SecondGreeter, Adder])).rejects.toThrow('Job spec-greet has two handlers');
    expect(queue.started).toBeNull();
  });

  it('should refuse to start when a declared job has no handler, in a process without workers too', async () => {
    await expect(start([Greeter])).rejects.toThrow('Jobs without a handler: spec-add');
    await expect(start([Greeter], false)).rejects.toThrow('Jobs without a handler: spec-add');
  });

  it('should start no workers in a process that runs none', async () => {
    await start([Greeter, Adder], false);
    expect(queue.started).toBeNull();
  });
});
