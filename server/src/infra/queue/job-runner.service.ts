import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { JOB_HANDLER } from './job-handler.decorator.js';
import { JobName, JobQueue, type JobHandler, type JobHandlers } from './jobs.js';

/** Finds every @OnJob handler at start-up, refuses gaps and duplicates, and starts the workers. */
@Injectable()
export class JobRunnerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  collectHandlers(): JobHandlers {
    const found = new Map<JobName, JobHandler>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      const proto = Object.getPrototypeOf(instance);
      for (const method of this.scanner.getAllMethodNames(proto)) {
        const name = this.reflector.get<JobName | undefined>(JOB_HANDLER, proto[method]);
        if (!name) continue;
        if (found.has(name)) throw new Error(`Job ${name} has two handlers`);
        found.set(name, (payload) => (instance[method] as (p: unknown) => Promise<void>).call(instance, payload));
      }
    }
    const missing = Object.values(JobName).filter((n) => !found.has(n));
    if (missing.length) throw new Error(`Jobs without a handler: ${missing.join(', ')}`);
    return Object.fromEntries(found) as JobHandlers;
  }

  async onApplicationBootstrap(): Promise<void> {
    const handlers = this.collectHandlers();
    if (this.config.runsWorkers) {
      await this.queue.startWorkers(handlers);
      this.logger.log(`Workers started for ${Object.keys(handlers).length} job kinds`);
    }
  }

  /** Before any module closes: running handlers still need the database (and Redis) to finish. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
