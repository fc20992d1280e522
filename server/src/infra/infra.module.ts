import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { PAGE_SHELL, PageShell, servedClientDir } from '#server/infra/ssr/page-shell.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { DEFAULT_SITE_COLORS } from '#contract/site/theme.js';
import { SiteBrand } from './brand/site-brand.js';
import { EmbedFraming } from './http/embed-framing.js';
import { senderName } from './mail/mail-address.js';
import { dataSourceOptions } from './database/data-source.js';
import { Transactions } from './database/transactional.js';
import { atMostEvery, ClusterConcurrencyLimiter, ClusterProcessBus } from './cluster/cluster-adapters.js';
import { clusterLink } from './cluster/cluster-ipc.js';
import { BusTopic, LocalProcessBus, ProcessBus, RedisProcessBus } from './events/process-bus.js';
import { MailJobHandler } from './mail/mail-job.handler.js';
import { Metrics, QueueMetrics } from './metrics/metrics.js';
import { Mailer, OutboxMailer, SmtpMailer } from './mail/mailer.js';
import { BullMqJobQueue } from './queue/bullmq-job-queue.js';
import { JobRunnerService } from './queue/job-runner.service.js';
import { PgJobQueue } from './queue/pg-job-queue.js';
import { JobObserver, JobQueue } from './queue/jobs.js';
import { ConcurrencyLimiter, InProcessConcurrencyLimiter, RedisConcurrencyLimiter } from './rate-limit/concurrency-limiter.js';
import { PostgresRateLimiter, RateLimiter, RedisRateLimiter } from './rate-limit/rate-limiter.js';
import { LocalSockets, RealtimePublisher, RedisEmitterPublisher, SocketIoPublisher } from './realtime/realtime-publisher.js';
import { RealtimeGateway } from './realtime/realtime.gateway.js';
import { createRedis, failFastRedisOptions, patientRedisOptions } from './redis/redis-clients.js';
import { FileStorage, LocalFileStorage } from './storage/storage.js';

export const REDIS = Symbol('REDIS');

/**
 * BullMQ's locks on running jobs: renewed every half of it while the job runs, so only a dead
 * worker's lock lapses, and workers look for lapsed ones this often. A killed worker's jobs run
 * again within about the two together (docs/decisions/037-outages-never-fail-a-job.md has the
 * measurements behind them).
 */
export const JOB_LOCK_MS = 5_000;
export const STALLED_CHECK_MS = 2_000;

class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }
}

/** A clustered start's non-jobs workers wake the jobs worker at most this often (ms). */
const JOBS_ADDED_EVERY_MS = 10;

/**
 * The PostgreSQL job queue. In a clustered start one worker runs the jobs (decision 043): the others
 * wake it through the process bus once a job is stored (at most one signal per JOBS_ADDED_EVERY_MS), so
 * a vote taken by any process is counted as soon as by the one that runs jobs; a lost signal waits for its poll.
 */
function pgJobQueue(ds: DataSource, bus: ProcessBus, config: AppConfig): PgJobQueue {
  if (config.clusterWorker === null) return new PgJobQueue(ds);
  if (config.runsWorkers) {
    const queue = new PgJobQueue(ds);
    bus.subscribe(BusTopic.JobsAdded, () => queue.nudge());
    return queue;
  }
  return new PgJobQueue(ds, { onAdded: atMostEvery(JOBS_ADDED_EVERY_MS, () => bus.publish(BusTopic.JobsAdded)) });
}

/** Every adapter behind its small interface; which one is chosen depends only on configuration. */
@Global()
@Module({})
export class InfraModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: InfraModule,
      imports: [DiscoveryModule, TypeOrmModule.forRoot({ ...dataSourceOptions(databaseUrl, config.DB_POOL_SIZE) })],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        // The environment's names and the product's colours until the site module reads the settings.
        {
          provide: SiteBrand,
          useFactory: () =>
            new SiteBrand({
              siteName: config.PRODUCT_NAME,
              mailSenderName: senderName(config.MAIL_FROM) ?? config.PRODUCT_NAME,
              accentColor: DEFAULT_SITE_COLORS.accent,
              backgroundColor: DEFAULT_SITE_COLORS.background,
              logoUrl: null,
              version: 'environment',
            }),
        },
        // EMBED_ORIGINS until the site module reads the settings.
        { provide: EmbedFraming, useFactory: () => new EmbedFraming(config.EMBED_ORIGINS) },
        {
          provide: PAGE_SHELL,
          inject: [SiteBrand],
          useFactory: (brand: SiteBrand) => (config.runsHttp ? PageShell.load(servedClientDir(config), brand) : null),
        },
        {
          provide: REDIS,
          // Requests wait on it (limits, vote slots, health, publishing): it fails fast.
          useFactory: () => (config.REDIS_URL ? createRedis(config.REDIS_URL, 'shared', 'fail-fast') : null),
        },
        RedisCloser,
        {
          provide: JobQueue,
          inject: [DataSource, REDIS, ProcessBus],
          useFactory: (ds: DataSource, redis: Redis | null, bus: ProcessBus) =>
            redis
              ? new BullMqJobQueue(
                  { producer: { url: config.REDIS_URL, ...failFastRedisOptions }, worker: { url: config.REDIS_URL, ...patientRedisOptions } },
                  `${config.REDIS_PREFIX}:bull`,
                  { lockDurationMs: JOB_LOCK_MS, stalledIntervalMs: STALLED_CHECK_MS },
                )
              : pgJobQueue(ds, bus, config),
        },
        {
          provide: Mailer,
          useFactory: () => (config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : new OutboxMailer(config.mailDir, config.MAIL_FROM)),
        },
        { provide: FileStorage, useFactory: () => new LocalFileStorage(config.uploadDir) },
        {
          provide: RateLimiter,
          inject: [DataSource, REDIS],
          useFactory: (ds: DataSource, redis: Redis | null) => (redis ? new RedisRateLimiter(redis, config.REDIS_PREFIX) : new PostgresRateLimiter(ds)),
        },
        {
          // Without Redis: one process holds every place in its memory; a clustered start, its primary (decision 043).
          provide: ConcurrencyLimiter,
          inject: [REDIS],
          useFactory: (redis: Redis | null) => {
            const link = clusterLink();
            if (redis) return new RedisConcurrencyLimiter(redis, config.REDIS_PREFIX);
            return link ? new ClusterConcurrencyLimiter(link) : new InProcessConcurrencyLimiter();
          },
        },
        Transactions,
        Metrics,
        { provide: JobObserver, useExisting: Metrics },
        QueueMetrics,
        JobRunnerService,
        MailJobHandler,
        SocketIoPublisher,
        {
          // A worker process of scaled mode has no Socket.IO server: it publishes through Redis (decision 013).
          provide: RealtimePublisher,
          inject: [REDIS, SocketIoPublisher, Metrics],
          useFactory: (redis: Redis | null, local: SocketIoPublisher, metrics: Metrics) =>
            !config.runsHttp && redis ? new RedisEmitterPublisher(redis, config.REDIS_PREFIX, metrics) : local,
        },
        // Live tallies write only the sockets this process holds (decision 042); a worker holds none.
        { provide: LocalSockets, useExisting: SocketIoPublisher },
        {
          provide: ProcessBus,
          inject: [REDIS],
          useFactory: (redis: Redis | null) => {
            const link = clusterLink();
            if (redis) return new RedisProcessBus(redis, config.REDIS_PREFIX);
            return link ? new ClusterProcessBus(link) : new LocalProcessBus();
          },
        },
        ...(config.runsHttp ? [RealtimeGateway] : []),
      ],
      exports: [
        Transactions,
        Metrics,
        APP_CONFIG,
        PAGE_SHELL,
        SiteBrand,
        EmbedFraming,
        REDIS,
        JobQueue,
        Mailer,
        FileStorage,
        RateLimiter,
        ConcurrencyLimiter,
        RealtimePublisher,
        LocalSockets,
        ProcessBus,
        TypeOrmModule,
      ],
    };
  }
}
