import { Controller, Get, HttpException, HttpStatus, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS } from '#server/infra/infra.module.js';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly ds: DataSource,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {}

  @Get()
  async check(): Promise<{ status: 'ok'; database: 'ok'; redis: 'ok' | 'not configured' }> {
    const problems: string[] = [];
    await this.ds.query('SELECT 1').catch(() => problems.push('database unreachable'));
    if (this.redis) await this.redis.ping().catch(() => problems.push('redis unreachable'));
    if (problems.length) throw new HttpException({ detail: problems.join(', ') }, HttpStatus.SERVICE_UNAVAILABLE);
    return { status: 'ok', database: 'ok', redis: this.redis ? 'ok' : 'not configured' };
  }
}
