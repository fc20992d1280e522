// Environment, validated once at start: a bad variable stops the process with one line per problem.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { durationSeconds } from '#server/common/auth/duration.js';
import { readSecretFiles } from './secret-files.js';

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? def : ['true', '1', 'yes'].includes(v)));

const duration = z.string().regex(/^\d+[smhd]$/, 'must look like 15m, 12h or 30d');

const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : undefined))
    .refine((v) => v === undefined || (URL.canParse(v) && protocols.test(new URL(v).protocol)), hint);

/** proxy-addr's names for the loopback, link-local and private ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Whose X-Forwarded-For is believed: nobody (unset), the proxies' addresses or CIDR ranges, or a hop
 * count (the last N hops are proxies). 'true' is refused: it would let any client that reaches the
 * server directly choose its own address, and with it every per-address limit.
 */
const trustProxy = z
  .string()
  .optional()
  .superRefine((v, ctx) => {
    if (v === undefined) return;
    const value = v.trim();
    if (['true', 'yes', 'on', '*', 'all'].includes(value.toLowerCase())) {
      ctx.addIssue({
        code: 'custom',
        message: `'${value}' would believe any client's X-Forwarded-For: give the proxies' addresses or CIDR ranges (e.g. 172.16.0.0/12) or a hop count (e.g. 1)`,
      });
      return;
    }
    if (/^\d+$/.test(value)) {
      if (Number(value) < 1 || Number(value) > 32) ctx.addIssue({ code: 'custom', message: 'a hop count must be 1 to 32' });
      return;
    }
    const bad = value
      .split(',')
      .map((s) => s.trim())
      .find((s) => !(PROXY_RANGE_NAMES.has(s) || ipaddr.isValid(s) || ipaddr.isValidCIDR(s)));
    if (bad !== undefined)
      ctx.addIssue({ code: 'custom', message: `'${bad}' is not an address or CIDR range: give the proxies' addresses or CIDR ranges, or a hop count` });
  })
  .transform((v): false | number | string[] => {
    const value = v?.trim();
    if (!value) return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(',').map((s) => s.trim());
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  // The site's address (links in e-mails, og:url, return addresses); unset, it is built from HOST and PORT.
  PUBLIC_URL: optionalUrl(/^https?:$/, 'must be an http(s) URL'),
  APP_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  // How many api processes one start runs on its port (node cluster, decision 043); unset: the cores, at most 8,
  // without Redis, and 1 in scaled mode, which scales by api replicas.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  // The most live watchers expected at once: the start warns when the open-files limit cannot hold them.
  LIVE_AUDIENCE: z.coerce.number().int().min(0).max(10_000_000).default(5000),
  PRODUCT_NAME: z.string().trim().min(1).max(60).default('ScreamStage'),
  // Who paid votes' donations go to (vote page, buy dialog, receipts); the operator names the real ones.
  CHARITY_NAME: z.string().trim().min(1).max(120).default('our partner charity'),
  CHARITY_BENEFICIARY: z.string().trim().min(1).max(120).default("a children's toy-drive foundation"),
  DATA_DIR: z.string().min(1).default('./data'),
  // Where `npm run backup` and the scheduled backups write their archives; by default DATA_DIR/backups.
  BACKUP_DIR: z.string().min(1).optional(),
  // Scheduled backups: one archive every BACKUP_EVERY (off when unset), keeping the newest BACKUP_KEEP.
  BACKUP_EVERY: duration
    .refine((v) => !/^\d+[smhd]$/.test(v) || (durationSeconds(v) >= 10 && durationSeconds(v) <= 30 * 86_400), 'must be between 10s and 30d')
    .optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(9999).default(7),

  DATABASE_URL: optionalUrl(/^postgres(ql)?:$/, 'must be a postgres:// URL'),
  // The password of DATABASE_URL's user, when the URL carries none (any characters: it is encoded into the URL).
  DATABASE_PASSWORD: z.string().min(1).optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),

  REDIS_URL: optionalUrl(/^rediss?:$/, 'must be a redis:// URL'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:-]+$/, 'letters, digits, _ : - only')
    .default('screamstage'),

  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  VOTER_HASH_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  // The free-vote limit counts a client's network, not its full address: an IPv6 client's /64 (one
  // household or phone holds a whole /64), an IPv4 client's address.
  VOTE_IPV6_PREFIX: z.coerce.number().int().min(16).max(128).default(64),
  VOTE_IPV4_PREFIX: z.coerce.number().int().min(8).max(32).default(32),
  // Suspicious-vote review: how often each running contest's recent free votes are scored, over which
  // window, and when a rule flags an entry (docs/decisions/026-suspicious-vote-flags-and-voids.md).
  VOTE_REVIEW_INTERVAL: duration
    .refine((v) => !/^\d+[smhd]$/.test(v) || (durationSeconds(v) >= 1 && durationSeconds(v) <= 3600), 'must be between 1s and 1h')
    .default('1m'),
  VOTE_REVIEW_WINDOW: duration
    .refine((v) => !/^\d+[smhd]$/.test(v) || (durationSeconds(v) >= 60 && durationSeconds(v) <= 86_400), 'must be between 1m and 24h')
    .default('1h'),
  VOTE_FLAG_MIN_VOTES: z.coerce.number().int().min(2).max(1_000_000).default(50),
  VOTE_FLAG_BLOCK_SHARE: z.coerce.number().gt(0).max(1).default(0.5),
  VOTE_FLAG_RATE_FACTOR: z.coerce.number().min(1).max(1000).default(5),
  VOTE_FLAG_NEW_VOTER_SHARE: z.coerce.number().gt(0).max(1).default(0.8),
  VOTE_FLAG_REGULAR_CV: z.coerce.number().min(0).max(1).default(0.1),
  // A proof-of-work challenge (ALTCHA, solved by the voter's browser) on free votes: never, only for
  // contestants flagged by the review, or on every free vote; a contest may set its own.
  VOTE_CHALLENGE: z.enum(['off', 'flagged', 'always']).default('off'),
  // The most hashes a challenge asks for (a browser needs about 0.2-1 s for the default).
  VOTE_CHALLENGE_MAX_NUMBER: z.coerce.number().int().min(100).max(10_000_000).default(50_000),
  ACCESS_TOKEN_TTL: duration.default('1d'),
  REMEMBER_ME_TOKEN_TTL: duration.default('30d'),

  SMTP_URL: optionalUrl(/^smtps?:$/, 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().min(3).default('ScreamStage <no-reply@screamstage.local>'),
  // Where the contact form's messages go; required with SMTP_URL, else the outbox's default.
  SUPPORT_EMAIL: z.email('must be an e-mail address').optional(),

  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((o) => URL.canParse(o)), 'must be a comma-separated list of origins'),
  TRUST_PROXY: trustProxy,

  SEED_DEMO: bool(true),
  SEED_ADMIN_USERNAME: z.string().default('admin'),
  SEED_ADMIN_EMAIL: z.email().optional(),
  SEED_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),

  // Failed sign-ins per account from one client address (an address may fail 4 times as often over
  // all accounts) in windows of LOGIN_LOCK_MINUTES; an account itself is never locked, only slowed:
  // each attempt waits LOGIN_DELAY_STEP_MS per recent failure of that account, at most LOGIN_DELAY_MAX_MS.
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  LOGIN_DELAY_STEP_MS: z.coerce.number().int().min(0).max(10_000).default(250),
  LOGIN_DELAY_MAX_MS: z.coerce.number().int().min(0).max(30_000).default(3000),
  // Accounts registered per client address per hour; verification and reset e-mails per mailbox
  // (+tags folded) per hour.
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
  ACCOUNT_MAILS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),

  // Live standings: a group's watchers get at most one tally per tick, whatever the vote rate; a
  // counted vote shows on their screens within about one tick.
  // How often running contests are looked at for contestants who dropped below the cut, and for
  // daily digests due; the digest goes out once the contest's local time reaches DIGEST_HOUR.
  CONTEST_WATCH_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  // On a graceful stop, /health/ready answers 503 at once and the process keeps serving this long
  // before it closes connections (time for a load balancer to notice); 0 in one process.
  // GET /metrics (Prometheus) answers clients on this machine, and others sending Authorization: Bearer METRICS_TOKEN.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // A worker (no HTTP of its own) serves /metrics on this port when set, on HOST.
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(0),
  LIVE_TICK_MS: z.coerce.number().int().min(20).max(2000).default(100),
  GROUP_CAPACITY_DEFAULT: z.coerce.number().int().min(1).max(1000).default(100),
  // The dashboard's three videos: site paths, or YouTube / Vimeo addresses (the CSP
  // allows their embed players only).
  DASHBOARD_VIDEO_URLS: z
    .string()
    .default('/media/promo.mp4,/media/promo.mp4,/media/promo.mp4')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length <= 3, 'at most 3 addresses')
    .refine(
      (list) =>
        list.every((a) => /^\/[^/]/.test(a) || /^https:\/\/(www\.|m\.)?(youtube\.com|youtu\.be|youtube-nocookie\.com|vimeo\.com|player\.vimeo\.com)\//.test(a)),
      'each must be a site path (/media/...) or a YouTube or Vimeo https address',
    ),

  // A worker process serves no HTTP: it touches this file every 10 s, and its health check reads its age.
  WORKER_HEARTBEAT_FILE: z.string().trim().min(1).default('/tmp/screamstage-worker-heartbeat'),

  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Log lines: JSON objects, or lines a person reads; by default readable on a terminal, JSON otherwise.
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  SERVE_CLIENT: bool(true),
  // The public pages drawn on the server (dist/ssr) for a fast first paint; off, the browser draws every page.
  SERVER_RENDER: bool(true),
  // A checkout still unpaid this long is 'expired' (money a provider confirms later is still credited).
  // Between a minute and a year: a longer time would keep unpaid checkouts open for good.
  PAYMENT_EXPIRY: duration
    .refine((v) => !/^\d+[smhd]$/.test(v) || durationSeconds(v) >= 60, 'must be at least 1m')
    .refine((v) => !/^\d+[smhd]$/.test(v) || durationSeconds(v) <= 365 * 86_400, 'must be at most 365d')
    .default('24h'),
  // Checkouts started an hour per client address and per payer mailbox; TEST MODE payments (each
  // mails a receipt) an hour per client address and per payer mailbox.
  PAYMENT_CHECKOUTS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  TEST_PAYMENTS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
  // TEST MODE payments (no money moves): by default on in one process without provider keys, else off.
  PAYMENTS_TEST_MODE: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
  // Stripe Checkout: offered when the secret key is set; the webhook secret verifies its events.
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_\S+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_BASE: optionalUrl(/^https?:$/, 'must be an http(s) URL'),
  // PayPal: offered when the client id and secret are set; webhooks are verified with PayPal for PAYPAL_WEBHOOK_ID.
  PAYPAL_CLIENT_ID: z.string().trim().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().trim().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().trim().min(1).optional(),
  PAYPAL_ENV: z.enum(['sandbox', 'live']).default('sandbox'),
  // Another address for PayPal's REST API (a stand-in in tests); by default the one of PAYPAL_ENV.
  PAYPAL_API_BASE: optionalUrl(/^https?:$/, 'must be an http(s) URL'),
});

export type Env = z.infer<typeof envSchema>;

/** Staff's support address without SUPPORT_EMAIL (only possible without SMTP_URL): its mail lands in DATA_DIR/mail like every mail. */
export const DEFAULT_SUPPORT_EMAIL = 'support@screamstage.local';

/** Stripe's settings, read once into AppConfig.stripe (the secrets are kept nowhere else). */
export interface StripeConfig {
  secretKey: string;
  /** Verifies POST /webhooks/stripe; without it (test keys only) Stripe's webhooks are refused. */
  webhookSecret: string | null;
  /** Where the SDK sends its calls: Stripe's API, or a stand-in in tests. */
  apiBase: string;
}

type StripeEnv = 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE';
type PaypalEnv = 'PAYPAL_CLIENT_ID' | 'PAYPAL_CLIENT_SECRET' | 'PAYPAL_WEBHOOK_ID' | 'PAYPAL_ENV' | 'PAYPAL_API_BASE';

export const PAYPAL_API_BASES = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

/** PayPal's REST credentials and where to call it; null when PayPal is not configured. */
export interface PaypalConfig {
  clientId: string;
  clientSecret: string;
  /** The webhook's id in PayPal's dashboard; without it no webhook verifies. */
  webhookId: string | null;
  /** No trailing slash. */
  apiBase: string;
  env: 'sandbox' | 'live';
}

/** The providers' secrets live in `stripe` and `paypal` alone, never beside the other settings. */
export interface AppConfig extends Omit<Env, StripeEnv | PaypalEnv | 'DATABASE_PASSWORD'> {
  dataDir: string;
  uploadDir: string;
  /** BACKUP_DIR, else DATA_DIR/backups. */
  backupDir: string;
  /** BACKUP_EVERY in seconds; null: no scheduled backups. */
  backupEverySeconds: number | null;
  mailDir: string;
  clientDir: string;
  /** The server's drawing of the public pages (vite build --ssr). */
  ssrDir: string;
  /** The address the site calls itself: PUBLIC_URL, else http://HOST:PORT (localhost when HOST is a wildcard). No trailing slash. */
  publicUrl: string;
  /**
   * The origins that are this site: PUBLIC_URL's alone when it is set; without it, publicUrl's and every
   * loopback name of PORT (localhost, 127.0.0.1, [::1]), since a local start is reached by any of them.
   */
  ownOrigins: string[];
  /** PAYMENT_EXPIRY in seconds. */
  paymentExpirySeconds: number;
  /** VOTE_REVIEW_INTERVAL and VOTE_REVIEW_WINDOW in seconds. */
  voteReviewIntervalSeconds: number;
  voteReviewWindowSeconds: number;
  /** Staff's address for support messages: SUPPORT_EMAIL, or DEFAULT_SUPPORT_EMAIL in the development outbox. */
  supportEmail: string;
  scaled: boolean;
  /** TEST MODE checkout offered (PAYMENTS_TEST_MODE; default: in one process while no provider has keys; never beside live keys). */
  paymentsTestMode: boolean;
  /** Stripe Checkout, when STRIPE_SECRET_KEY is set. */
  stripe: StripeConfig | null;
  paypal: PaypalConfig | null;
  runsHttp: boolean;
  runsWorkers: boolean;
  /** Api processes this start runs (WEB_CONCURRENCY or its default); 1: one process, no cluster. */
  webConcurrency: number;
  /** In a cluster worker (main.ts sets it): its number, 1 being the one that runs the jobs; else null. */
  clusterWorker: number | null;
}

/** The default of WEB_CONCURRENCY without Redis: every core this process may use, at most this many. */
export const MAX_DEFAULT_WEB_CONCURRENCY = 8;

/** Hosts a server listening on every interface is reached by on this machine. */
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** The address a start without PUBLIC_URL calls itself: where it listens, by a name a browser can open. */
export function localUrl(host: string, port: number): string {
  const name = WILDCARD_HOSTS.has(host) ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** Every loopback name of this port, as origins. */
export const loopbackOrigins = (port: number): string[] => ['localhost', '127.0.0.1', '[::1]'].map((h) => `http://${h}:${port}`);

/** DATABASE_URL with DATABASE_PASSWORD put in, percent-encoded (any character may be in it). */
function withPassword(url: string | undefined, password: string | undefined): string | undefined {
  if (!url || !password) return url;
  const u = new URL(url);
  u.password = encodeURIComponent(password);
  return u.href;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  // An empty variable means "not set": .env files and compose often carry empty placeholders.
  const cleaned = Object.fromEntries(Object.entries(env).filter((p): p is [string, string] => p[1] !== undefined && p[1] !== ''));
  // Secrets may be files (<NAME>_FILE): read before anything is checked.
  const files = readSecretFiles(cleaned, cwd);
  const parsed = envSchema.safeParse(files.env);
  if (!parsed.success || files.problems.length) {
    throw new ConfigError([...files.problems, ...(parsed.error?.issues ?? []).map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`)]);
  }
  const e = parsed.data;
  const problems: string[] = [];
  const scaled = Boolean(e.REDIS_URL);
  if (scaled && !e.DATABASE_URL) problems.push('DATABASE_URL: required when REDIS_URL is set (scaled mode shares one database)');
  if (scaled && !e.JWT_SECRET) problems.push('JWT_SECRET: required when REDIS_URL is set (every process must sign alike)');
  if (scaled && !e.VOTER_HASH_KEY) problems.push('VOTER_HASH_KEY: required when REDIS_URL is set (every process must hash voters alike)');
  if (e.DATABASE_PASSWORD && !e.DATABASE_URL) problems.push('DATABASE_PASSWORD: needs DATABASE_URL (it is the password of its user)');
  if (e.DATABASE_PASSWORD && e.DATABASE_URL && new URL(e.DATABASE_URL).password) {
    problems.push('DATABASE_PASSWORD: DATABASE_URL carries a password already; give it in one place');
  }
  if (e.WEB_CONCURRENCY && e.WEB_CONCURRENCY > 1 && scaled)
    problems.push('WEB_CONCURRENCY: scaled mode (REDIS_URL) runs one process per replica; add api replicas instead');
  if (e.APP_ROLE !== 'all' && !scaled) problems.push(`APP_ROLE: '${e.APP_ROLE}' needs REDIS_URL (separate processes talk through Redis)`);
  if ((e.SEED_ADMIN_EMAIL && !e.SEED_ADMIN_PASSWORD) || (!e.SEED_ADMIN_EMAIL && e.SEED_ADMIN_PASSWORD)) {
    problems.push('SEED_ADMIN_EMAIL and SEED_ADMIN_PASSWORD: set both or neither');
  }
  if (e.STRIPE_WEBHOOK_SECRET && !e.STRIPE_SECRET_KEY) problems.push('STRIPE_WEBHOOK_SECRET: needs STRIPE_SECRET_KEY (Stripe is offered only with its key)');
  if (e.STRIPE_SECRET_KEY?.includes('_live_') && !e.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET: required with a live STRIPE_SECRET_KEY (refunds, disputes and unreturned buyers arrive only by webhook)');
  }
  if (Boolean(e.PAYPAL_CLIENT_ID) !== Boolean(e.PAYPAL_CLIENT_SECRET)) problems.push('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET: set both or neither');
  if (e.PAYPAL_ENV === 'live' && !e.PAYPAL_WEBHOOK_ID) {
    problems.push("PAYPAL_WEBHOOK_ID: required when PAYPAL_ENV is 'live' (PayPal's events are verified against it)");
  }
  // TEST MODE beside live keys would let anyone take the TEST MODE path to real, counted votes.
  const liveKeys = Boolean(e.STRIPE_SECRET_KEY?.includes('_live_')) || (Boolean(e.PAYPAL_CLIENT_ID) && e.PAYPAL_ENV === 'live');
  const testModeAsked = e.PAYMENTS_TEST_MODE === undefined ? undefined : ['true', '1', 'yes'].includes(e.PAYMENTS_TEST_MODE);
  if (testModeAsked && liveKeys) problems.push('PAYMENTS_TEST_MODE: must be off beside live payment keys (anyone could pay in TEST MODE)');
  // With real e-mail, support messages must reach a mailbox someone reads, not a made-up address.
  if (e.SMTP_URL && !e.SUPPORT_EMAIL) problems.push('SUPPORT_EMAIL: required when SMTP_URL is set (the contact form mails staff there)');
  if (problems.length) throw new ConfigError(problems);

  const {
    STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE,
    PAYPAL_CLIENT_ID,
    PAYPAL_CLIENT_SECRET,
    PAYPAL_WEBHOOK_ID,
    PAYPAL_ENV,
    PAYPAL_API_BASE,
    ...rest
  } = e;
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? localUrl(e.HOST, e.PORT)).replace(/\/+$/, '');
  const { DATABASE_PASSWORD, ...settings } = rest;
  return {
    ...settings,
    DATABASE_URL: withPassword(e.DATABASE_URL, DATABASE_PASSWORD),
    dataDir,
    uploadDir: path.join(dataDir, 'uploads'),
    backupDir: e.BACKUP_DIR ? path.resolve(cwd, e.BACKUP_DIR) : path.join(dataDir, 'backups'),
    backupEverySeconds: e.BACKUP_EVERY ? durationSeconds(e.BACKUP_EVERY) : null,
    mailDir: path.join(dataDir, 'mail'),
    clientDir: path.resolve(cwd, 'dist/client'),
    ssrDir: path.resolve(cwd, 'dist/ssr'),
    publicUrl,
    ownOrigins: e.PUBLIC_URL ? [new URL(publicUrl).origin] : [...new Set([new URL(publicUrl).origin, ...loopbackOrigins(e.PORT)])],
    paymentExpirySeconds: durationSeconds(e.PAYMENT_EXPIRY),
    voteReviewIntervalSeconds: durationSeconds(e.VOTE_REVIEW_INTERVAL),
    voteReviewWindowSeconds: durationSeconds(e.VOTE_REVIEW_WINDOW),
    supportEmail: e.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL,
    scaled,
    // By default TEST MODE stands in only in one process and only while no provider has keys.
    paymentsTestMode: testModeAsked ?? (!scaled && !STRIPE_SECRET_KEY && !(PAYPAL_CLIENT_ID && PAYPAL_CLIENT_SECRET)),
    stripe: STRIPE_SECRET_KEY
      ? {
          secretKey: STRIPE_SECRET_KEY,
          webhookSecret: STRIPE_WEBHOOK_SECRET ?? null,
          apiBase: (STRIPE_API_BASE ?? 'https://api.stripe.com').replace(/\/+$/, ''),
        }
      : null,
    paypal:
      PAYPAL_CLIENT_ID && PAYPAL_CLIENT_SECRET
        ? {
            clientId: PAYPAL_CLIENT_ID,
            clientSecret: PAYPAL_CLIENT_SECRET,
            webhookId: PAYPAL_WEBHOOK_ID ?? null,
            apiBase: (PAYPAL_API_BASE ?? PAYPAL_API_BASES[PAYPAL_ENV]).replace(/\/+$/, ''),
            env: PAYPAL_ENV,
          }
        : null,
    runsHttp: e.APP_ROLE !== 'worker',
    runsWorkers: e.APP_ROLE !== 'api',
    webConcurrency: e.WEB_CONCURRENCY ?? (scaled ? 1 : Math.min(availableParallelism(), MAX_DEFAULT_WEB_CONCURRENCY)),
    clusterWorker: null,
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
