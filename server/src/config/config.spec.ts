import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './config.js';

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig(env, '/srv');
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

describe(loadConfig.name, () => {
  it('should start with no variables at all, the dashboard playing the local promo video', () => {
    const config = loadConfig({}, '/srv');
    expect(config.scaled).toBe(false);
    expect(config.dataDir).toBe('/srv/data');
    expect(config.DASHBOARD_VIDEO_URLS).toEqual(['/media/promo.mp4', '/media/promo.mp4', '/media/promo.mp4']);
  });

  it('should take dashboard videos from site paths and YouTube or Vimeo addresses', () => {
    const config = loadConfig({ DASHBOARD_VIDEO_URLS: ' https://www.youtube.com/watch?v=abcdefgh , /media/a.mp4,https://vimeo.com/123 ' }, '/srv');
    expect(config.DASHBOARD_VIDEO_URLS).toEqual(['https://www.youtube.com/watch?v=abcdefgh', '/media/a.mp4', 'https://vimeo.com/123']);
  });

  it('should refuse dashboard videos the page could not play, and more than three', () => {
    expect(problemsOf({ DASHBOARD_VIDEO_URLS: 'https://evil.example/x.mp4' })).toEqual([expect.stringMatching(/^DASHBOARD_VIDEO_URLS: each must be/)]);
    expect(problemsOf({ DASHBOARD_VIDEO_URLS: '/a.mp4,/b.mp4,/c.mp4,/d.mp4' })).toEqual(['DASHBOARD_VIDEO_URLS: at most 3 addresses']);
  });

  it("should take the worker's heartbeat file from WORKER_HEARTBEAT_FILE, /tmp/screamstage-worker-heartbeat when unset", () => {
    expect(loadConfig({}, '/srv').WORKER_HEARTBEAT_FILE).toBe('/tmp/screamstage-worker-heartbeat');
    expect(loadConfig({ WORKER_HEARTBEAT_FILE: '/run/beat' }, '/srv').WORKER_HEARTBEAT_FILE).toBe('/run/beat');
  });

  it('should list every missing secret of scaled mode, one line each', () => {
    const problems = problemsOf({ REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(problems).toHaveLength(3);
    expect(problems.map((p) => p.split(':')[0])).toEqual(['DATABASE_URL', 'JWT_SECRET', 'VOTER_HASH_KEY']);
  });

  it('should read Stripe only with its secret key, keeping the secrets in config.stripe alone', () => {
    expect(loadConfig({}, '/srv').stripe).toBeNull();
    const config = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_def', STRIPE_API_BASE: 'http://127.0.0.1:9999/' }, '/srv');
    expect(config.stripe).toEqual({ secretKey: 'sk_test_abc', webhookSecret: 'whsec_def', apiBase: 'http://127.0.0.1:9999' });
    expect(Object.keys(config).filter((k) => k.startsWith('STRIPE_'))).toEqual([]);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' }, '/srv').stripe).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: null,
      apiBase: 'https://api.stripe.com',
    });
  });

  it('should refuse a Stripe webhook secret without the key, and a live key without a webhook secret, one clear line each', () => {
    expect(problemsOf({ STRIPE_WEBHOOK_SECRET: 'whsec_def' })).toEqual([
      'STRIPE_WEBHOOK_SECRET: needs STRIPE_SECRET_KEY (Stripe is offered only with its key)',
    ]);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_live_abc' })).toEqual([expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: required with a live STRIPE_SECRET_KEY/)]);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_def' })).toEqual([]);
  });

  it('should refuse malformed Stripe settings without echoing the secret', () => {
    const problems = problemsOf({ STRIPE_SECRET_KEY: 'pk_test_public', STRIPE_WEBHOOK_SECRET: 'secret-value', STRIPE_API_BASE: 'ftp://x' });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE']);
    expect(problems.join('\n')).not.toMatch(/pk_test_public|secret-value/);
  });
});
