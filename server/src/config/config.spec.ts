import { describe, expect, it } from '@jest/globals';
import { availableParallelism } from 'node:os';
import { ConfigError, DEFAULT_SUPPORT_EMAIL, loadConfig, MAX_DEFAULT_WEB_CONCURRENCY } from './config.js';

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

  it('should run as many api processes as cores, at most 8, without Redis; one in scaled mode, which refuses more', () => {
    expect(loadConfig({}, '/srv').webConcurrency).toBe(Math.min(availableParallelism(), MAX_DEFAULT_WEB_CONCURRENCY));
    expect(loadConfig({ WEB_CONCURRENCY: '1' }, '/srv').webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '3' }, '/srv').webConcurrency).toBe(3);
    expect(loadConfig({}, '/srv').clusterWorker).toBeNull();
    const scaled = { REDIS_URL: 'redis://127.0.0.1:6379', DATABASE_URL: 'postgres://db/x', JWT_SECRET: 'j'.repeat(32), VOTER_HASH_KEY: 'v'.repeat(32) };
    expect(loadConfig(scaled, '/srv').webConcurrency).toBe(1);
    expect(problemsOf({ ...scaled, WEB_CONCURRENCY: '2' })).toEqual([expect.stringMatching(/^WEB_CONCURRENCY: scaled mode .* add api replicas instead$/)]);
    expect(problemsOf({ WEB_CONCURRENCY: '0' })).toEqual([expect.stringMatching(/^WEB_CONCURRENCY: /)]);
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

  it('should leave PayPal off without its keys, and take it from PAYPAL_* with the sandbox by default', () => {
    expect(loadConfig({}, '/srv').paypal).toBeNull();
    expect(loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }, '/srv').paypal).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      webhookId: null,
      apiBase: 'https://api-m.sandbox.paypal.com',
      env: 'sandbox',
    });
    const live = loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_ENV: 'live', PAYPAL_WEBHOOK_ID: 'WH-1' }, '/srv').paypal;
    expect(live).toMatchObject({ apiBase: 'https://api-m.paypal.com', env: 'live', webhookId: 'WH-1' });
    const standIn = loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_API_BASE: 'http://127.0.0.1:4010/' }, '/srv').paypal;
    expect(standIn?.apiBase).toBe('http://127.0.0.1:4010');
    // The secrets are kept in config.paypal alone.
    expect(Object.keys(loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }, '/srv')).filter((k) => k.startsWith('PAYPAL_'))).toEqual([]);
  });

  it('should refuse half of the PayPal keys, a live PayPal without its webhook id, and a bad PayPal address, one line each', () => {
    expect(problemsOf({ PAYPAL_CLIENT_ID: 'id' })).toEqual(['PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET: set both or neither']);
    expect(problemsOf({ PAYPAL_CLIENT_SECRET: 'secret' })).toEqual(['PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET: set both or neither']);
    expect(problemsOf({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_ENV: 'live' })).toEqual([
      expect.stringMatching(/^PAYPAL_WEBHOOK_ID: required when PAYPAL_ENV is 'live'/),
    ]);
    expect(problemsOf({ PAYPAL_ENV: 'production' })).toEqual([expect.stringMatching(/^PAYPAL_ENV: /)]);
    expect(problemsOf({ PAYPAL_API_BASE: 'ftp://paypal.example' })).toEqual(['PAYPAL_API_BASE: must be an http(s) URL']);
  });

  it('should never put the PayPal secret into a configuration problem', () => {
    const problems = problemsOf({ PAYPAL_CLIENT_SECRET: 'sup3r-s3cret', PAYPAL_ENV: 'live' });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).not.toContain('sup3r-s3cret');
  });

  it('should offer TEST MODE by default only in one process without provider keys, and never beside live keys', () => {
    expect(loadConfig({}, '/srv').paymentsTestMode).toBe(true);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' }, '/srv').paymentsTestMode).toBe(false);
    expect(loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }, '/srv').paymentsTestMode).toBe(false);
    // Asked for with test keys: both may run side by side.
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', PAYMENTS_TEST_MODE: 'true' }, '/srv').paymentsTestMode).toBe(true);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_def', PAYMENTS_TEST_MODE: 'true' })).toEqual([
      'PAYMENTS_TEST_MODE: must be off beside live payment keys (anyone could pay in TEST MODE)',
    ]);
    expect(
      problemsOf({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_ENV: 'live', PAYPAL_WEBHOOK_ID: 'WH-1', PAYMENTS_TEST_MODE: 'yes' }),
    ).toEqual(['PAYMENTS_TEST_MODE: must be off beside live payment keys (anyone could pay in TEST MODE)']);
  });

  it('should mail support messages to SUPPORT_EMAIL, to the outbox default without SMTP, and refuse SMTP without SUPPORT_EMAIL', () => {
    expect(loadConfig({}, '/srv').supportEmail).toBe(DEFAULT_SUPPORT_EMAIL);
    expect(loadConfig({ SUPPORT_EMAIL: 'help@example.org' }, '/srv').supportEmail).toBe('help@example.org');
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.org:587', SUPPORT_EMAIL: 'help@example.org' }, '/srv').supportEmail).toBe('help@example.org');
    expect(problemsOf({ SMTP_URL: 'smtp://mail.example.org:587' })).toEqual([
      'SUPPORT_EMAIL: required when SMTP_URL is set (the contact form mails staff there)',
    ]);
    expect(problemsOf({ SUPPORT_EMAIL: 'not an address' })).toEqual(['SUPPORT_EMAIL: must be an e-mail address']);
  });

  it('should call the site by the address it listens on without PUBLIC_URL, and count every loopback name of its port as its own', () => {
    const config = loadConfig({ PORT: '3100' }, '/srv');
    expect(config.publicUrl).toBe('http://127.0.0.1:3100');
    expect(config.ownOrigins.sort()).toEqual(['http://127.0.0.1:3100', 'http://[::1]:3100', 'http://localhost:3100']);
    // Listening on every interface, the site calls itself localhost; an IPv6 address is written in brackets.
    expect(loadConfig({ HOST: '0.0.0.0' }, '/srv').publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ HOST: '::1' }, '/srv').publicUrl).toBe('http://[::1]:3000');
  });

  it('should call the site by PUBLIC_URL alone once it is set, with no loopback name beside it', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://scream.example.org/', PORT: '3100' }, '/srv');
    expect(config.publicUrl).toBe('https://scream.example.org');
    expect(config.ownOrigins).toEqual(['https://scream.example.org']);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }, '/srv').ownOrigins).toEqual(['http://localhost:3000']);
  });

  it('should expire abandoned checkouts after PAYMENT_EXPIRY (24 h by default, a minute to a year), and limit payments per hour', () => {
    const config = loadConfig({}, '/srv');
    expect(config.paymentExpirySeconds).toBe(86_400);
    expect([config.PAYMENT_CHECKOUTS_PER_HOUR, config.TEST_PAYMENTS_PER_HOUR]).toEqual([20, 5]);
    expect(loadConfig({ PAYMENT_EXPIRY: '90m' }, '/srv').paymentExpirySeconds).toBe(5400);
    expect(problemsOf({ PAYMENT_EXPIRY: '30s' })).toEqual(['PAYMENT_EXPIRY: must be at least 1m']);
    expect(loadConfig({ PAYMENT_EXPIRY: '365d' }, '/srv').paymentExpirySeconds).toBe(365 * 86_400);
    expect(problemsOf({ PAYMENT_EXPIRY: '366d' })).toEqual(['PAYMENT_EXPIRY: must be at most 365d']);
    expect(problemsOf({ PAYMENT_EXPIRY: '99999999999999999999d' })).toEqual(['PAYMENT_EXPIRY: must be at most 365d']);
    expect(problemsOf({ PAYMENT_EXPIRY: 'a day' })).toEqual(['PAYMENT_EXPIRY: must look like 15m, 12h or 30d']);
    expect(problemsOf({ PAYMENT_CHECKOUTS_PER_HOUR: '0', TEST_PAYMENTS_PER_HOUR: 'many' }).map((p) => p.split(':')[0])).toEqual([
      'PAYMENT_CHECKOUTS_PER_HOUR',
      'TEST_PAYMENTS_PER_HOUR',
    ]);
  });
  it('should sweep for overdue account erasures every hour by default, and take 1s to 1d', () => {
    expect(loadConfig({}, '/srv').accountErasureSweepSeconds).toBe(3600);
    expect(loadConfig({ ACCOUNT_ERASURE_SWEEP_EVERY: '2s' }, '/srv').accountErasureSweepSeconds).toBe(2);
    expect(problemsOf({ ACCOUNT_ERASURE_SWEEP_EVERY: '2d' })).toEqual(['ACCOUNT_ERASURE_SWEEP_EVERY: must be between 1s and 1d']);
    expect(problemsOf({ ACCOUNT_ERASURE_SWEEP_EVERY: 'hourly' }).map((p) => p.split(':')[0])).toEqual(['ACCOUNT_ERASURE_SWEEP_EVERY']);
  });
  it('should leave scheduled backups off without BACKUP_EVERY, and take 10s to 30d with BACKUP_KEEP from 1 (7 by default)', () => {
    expect(loadConfig({}, '/srv')).toEqual(expect.objectContaining({ backupEverySeconds: null, BACKUP_KEEP: 7, backupDir: '/srv/data/backups' }));
    expect(loadConfig({ BACKUP_EVERY: '', BACKUP_KEEP: '' }, '/srv').backupEverySeconds).toBeNull();
    expect(loadConfig({ BACKUP_EVERY: '24h', BACKUP_KEEP: '30' }, '/srv')).toEqual(expect.objectContaining({ backupEverySeconds: 86_400, BACKUP_KEEP: 30 }));
    expect(problemsOf({ BACKUP_EVERY: '5s' })).toEqual(['BACKUP_EVERY: must be between 10s and 30d']);
    expect(problemsOf({ BACKUP_EVERY: '31d', BACKUP_KEEP: '0' }).map((p) => p.split(':')[0])).toEqual(['BACKUP_EVERY', 'BACKUP_KEEP']);
    expect(problemsOf({ BACKUP_EVERY: 'daily' }).map((p) => p.split(':')[0])).toEqual(['BACKUP_EVERY']);
  });

  it('should keep webhooks to https and public addresses unless WEBHOOKS_ALLOW_PRIVATE, and bound their attempts, waits and timeout', () => {
    expect(loadConfig({}, '/srv')).toEqual(
      expect.objectContaining({ WEBHOOKS_ALLOW_PRIVATE: false, WEBHOOKS_ATTEMPTS: 8, WEBHOOKS_BACKOFF_MS: 30_000, WEBHOOKS_TIMEOUT_MS: 10_000 }),
    );
    expect(loadConfig({ WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_BACKOFF_MS: '50' }, '/srv')).toEqual(
      expect.objectContaining({ WEBHOOKS_ALLOW_PRIVATE: true, WEBHOOKS_BACKOFF_MS: 50 }),
    );
    expect(
      problemsOf({ WEBHOOKS_ATTEMPTS: '0', WEBHOOKS_TIMEOUT_MS: '61000', WEBHOOKS_ALLOW_PRIVATE: 'maybe' })
        .map((p) => p.split(':')[0])
        .sort(),
    ).toEqual(['WEBHOOKS_ALLOW_PRIVATE', 'WEBHOOKS_ATTEMPTS', 'WEBHOOKS_TIMEOUT_MS']);
  });

  it('should keep the webhook log 30 days unless WEBHOOK_LOG_RETENTION says otherwise, between a minute and a year', () => {
    expect(loadConfig({}, '/srv').webhookLogRetentionSeconds).toBe(30 * 86_400);
    expect(loadConfig({ WEBHOOK_LOG_RETENTION: '12h' }, '/srv').webhookLogRetentionSeconds).toBe(12 * 3600);
    expect(problemsOf({ WEBHOOK_LOG_RETENTION: '30s' })).toEqual(['WEBHOOK_LOG_RETENTION: must be between 60s and 365d']);
    expect(problemsOf({ WEBHOOK_LOG_RETENTION: '366d' })).toEqual(['WEBHOOK_LOG_RETENTION: must be between 60s and 365d']);
    expect(problemsOf({ WEBHOOK_LOG_RETENTION: 'monthly' }).map((p) => p.split(':')[0])).toEqual(['WEBHOOK_LOG_RETENTION']);
  });

  it('should count free votes per network: an IPv6 /64 and an IPv4 address by default, other prefixes when set', () => {
    const config = loadConfig({}, '/srv');
    expect([config.VOTE_IPV6_PREFIX, config.VOTE_IPV4_PREFIX]).toEqual([64, 32]);
    const wide = loadConfig({ VOTE_IPV6_PREFIX: '48', VOTE_IPV4_PREFIX: '24' }, '/srv');
    expect([wide.VOTE_IPV6_PREFIX, wide.VOTE_IPV4_PREFIX]).toEqual([48, 24]);
    expect(problemsOf({ VOTE_IPV6_PREFIX: '129', VOTE_IPV4_PREFIX: '33' }).map((p) => p.split(':')[0])).toEqual(['VOTE_IPV6_PREFIX', 'VOTE_IPV4_PREFIX']);
    expect(problemsOf({ VOTE_IPV6_PREFIX: '8', VOTE_IPV4_PREFIX: 'x' }).map((p) => p.split(':')[0])).toEqual(['VOTE_IPV6_PREFIX', 'VOTE_IPV4_PREFIX']);
  });

  it("should refuse TRUST_PROXY=true with one line, and take the proxies' addresses, CIDR ranges or a hop count", () => {
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([
      expect.stringMatching(/^TRUST_PROXY: 'true' would believe any client's X-Forwarded-For: give the proxies' addresses or CIDR ranges .* or a hop count/),
    ]);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.1, nonsense' })).toEqual([expect.stringMatching(/^TRUST_PROXY: 'nonsense' is not an address or CIDR range/)]);
    expect(problemsOf({ TRUST_PROXY: '0' })).toEqual(['TRUST_PROXY: a hop count must be 1 to 32']);
    expect(loadConfig({}, '/srv').TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 172.16.0.0/12,::1,loopback' }, '/srv').TRUST_PROXY).toEqual(['127.0.0.1', '172.16.0.0/12', '::1', 'loopback']);
    expect(loadConfig({ TRUST_PROXY: '2' }, '/srv').TRUST_PROXY).toBe(2);
  });
});
