import { Controller, Get, HttpException, HttpStatus } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DatabaseHealth } from '#server/infra/database/database-health.js';
import { RedisHealth } from '#server/infra/redis/redis-health.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly database: DatabaseHealth,
    private readonly redis: RedisHealth,
  ) {}

  @Get()
  async check(): Promise<{ status: 'ok'; database: 'ok'; redis: 'ok' | 'not configured' }> {
    const problems: string[] = [];
    if (!(await this.database.check())) problems.push('database unreachable');
    if (!(await this.redis.check())) problems.push('redis unreachable');
    if (problems.length) throw new HttpException({ detail: problems.join(', ') }, HttpStatus.SERVICE_UNAVAILABLE);
    return { status: 'ok', database: 'ok', redis: this.redis.configured ? 'ok' : 'not configured' };
  }
}
