import { Controller, HttpException, HttpStatus } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { SERVICE_MESSAGES } from '#contract/common/messages.js';
import { DatabaseHealth } from '#server/infra/database/database-health.js';
import { Readiness } from '#server/infra/http/readiness.js';
import { RedisHealth } from '#server/infra/redis/redis-health.js';
import { type Health, healthSchema, type Liveness, livenessSchema, type Readiness as ReadinessAnswer, readinessSchema } from '#contract/site/answers.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { siteEndpoints } from '#contract/site/endpoints.js';
import { Route } from '#server/common/http/route.js';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    private readonly database: DatabaseHealth,
    private readonly redis: RedisHealth,
    private readonly readiness: Readiness,
  ) {}

  @Route(siteEndpoints.health)
  @ApiOperation({ summary: 'The database and Redis answer (kept for existing probes; see /health/ready)' })
  @ApiOkResponse({ description: '{status, database, redis}' })
  @ApiServiceUnavailableResponse({ description: '{detail}: what does not answer' })
  @ApiAnswer(healthSchema)
  async check(): Promise<Health> {
    const problems = await this.dependencyProblems();
    if (problems.length) throw new HttpException({ detail: problems.join(', ') }, HttpStatus.SERVICE_UNAVAILABLE);
    return this.answer();
  }

  @Route(siteEndpoints.liveness)
  @ApiOperation({ summary: 'Liveness: the process answers (it checks nothing else, so a database outage never restarts it)' })
  @ApiOkResponse({ description: '{status: "ok"}' })
  @ApiAnswer(livenessSchema)
  live(): Liveness {
    return { status: 'ok' };
  }

  @Route(siteEndpoints.readiness)
  @ApiOperation({ summary: 'Readiness: the database and Redis answer, every migration has run, and the process is not stopping' })
  @ApiOkResponse({ description: '{status, database, redis, migrations}' })
  @ApiServiceUnavailableResponse({ description: '{detail}: why it takes no traffic now' })
  @ApiAnswer(readinessSchema)
  async ready(): Promise<ReadinessAnswer> {
    const why = this.readiness.problem();
    const problems = why === 'stopping' ? [SERVICE_MESSAGES.shuttingDown] : why ? [why] : await this.dependencyProblems();
    if (!problems.length && !(await this.database.migrated())) problems.push('migrations pending');
    if (problems.length) throw new HttpException({ detail: problems.join(', ') }, HttpStatus.SERVICE_UNAVAILABLE);
    return { ...this.answer(), migrations: 'ok' };
  }

  private async dependencyProblems(): Promise<string[]> {
    const [database, redis] = await Promise.all([this.database.check(), this.redis.check()]);
    return [...(database ? [] : ['database unreachable']), ...(redis ? [] : ['redis unreachable'])];
  }

  private answer(): Health {
    return { status: 'ok', database: 'ok', redis: this.redis.configured ? 'ok' : 'not configured' };
  }
}
