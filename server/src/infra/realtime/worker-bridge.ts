import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { RealtimePublisher, type RealtimeServer } from './realtime-publisher.js';
import { createEmitOnlyServer } from './redis-io.adapter.js';

/** In a worker process (no HTTP), events go out through the Redis adapter to the api processes. */
@Injectable()
export class RealtimeWorkerBridge implements OnModuleInit, OnApplicationShutdown {
  private closer: (() => Promise<void>) | null = null;

  constructor(
    private readonly publisher: RealtimePublisher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (this.config.runsHttp || !this.config.REDIS_URL) return;
    const { server, close } = createEmitOnlyServer(this.config.REDIS_URL, this.config.REDIS_PREFIX);
    this.publisher.attach(server as RealtimeServer);
    this.closer = close;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.closer?.();
  }
}
