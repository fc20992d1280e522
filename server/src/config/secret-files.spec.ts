// Secrets read from files named by <NAME>_FILE (docker secrets under /run/secrets, Kubernetes secret
// volumes), and the database password given apart from DATABASE_URL.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './config.js';

const problemsOf = (env: NodeJS.ProcessEnv, cwd = '/srv'): string[] => {
  try {
    loadConfig(env, cwd);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe('secrets from files', () => {
  let dir: string;
  const secret = (name: string, content: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    return file;
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'secret-files-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("should read scaled mode's secrets from *_FILE, without the file's final line break", () => {
    const config = loadConfig(
      {
        REDIS_URL: 'redis://redis:6379',
        DATABASE_URL_FILE: secret('database_url', 'postgres://app:pw@db:5432/app\n'),
        JWT_SECRET_FILE: secret('jwt_secret', `${'j'.repeat(64)}\n`),
        VOTER_HASH_KEY_FILE: secret('voter_hash_key', `${'v'.repeat(64)}\r\n`),
      },
      '/srv',
    );
    expect([config.DATABASE_URL, config.JWT_SECRET, config.VOTER_HASH_KEY]).toEqual(['postgres://app:pw@db:5432/app', 'j'.repeat(64), 'v'.repeat(64)]);
    expect(Object.keys(config).filter((k) => k.endsWith('_FILE'))).toEqual(['WORKER_HEARTBEAT_FILE']);
  });

  it('should read a path relative to the working folder, and the payment and mail secrets too', () => {
    secret('stripe', 'sk_test_from_file\n');
    secret('paypal', 'paypal-secret\n');
    const config = loadConfig({ STRIPE_SECRET_KEY_FILE: 'stripe', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET_FILE: 'paypal' }, dir);
    expect(config.stripe?.secretKey).toBe('sk_test_from_file');
    expect(config.paypal?.clientSecret).toBe('paypal-secret');
  });

  it('should check a value read from a file like any other, and say which file could not be used without showing a secret', () => {
    expect(problemsOf({ JWT_SECRET_FILE: secret('short', 'too-short-a-secret\n') })).toEqual(['JWT_SECRET: must be at least 32 characters']);
    expect(problemsOf({ JWT_SECRET_FILE: path.join(dir, 'missing') })).toEqual([`JWT_SECRET_FILE: cannot read ${path.join(dir, 'missing')} (ENOENT)`]);
    expect(problemsOf({ VOTER_HASH_KEY_FILE: secret('empty', '\n') })).toEqual([`VOTER_HASH_KEY_FILE: ${path.join(dir, 'empty')} is empty`]);
    const both = problemsOf({ JWT_SECRET: 'x'.repeat(40), JWT_SECRET_FILE: secret('jwt2', 'y'.repeat(40)) });
    expect(both).toEqual(['JWT_SECRET_FILE: set JWT_SECRET or JWT_SECRET_FILE, not both']);
    expect(both.join('\n')).not.toContain('x'.repeat(40));
  });

  it('should put DATABASE_PASSWORD (or its file) into DATABASE_URL, whatever characters it has', () => {
    const password = 'p@ss/w:rd #%?';
    const config = loadConfig(
      { DATABASE_URL: 'postgres://screamstage@postgres:5432/screamstage', DATABASE_PASSWORD_FILE: secret('pg', `${password}\n`) },
      '/srv',
    );
    const url = new URL(config.DATABASE_URL!);
    expect(decodeURIComponent(url.password)).toBe(password);
    expect([url.username, url.host, url.pathname]).toEqual(['screamstage', 'postgres:5432', '/screamstage']);
    expect(Object.keys(config)).not.toContain('DATABASE_PASSWORD');
    expect(loadConfig({ DATABASE_URL: 'postgres://a:b@db/app' }, '/srv').DATABASE_URL).toBe('postgres://a:b@db/app');
  });

  it('should refuse DATABASE_PASSWORD without DATABASE_URL, or beside a URL that has a password', () => {
    expect(problemsOf({ DATABASE_PASSWORD: 'pw' })).toEqual(['DATABASE_PASSWORD: needs DATABASE_URL (it is the password of its user)']);
    expect(problemsOf({ DATABASE_URL: 'postgres://a:b@db/app', DATABASE_PASSWORD: 'pw' })).toEqual([
      'DATABASE_PASSWORD: DATABASE_URL carries a password already; give it in one place',
    ]);
  });

  it('should take LOG_FORMAT json or pretty, and nothing else', () => {
    expect(loadConfig({}, '/srv').LOG_FORMAT).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, '/srv').LOG_FORMAT).toBe('pretty');
    expect(problemsOf({ LOG_FORMAT: 'yaml' })).toEqual([expect.stringMatching(/^LOG_FORMAT: /)]);
  });
});
