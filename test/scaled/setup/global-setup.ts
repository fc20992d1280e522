// Scaled-mode tests need the machine's PostgreSQL and Redis; this compiles the server once and
// stops the run with one clear message when either service is not there.
import { execFileSync } from 'node:child_process';
import { Redis } from 'ioredis';
import pg from 'pg';

const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_REDIS = 'redis://127.0.0.1:6379';

async function checkPostgres(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (err) {
    return `PostgreSQL is not reachable at ${url} (${(err as Error).message}).`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function checkRedis(url: string): Promise<string | null> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (err) {
    return `Redis is not reachable at ${url} (${(err as Error).message}).`;
  } finally {
    redis.disconnect();
  }
}

export default async function globalSetup(): Promise<void> {
  process.env.TEST_PG_URL ??= DEFAULT_PG;
  process.env.TEST_REDIS_URL ??= DEFAULT_REDIS;
  const problems = (await Promise.all([checkPostgres(process.env.TEST_PG_URL), checkRedis(process.env.TEST_REDIS_URL)])).filter(Boolean);
  if (problems.length) {
    throw new Error(
      `Scaled-mode tests need a running PostgreSQL and Redis.\n  ${problems.join('\n  ')}\n` +
        'Start them (as .ci/run does) or point TEST_PG_URL (a superuser URL to the postgres database) and TEST_REDIS_URL elsewhere.',
    );
  }
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'server/tsconfig.build.json'], { stdio: 'inherit' });
}
