import { Inject, Injectable, Logger, Optional, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { JOB_HANDLER } from './job-handler.decorator.js';
import { declaredJobs, JobObserver, JobQueue, type JobDefinition, type JobHandler } from './jobs.js';

/** Finds every @OnJob handler at start-up, refuses a declared job with none or two, and starts the workers. */
@Injectable()
export class JobRunnerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(JobObserver) private readonly observer: JobObserver | null,
  ) {}

  collectHandlers(): JobHandler[] {
    const found = new Map<string, JobHandler>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      const proto = Object.getPrototypeOf(instance);
      for (const method of this.scanner.getAllMethodNames(proto)) {
        const job = this.reflector.get<JobDefinition<unknown> | undefined>(JOB_HANDLER, proto[method]);
        if (!job) continue;
        if (found.has(job.name)) throw new Error(`Job ${job.name} has two handlers`);
        const run = instance[method] as (p: unknown) => Promise<void>;
        found.set(job.name, {
          job,
          run: async (payload) => {
            try {
              await run.call(instance, payload);
            } catch (err) {
              this.observer?.jobFailed(job.name);
              throw err;
            }
          },
        });
      }
    }
    const missing = declaredJobs().filter((job) => !found.has(job.name));
    if (missing.length) throw new Error(`Jobs without a handler: ${missing.map((job) => job.name).join(', ')}`);
    return [...found.values()];
  }

  async onApplicationBootstrap(): Promise<void> {
    const handlers = this.collectHandlers();
    if (this.config.runsWorkers) {
      await this.queue.startWorkers(handlers);
      this.logger.log(`Workers started for ${handlers.length} job kinds`);
    }
  }

  /** Before any module closes: running handlers still need the database (and Redis) to finish. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
