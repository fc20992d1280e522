import { Module, type DynamicModule, type Type } from '@nestjs/common';
import type { AppConfig } from './config/config.js';
import { SessionModule } from './common/auth/session.module.js';
import { DatabaseHealth } from './infra/database/database-health.js';
import { Readiness } from './infra/http/readiness.js';
import { InfraModule } from './infra/infra.module.js';
import { RedisHealth } from './infra/redis/redis-health.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { BackupModule } from './modules/backup/backup.module.js';
import { ContestantMailModule } from './modules/contestant-mail/contestant-mail.module.js';
import { ContestsModule } from './modules/contests/contests.module.js';
import { GroupsModule } from './modules/groups/groups.module.js';
import { JobsModule } from './modules/jobs/jobs.module.js';
import { HealthController } from './modules/health/health.controller.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { ShareModule } from './modules/share/share.module.js';
import { SiteController } from './modules/site/site.controller.js';
import { SiteModule } from './modules/site/site.module.js';
import { SupportModule } from './modules/support/support.module.js';
import { StandingsModule } from './modules/standings/standings.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { UsersService } from './modules/users/users.service.js';
import { VotePackagesModule } from './modules/vote-packages/vote-packages.module.js';
import { VotesModule } from './modules/votes/votes.module.js';
import { WebhooksModule } from './modules/webhooks/webhooks.module.js';

/** Domain modules, shared by the api and worker roles; the worker simply serves no HTTP. */
const DOMAIN_MODULES: Type[] = [
  SiteModule,
  WebhooksModule,
  VotePackagesModule,
  UsersModule,
  AuthModule,
  AuditModule,
  StandingsModule,
  ContestantMailModule,
  ContestsModule,
  GroupsModule,
  VotesModule,
  PaymentsModule,
  ShareModule,
  SupportModule,
  JobsModule,
  BackupModule,
];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [InfraModule.forRoot(config, databaseUrl), SessionModule.forRoot({ imports: [UsersModule], userLookup: UsersService }), ...DOMAIN_MODULES],
      controllers: config.runsHttp ? [HealthController, SiteController] : [],
      providers: config.runsHttp ? [DatabaseHealth, RedisHealth, Readiness] : [],
    };
  }
}
