// Environment, validated once at start: a bad variable stops the process with one line per problem.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { embedOrigin } from '#contract/embeds/constants.js';
import { STAFF_TWO_FACTOR_MODES } from '#contract/twofactor/constants.js';
import { VOTE_IDENTITIES } from '#contract/votes/constants.js';
import { durationSeconds } from '#server/common/auth/duration.js';
import { readSecretFiles } from './secret-files.js';
import { setting } from './setting.js';

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

export const envSchema = z.object({
  // --- Server ---
  PORT: setting(z.coerce.number().int().min(0).max(65535).default(3000), {
    section: 'server',
    doc: 'Port for HTTP and Socket.IO. docker compose publishes its nginx on this port of the host instead (8080 when unset; an address may come first, `127.0.0.1:8080`).',
  }),
  HOST: setting(z.string().min(1).default('127.0.0.1'), {
    section: 'server',
    doc: 'Interface HTTP and Socket.IO listen on (`0.0.0.0` in containers).',
  }),
  PUBLIC_URL: setting(optionalUrl(/^https?:$/, 'must be an http(s) URL'), {
    section: 'server',
    shown: '`http://$HOST:$PORT` (`localhost` when `HOST` is `0.0.0.0`)',
    doc: "The address the site calls itself: printed at start, links in e-mails, `og:url`, payment return addresses. Unset, every loopback name of `PORT` (`localhost`, `127.0.0.1`, `[::1]`) also counts as the site's own for return addresses; set, only its origin and `CORS_ORIGINS` do.",
  }),
  APP_ROLE: setting(z.enum(['all', 'api', 'worker']).default('all'), {
    section: 'server',
    doc: '`all`: API and jobs in one process; `api`: HTTP and Socket.IO only; `worker`: jobs only. `api` and `worker` need `REDIS_URL`.',
  }),
  WEB_CONCURRENCY: setting(z.coerce.number().int().min(1).max(64).optional(), {
    section: 'server',
    shown: 'the cores, at most 8 (1 with `REDIS_URL`)',
    doc: "Api processes `npm start` runs on one port (Node's cluster, the jobs in the first, one embedded database; decision 043); `1`: one process. Scaled mode allows only 1: add api replicas instead.",
  }),
  LIVE_AUDIENCE: setting(z.coerce.number().int().min(0).max(10_000_000).default(5000), {
    section: 'server',
    doc: "The most live watchers expected at once: the start warns in one line when the open-files limit cannot hold each process's share (see [Open files](operations.md#open-files-every-watching-socket-is-one)).",
  }),
  PRODUCT_NAME: setting(z.string().trim().min(1).max(60).default('ScreamStage'), {
    section: 'server',
    doc: "The site's first name (pages, e-mails, share cards, the 2FA issuer), written into the database at the first start; from then on the admin area's **Site** page sets it. Start-up logs and backup archives keep this value.",
  }),
  DATA_DIR: setting(z.string().min(1).default('./data'), {
    section: 'server',
    doc: 'Where the embedded database, uploads, the mail outbox and the generated secrets live.',
  }),
  SERVE_CLIENT: setting(bool(true), {
    section: 'server',
    example: 'true',
    shown: '`true`',
    doc: 'Serve the built client (`dist/client`) for page paths; `false` when a CDN or another web server serves it.',
  }),
  SERVER_RENDER: setting(bool(true), {
    section: 'server',
    example: 'true',
    shown: '`true`',
    doc: 'Draw the public pages on the server (`dist/ssr`, decision 020) so they paint before any script; `false`: the browser draws every page (the server still gives a page its head: link-preview tags, a 404).',
  }),
  CORS_ORIGINS: setting(
    z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine((list) => list.every((o) => URL.canParse(o)), 'must be a comma-separated list of origins'),
    { section: 'server', shown: '— (same origin only)', doc: 'Browser origins allowed to call the API cross-site, comma-separated.' },
  ),
  EMBED_ORIGINS: setting(
    z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine(
        (list) => list.every((o) => embedOrigin(o) !== null),
        'must be a comma-separated list of origins (https://host[:port], or http:// for localhost; no path, no wildcard)',
      )
      .transform((list) => [...new Set(list.map((o) => embedOrigin(o)!))]),
    {
      section: 'server',
      shown: '— (none)',
      doc: "Sites that may frame the embed pages (`/embed/…`: a group's live leaderboard, a contestant's vote card), comma-separated origins. The first list only: once an organizer saves the list in the admin area (Site → Embeds), the database's stands. Every other page refuses to be framed.",
    },
  ),
  TRUST_PROXY: setting(trustProxy, {
    section: 'server',
    shown: '— (nobody)',
    doc: 'Proxies whose `X-Forwarded-For` is believed: addresses or CIDR ranges (`172.16.0.0/12`, `loopback`), or a hop count (`1`); `true` is refused at start (any client could choose its address).',
  }),

  // --- Database ---
  DATABASE_URL: setting(optionalUrl(/^postgres(ql)?:$/, 'must be a postgres:// URL'), {
    section: 'database',
    shown: '— (the embedded one)',
    doc: 'PostgreSQL to use. Unset: an embedded PostgreSQL runs from `DATA_DIR/postgres` on `EMBEDDED_PG_PORT` (loopback only).',
  }),
  DATABASE_PASSWORD: setting(z.string().min(1).optional(), {
    section: 'database',
    doc: "The password of `DATABASE_URL`'s user when the URL carries none (any characters: it is put into the URL encoded).",
  }),
  EMBEDDED_PG_PORT: setting(z.coerce.number().int().min(1024).max(65535).default(54329), {
    section: 'database',
    doc: 'Loopback port of the embedded PostgreSQL.',
  }),
  DB_POOL_SIZE: setting(z.coerce.number().int().min(1).max(200).default(10), {
    section: 'database',
    doc: 'PostgreSQL connections per process (1-200).',
  }),

  // --- Scaled mode ---
  REDIS_URL: setting(optionalUrl(/^rediss?:$/, 'must be a redis:// URL'), {
    section: 'scaled',
    doc: 'Scaled mode: BullMQ queues, Redis-backed limits and the Socket.IO Redis adapter; it then requires `DATABASE_URL`, `JWT_SECRET` and `VOTER_HASH_KEY`. One Redis primary, not a Redis Cluster, run with `appendonly yes` and `appendfsync always` (as the compose file does) so that no vote answered 201 is lost to a host crash (decision 039).',
  }),
  REDIS_PREFIX: setting(
    z
      .string()
      .regex(/^[A-Za-z0-9_:-]+$/, 'letters, digits, _ : - only')
      .default('screamstage'),
    { section: 'scaled', doc: 'Prefix of every Redis key this deployment writes.' },
  ),

  // --- Sign-in and limits ---
  JWT_SECRET: setting(z.string().min(32, 'must be at least 32 characters').optional(), {
    section: 'signIn',
    shown: 'generated into `DATA_DIR`',
    doc: 'HS256 key for access tokens (at least 32 characters); required in scaled mode. Unset in one process: generated once into `DATA_DIR/jwt-secret`.',
  }),
  ACCESS_TOKEN_TTL: setting(duration.default('1d'), {
    section: 'signIn',
    doc: 'Lifetime of a normal sign-in (`15m`, `12h`, `30d` …).',
  }),
  REMEMBER_ME_TOKEN_TTL: setting(duration.default('30d'), {
    section: 'signIn',
    doc: 'Lifetime of a sign-in with "Remember me".',
  }),
  LOGIN_MAX_FAILURES: setting(z.coerce.number().int().min(1).max(1000).default(5), {
    section: 'signIn',
    doc: 'Failed sign-ins per account from one client address (an address may fail 4 times as often over all accounts) in a window of `LOGIN_LOCK_MINUTES` before 429 (see [Limits](#limits)).',
  }),
  LOGIN_LOCK_MINUTES: setting(z.coerce.number().int().min(1).max(1440).default(15), {
    section: 'signIn',
    doc: 'How long that window lasts.',
  }),
  LOGIN_DELAY_STEP_MS: setting(z.coerce.number().int().min(0).max(10_000).default(250), {
    section: 'signIn',
    doc: 'An account is never locked, only slowed: each attempt waits this long per recent failure of that account …',
  }),
  LOGIN_DELAY_MAX_MS: setting(z.coerce.number().int().min(0).max(30_000).default(3000), {
    section: 'signIn',
    doc: '… and at most this long.',
  }),
  STAFF_2FA: setting(z.enum(STAFF_TWO_FACTOR_MODES).default('optional'), {
    section: 'signIn',
    doc: "Two-factor sign-in (an authenticator app's codes after the password) for staff: `optional`, each staff account may turn it on in the admin area; `required`, an owner without it is refused every staff call but its setup (see [Two-factor sign-in](operations.md#two-factor-sign-in)).",
  }),
  OIDC_GOOGLE_CLIENT_ID: setting(z.string().trim().min(1).optional(), {
    section: 'signIn',
    doc: 'Google\'s OAuth client id; with it and `OIDC_GOOGLE_CLIENT_SECRET` set, "Continue with Google" is offered (OpenID Connect, redirect address `{PUBLIC_URL}/api/v1/auth/oidc/google/callback`). Set both or neither.',
  }),
  OIDC_GOOGLE_CLIENT_SECRET: setting(z.string().trim().min(1).optional(), {
    section: 'signIn',
    doc: "Google's OAuth client secret.",
  }),
  OIDC_GOOGLE_ISSUER: setting(optionalUrl(/^https?:$/, 'must be an http(s) URL'), {
    section: 'signIn',
    shown: '`https://accounts.google.com`',
    doc: 'The issuer whose discovery document (`/.well-known/openid-configuration`) describes Google; changed only for a stand-in in tests.',
  }),
  OIDC_APPLE_CLIENT_ID: setting(z.string().trim().min(1).optional(), {
    section: 'signIn',
    doc: 'The Services ID of "Sign in with Apple"; with it and `OIDC_APPLE_CLIENT_SECRET`, "Continue with Apple" is offered (redirect address `{PUBLIC_URL}/api/v1/auth/oidc/apple/callback`).',
  }),
  OIDC_APPLE_CLIENT_SECRET: setting(z.string().trim().min(1).optional(), {
    section: 'signIn',
    doc: "Apple's client secret (the signed JWT Apple asks for, renewed before it expires).",
  }),
  OIDC_APPLE_ISSUER: setting(optionalUrl(/^https?:$/, 'must be an http(s) URL'), {
    section: 'signIn',
    shown: '`https://appleid.apple.com`',
    doc: "Apple's issuer (discovery); changed only for a stand-in in tests.",
  }),
  OIDC_FACEBOOK_CLIENT_ID: setting(z.string().trim().min(1).optional(), {
    section: 'signIn',
    doc: 'The Facebook app id; with it and `OIDC_FACEBOOK_CLIENT_SECRET`, "Continue with Facebook" is offered through Facebook\'s OpenID Connect (redirect address `{PUBLIC_URL}/api/v1/auth/oidc/facebook/callback`).',
  }),
  OIDC_FACEBOOK_CLIENT_SECRET: setting(z.string().trim().min(1).optional(), {
    section: 'signIn',
    doc: "The Facebook app's secret.",
  }),
  OIDC_FACEBOOK_ISSUER: setting(optionalUrl(/^https?:$/, 'must be an http(s) URL'), {
    section: 'signIn',
    shown: '`https://www.facebook.com`',
    doc: "Facebook's issuer (discovery); changed only for a stand-in in tests.",
  }),
  REGISTRATIONS_PER_HOUR: setting(z.coerce.number().int().min(1).max(100_000).default(5), {
    section: 'signIn',
    doc: 'Accounts registered per client address per hour.',
  }),
  OIDC_STARTS_PER_HOUR: setting(z.coerce.number().int().min(1).max(100_000).default(60), {
    section: 'signIn',
    doc: 'Sign-ins and links with a provider started per client address per hour (refused ones count too).',
  }),
  ACCOUNT_MAILS_PER_HOUR: setting(z.coerce.number().int().min(1).max(1000).default(5), {
    section: 'signIn',
    doc: 'Verification and reset e-mails per mailbox (`+tags` folded) per hour.',
  }),
  ACCOUNT_DELETION_GRACE: setting(
    duration
      .refine((v) => !/^\d+[smhd]$/.test(v) || (durationSeconds(v) >= 1 && durationSeconds(v) <= 90 * 86_400), 'must be between 1s and 90d')
      .default('14d'),
    {
      section: 'signIn',
      doc: 'How long an account whose owner asked to delete it waits before it is erased (1s–90d); signing in meanwhile offers to cancel.',
    },
  ),
  ACCOUNT_ERASURE_SWEEP_EVERY: setting(
    duration.refine((v) => !/^\d+[smhd]$/.test(v) || (durationSeconds(v) >= 1 && durationSeconds(v) <= 86_400), 'must be between 1s and 1d').default('1h'),
    {
      section: 'signIn',
      doc: 'How often a process that runs jobs looks for accounts whose deletion is due but not done (a lost job) and queues their erasure (1s–1d).',
    },
  ),
  MY_DATA_DOWNLOADS_PER_HOUR: setting(z.coerce.number().int().min(1).max(100).default(3), {
    section: 'signIn',
    doc: "Downloads of an account's own data per account per hour.",
  }),

  // --- Free votes and vote review ---
  VOTER_HASH_KEY: setting(z.string().min(32, 'must be at least 32 characters').optional(), {
    section: 'votes',
    shown: 'generated into `DATA_DIR`',
    doc: "Key of the keyed hash (HMAC-SHA256) under which voters' addresses are kept; addresses are never stored raw. At least 32 characters; required in scaled mode (every process must hash alike). Unset in one process: generated once into `DATA_DIR/voter-hash-key`. Changing it lets every address vote again once.",
  }),
  VOTE_IPV6_PREFIX: setting(z.coerce.number().int().min(16).max(128).default(64), {
    section: 'votes',
    doc: "The free-vote limit counts a client's network, not its full address: an IPv6 address by its first this many bits (a phone or household holds a whole /64) …",
  }),
  VOTE_IPV4_PREFIX: setting(z.coerce.number().int().min(8).max(32).default(32), {
    section: 'votes',
    doc: '… and an IPv4 address by its first this many bits (32: the address itself).',
  }),
  VOTE_IDENTITY: setting(z.enum(VOTE_IDENTITIES).default('network'), {
    section: 'votes',
    doc: "Who a free vote is limited by: `network`, the client's network (and the account too when signed in); `account`, a signed-in account (one vote per account per contestant per day), the network's limit still applying; `either`, the account when signed in, else the network (decision 059).",
  }),
  VOTE_REVIEW_INTERVAL: setting(
    duration.refine((v) => !/^\d+[smhd]$/.test(v) || (durationSeconds(v) >= 1 && durationSeconds(v) <= 3600), 'must be between 1s and 1h').default('1m'),
    { section: 'votes', doc: "How often each running contest's recent free votes are scored for [vote review](#vote-review) (1s–1h)." },
  ),
  VOTE_REVIEW_WINDOW: setting(
    duration.refine((v) => !/^\d+[smhd]$/.test(v) || (durationSeconds(v) >= 60 && durationSeconds(v) <= 86_400), 'must be between 1m and 24h').default('1h'),
    { section: 'votes', doc: 'Over which window they are scored (1m–24h).' },
  ),
  VOTE_FLAG_MIN_VOTES: setting(z.coerce.number().int().min(2).max(1_000_000).default(50), {
    section: 'votes',
    doc: 'The fewest votes in the window worth scoring (decision 026).',
  }),
  VOTE_FLAG_BLOCK_SHARE: setting(z.coerce.number().gt(0).max(1).default(0.5), {
    section: 'votes',
    doc: 'Flags an entry when one block of addresses casts this share of its votes.',
  }),
  VOTE_FLAG_RATE_FACTOR: setting(z.coerce.number().min(1).max(1000).default(5), {
    section: 'votes',
    doc: 'Flags an entry whose votes come this many times faster than its own usual rate.',
  }),
  VOTE_FLAG_NEW_VOTER_SHARE: setting(z.coerce.number().gt(0).max(1).default(0.8), {
    section: 'votes',
    doc: 'Flags an entry when this share of its voters are new and voted for no one else.',
  }),
  VOTE_FLAG_REGULAR_CV: setting(z.coerce.number().min(0).max(1).default(0.1), {
    section: 'votes',
    doc: 'Flags an entry whose gaps between votes vary less than this (coefficient of variation): a machine, not people.',
  }),
  VOTE_CHALLENGE: setting(z.enum(['off', 'flagged', 'always']).default('off'), {
    section: 'votes',
    doc: "A proof-of-work (ALTCHA, solved by the voter's browser) on free votes: `off`, `flagged` (only for entries the review flags now) or `always`; a contest may set its own (decision 029).",
  }),
  VOTE_CHALLENGE_MAX_NUMBER: setting(z.coerce.number().int().min(100).max(10_000_000).default(50_000), {
    section: 'votes',
    doc: 'The most hashes a challenge asks for (a browser needs about 0.2–1 s for the default).',
  }),

  // --- E-mail ---
  SMTP_URL: setting(optionalUrl(/^smtps?:$/, 'must be an smtp:// or smtps:// URL'), {
    section: 'mail',
    shown: '— (the outbox)',
    doc: 'SMTP server (`smtp://` or `smtps://user:pass@host:port`). Unset: messages are written to `DATA_DIR/mail/*.eml` and their links logged.',
  }),
  MAIL_FROM: setting(z.string().min(3).default('ScreamStage <no-reply@screamstage.local>'), {
    section: 'mail',
    doc: "Sender of every e-mail: its address stays this one's; its display name is the site's first sender name, and from then on the admin area's **Site** page sets it (`From: \"<name>\" <address>`).",
  }),
  SUPPORT_EMAIL: setting(z.email('must be an e-mail address').optional(), {
    section: 'mail',
    shown: '`support@screamstage.local` in the outbox',
    doc: "Where the contact form's messages go (Reply-To: the sender); required with `SMTP_URL`, so the default only ever lands in the outbox.",
  }),

  // --- Contests and live standings ---
  GROUP_CAPACITY_DEFAULT: setting(z.coerce.number().int().min(1).max(1000).default(100), {
    section: 'contests',
    doc: 'Group capacity when a contest sets no group size (one number for every screen and for joining).',
  }),
  LIVE_TICK_MS: setting(z.coerce.number().int().min(20).max(2000).default(100), {
    section: 'contests',
    doc: "Live standings: the shortest tick (ms). A group's watchers get at most one tally per tick, so a counted vote shows within about a tick whatever the vote rate; each process lengthens a group's tick (up to 10×, at most 1 s) while its audience or its load is high (decision 042).",
  }),
  CONTEST_WATCH_SECONDS: setting(z.coerce.number().int().min(1).max(3600).default(300), {
    section: 'contests',
    doc: 'How often running contests are looked at for contestants who dropped below the cut, and for daily digests due.',
  }),
  DIGEST_HOUR: setting(z.coerce.number().int().min(0).max(23).default(8), {
    section: 'contests',
    doc: "The contest's local hour (0-23, in its time zone) from which its daily digest e-mails go out.",
  }),
  DASHBOARD_VIDEO_URLS: setting(
    z
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
          list.every(
            (a) => /^\/[^/]/.test(a) || /^https:\/\/(www\.|m\.)?(youtube\.com|youtu\.be|youtube-nocookie\.com|vimeo\.com|player\.vimeo\.com)\//.test(a),
          ),
        'each must be a site path (/media/...) or a YouTube or Vimeo https address',
      ),
    {
      section: 'contests',
      shown: 'the promo video, 3 times',
      doc: "The contestant dashboard's three videos, comma-separated: site paths or YouTube / Vimeo https addresses (the CSP allows their embed players only).",
    },
  ),

  // --- Payments ---
  PAYMENTS_TEST_MODE: setting(z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(), {
    section: 'payments',
    shown: '`true` in one process while no provider has keys, else `false`',
    doc: 'Offer the TEST MODE checkout (no money moves) for a method whose provider is not configured; with it off such a method is not offered (503). Refused beside live keys (`sk_live_…`, `PAYPAL_ENV=live`).',
  }),
  CHARITY_NAME: setting(z.string().trim().min(1).max(120).default('our partner charity'), {
    section: 'payments',
    doc: "The charity paid votes' donations go to (vote page, buy dialog, receipts): the first value, written into the database at the first start; from then on the admin area's **Site** page sets it.",
  }),
  CHARITY_BENEFICIARY: setting(z.string().trim().min(1).max(120).default("a children's toy-drive foundation"), {
    section: 'payments',
    doc: "The charity's beneficiary named beside it: the first value; from then on the admin area's **Site** page sets it.",
  }),
  PAYMENT_EXPIRY: setting(
    duration
      .refine((v) => !/^\d+[smhd]$/.test(v) || durationSeconds(v) >= 60, 'must be at least 1m')
      .refine((v) => !/^\d+[smhd]$/.test(v) || durationSeconds(v) <= 365 * 86_400, 'must be at most 365d')
      .default('24h'),
    {
      section: 'payments',
      doc: 'A checkout still unpaid this long turns `expired` (`1m` to `365d`; `90m`, `2d` …): a longer time would keep unpaid checkouts open for good. Money a provider confirms later is still credited.',
    },
  ),
  PAYMENT_CHECKOUTS_PER_HOUR: setting(z.coerce.number().int().min(1).max(100_000).default(20), {
    section: 'payments',
    doc: 'Checkouts started (buy-votes and the vote page together) per client address and per payer mailbox an hour (see [Limits](#limits)).',
  }),
  TEST_PAYMENTS_PER_HOUR: setting(z.coerce.number().int().min(1).max(100_000).default(5), {
    section: 'payments',
    doc: 'TEST MODE payments (each mails a receipt) per client address and per payer mailbox an hour.',
  }),
  STRIPE_SECRET_KEY: setting(
    z
      .string()
      .trim()
      .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
      .optional(),
    {
      section: 'payments',
      doc: 'Offer Stripe Checkout (`sk_test_…` or `sk_live_…`); never logged. Unset: TEST MODE stands in when `PAYMENTS_TEST_MODE` is on.',
    },
  ),
  STRIPE_WEBHOOK_SECRET: setting(
    z
      .string()
      .trim()
      .regex(/^whsec_\S+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
    {
      section: 'payments',
      doc: 'Signing secret (`whsec_…`) of the webhook `{PUBLIC_URL}/api/v1/webhooks/stripe` (see [Payments](#payments)); required with a live key, refused without a key.',
    },
  ),
  STRIPE_API_BASE: setting(optionalUrl(/^https?:$/, 'must be an http(s) URL'), {
    section: 'payments',
    shown: '`https://api.stripe.com`',
    doc: 'Where the Stripe SDK sends its calls (a stand-in in tests).',
  }),
  PAYPAL_CLIENT_ID: setting(z.string().trim().min(1).optional(), {
    section: 'payments',
    doc: "PayPal's REST app client id; with it and `PAYPAL_CLIENT_SECRET` set, PayPal (Orders v2) is offered for the `paypal` method instead of TEST MODE. Set both or neither.",
  }),
  PAYPAL_CLIENT_SECRET: setting(z.string().trim().min(1).optional(), {
    section: 'payments',
    doc: "PayPal's REST app secret.",
  }),
  PAYPAL_WEBHOOK_ID: setting(z.string().trim().min(1).optional(), {
    section: 'payments',
    doc: 'The id PayPal shows for the webhook registered at `{PUBLIC_URL}/api/v1/webhooks/paypal`; events are verified with PayPal against it (required when `PAYPAL_ENV=live`; without it every PayPal webhook answers 400).',
  }),
  PAYPAL_ENV: setting(z.enum(['sandbox', 'live']).default('sandbox'), {
    section: 'payments',
    doc: '`sandbox` or `live`: which PayPal the keys belong to.',
  }),
  PAYPAL_API_BASE: setting(optionalUrl(/^https?:$/, 'must be an http(s) URL'), {
    section: 'payments',
    shown: 'by `PAYPAL_ENV`: `https://api-m.sandbox.paypal.com` or `https://api-m.paypal.com`',
    doc: "Another address for PayPal's REST API (the tests' loopback stand-in).",
  }),

  // --- Operations ---
  LOG_LEVEL: setting(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'), {
    section: 'operations',
    doc: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.',
  }),
  LOG_FORMAT: setting(z.enum(['json', 'pretty']).optional(), {
    section: 'operations',
    shown: '`pretty` on a terminal, else `json`',
    doc: '`json`: one JSON object a line (for log collectors); `pretty`: lines a person reads (pino-pretty).',
  }),
  METRICS_TOKEN: setting(z.string().min(16, 'must be at least 16 characters').optional(), {
    section: 'operations',
    doc: '`GET /metrics` (Prometheus) answers clients on this machine, and others sending `Authorization: Bearer METRICS_TOKEN` (16+ characters).',
  }),
  METRICS_PORT: setting(z.coerce.number().int().min(1).max(65535).optional(), {
    section: 'operations',
    doc: 'A worker process (`APP_ROLE=worker`, no HTTP of its own) serves its `/metrics` on this port of `HOST` when set.',
  }),
  SHUTDOWN_DELAY_MS: setting(z.coerce.number().int().min(0).max(10_000).default(0), {
    section: 'operations',
    doc: 'On a graceful stop, `/api/v1/health/ready` answers 503 at once and the process keeps serving this long before it closes connections (time for a load balancer to notice); 0 in one process.',
  }),
  WORKER_HEARTBEAT_FILE: setting(z.string().trim().min(1).default('/tmp/screamstage-worker-heartbeat'), {
    section: 'operations',
    doc: 'A worker process (`APP_ROLE=worker`) touches this file every 10 s; its health check (`scripts/healthcheck.mjs`) reads its age.',
  }),
  BACKUP_DIR: setting(z.string().min(1).optional(), {
    section: 'operations',
    shown: '`DATA_DIR/backups`',
    doc: 'Where `npm run backup` and the scheduled backups write their archives (see [Backups](operations.md#backups)).',
  }),
  BACKUP_EVERY: setting(
    duration.refine((v) => !/^\d+[smhd]$/.test(v) || (durationSeconds(v) >= 10 && durationSeconds(v) <= 30 * 86_400), 'must be between 10s and 30d').optional(),
    {
      section: 'operations',
      shown: '— (off)',
      doc: 'Scheduled backups: one archive every `24h`, `6h`, `30m` … (10s to 30d), written by a process that runs jobs.',
    },
  ),
  BACKUP_KEEP: setting(z.coerce.number().int().min(1).max(9999).default(7), {
    section: 'operations',
    doc: 'Scheduled backups keep the newest this many archives in `BACKUP_DIR` and delete older ones.',
  }),
  WEBHOOKS_ALLOW_PRIVATE: setting(bool(false), {
    section: 'operations',
    example: 'false',
    shown: '`false`',
    doc: 'Outbound webhooks go only to `https` addresses that resolve to public internet addresses (checked when registered and again at each delivery); `true` also allows `http` and private, loopback and link-local addresses: for tests and a receiver on this machine, never in production (see [Webhooks](operations.md#webhooks)).',
  }),
  WEBHOOKS_ATTEMPTS: setting(z.coerce.number().int().min(1).max(20).default(8), {
    section: 'operations',
    doc: 'Attempts of one webhook delivery before it is marked failed (a 2xx answer ends it).',
  }),
  WEBHOOKS_BACKOFF_MS: setting(z.coerce.number().int().min(10).max(3_600_000).default(30_000), {
    section: 'operations',
    doc: "The wait before a webhook delivery's second attempt, in milliseconds; each later wait doubles, up to 6 hours.",
  }),
  WEBHOOK_LOG_RETENTION: setting(
    duration
      .refine((v) => !/^\d+[smhd]$/.test(v) || (durationSeconds(v) >= 60 && durationSeconds(v) <= 365 * 86_400), 'must be between 60s and 365d')
      .default('30d'),
    {
      section: 'operations',
      doc: "How long webhook deliveries, their bodies and their attempts are kept (60s–365d); older ones are deleted by a job every hour, or every tenth of this if shorter, so a delivery's log, and what its body says of people, does not outlive it.",
    },
  ),
  WEBHOOKS_TIMEOUT_MS: setting(z.coerce.number().int().min(100).max(60_000).default(10_000), {
    section: 'operations',
    doc: 'How long one webhook attempt waits for the answer (connection included) before it counts as failed.',
  }),

  // --- Seeding ---
  SEED_DEMO: setting(bool(true), {
    section: 'seeding',
    example: 'true',
    shown: '`true`',
    doc: 'Demo contestants, a demo admin (an owner), a demo organizer and a demo moderator on the first start with an empty database; beside the current horror contest, a second running contest (a Brazilian home-cooking festival, in Portuguese, with its own categories and vote packages in reais).',
  }),
  SEED_ADMIN_USERNAME: setting(z.string().default('admin'), {
    section: 'seeding',
    doc: 'First administrator, created or promoted at every start when `SEED_ADMIN_EMAIL` and `SEED_ADMIN_PASSWORD` are both set: its username …',
  }),
  SEED_ADMIN_EMAIL: setting(z.email().optional(), {
    section: 'seeding',
    doc: '… its e-mail address …',
  }),
  SEED_ADMIN_PASSWORD: setting(z.string().min(8, 'must be at least 8 characters').optional(), {
    section: 'seeding',
    doc: '… and its password (at least 8 characters).',
  }),
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
type OidcEnv = `OIDC_${'GOOGLE' | 'APPLE' | 'FACEBOOK'}_${'CLIENT_ID' | 'CLIENT_SECRET' | 'ISSUER'}`;

/** The sign-in providers and their real issuers (discovery at `<issuer>/.well-known/openid-configuration`). */
export const OIDC_ISSUERS = { google: 'https://accounts.google.com', apple: 'https://appleid.apple.com', facebook: 'https://www.facebook.com' } as const;
export type OidcProviderName = keyof typeof OIDC_ISSUERS;

/** One configured sign-in provider. */
export interface OidcProviderConfig {
  clientId: string;
  clientSecret: string;
  /** No trailing slash. */
  issuer: string;
}

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
export interface AppConfig extends Omit<Env, StripeEnv | PaypalEnv | OidcEnv | 'DATABASE_PASSWORD'> {
  /** The sign-in providers with their client id and secret set; a provider left out is not offered. */
  oidc: Partial<Record<OidcProviderName, OidcProviderConfig>>;
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
  /** ACCOUNT_DELETION_GRACE in seconds. */
  accountDeletionGraceSeconds: number;
  /** WEBHOOK_LOG_RETENTION in seconds. */
  webhookLogRetentionSeconds: number;
  /** ACCOUNT_ERASURE_SWEEP_EVERY in seconds. */
  accountErasureSweepSeconds: number;
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
  for (const p of ['GOOGLE', 'APPLE', 'FACEBOOK'] as const) {
    if (Boolean(e[`OIDC_${p}_CLIENT_ID`]) !== Boolean(e[`OIDC_${p}_CLIENT_SECRET`]))
      problems.push(`OIDC_${p}_CLIENT_ID and OIDC_${p}_CLIENT_SECRET: set both or neither`);
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
    OIDC_GOOGLE_CLIENT_ID,
    OIDC_GOOGLE_CLIENT_SECRET,
    OIDC_GOOGLE_ISSUER,
    OIDC_APPLE_CLIENT_ID,
    OIDC_APPLE_CLIENT_SECRET,
    OIDC_APPLE_ISSUER,
    OIDC_FACEBOOK_CLIENT_ID,
    OIDC_FACEBOOK_CLIENT_SECRET,
    OIDC_FACEBOOK_ISSUER,
    ...rest
  } = e;
  const oidcProvider = (
    name: OidcProviderName,
    clientId?: string,
    clientSecret?: string,
    issuer?: string,
  ): Partial<Record<OidcProviderName, OidcProviderConfig>> =>
    clientId && clientSecret ? { [name]: { clientId, clientSecret, issuer: (issuer ?? OIDC_ISSUERS[name]).replace(/\/+$/, '') } } : {};
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
    accountDeletionGraceSeconds: durationSeconds(e.ACCOUNT_DELETION_GRACE),
    webhookLogRetentionSeconds: durationSeconds(e.WEBHOOK_LOG_RETENTION),
    accountErasureSweepSeconds: durationSeconds(e.ACCOUNT_ERASURE_SWEEP_EVERY),
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
    oidc: {
      ...oidcProvider('google', OIDC_GOOGLE_CLIENT_ID, OIDC_GOOGLE_CLIENT_SECRET, OIDC_GOOGLE_ISSUER),
      ...oidcProvider('apple', OIDC_APPLE_CLIENT_ID, OIDC_APPLE_CLIENT_SECRET, OIDC_APPLE_ISSUER),
      ...oidcProvider('facebook', OIDC_FACEBOOK_CLIENT_ID, OIDC_FACEBOOK_CLIENT_SECRET, OIDC_FACEBOOK_ISSUER),
    },
    runsHttp: e.APP_ROLE !== 'worker',
    runsWorkers: e.APP_ROLE !== 'api',
    webConcurrency: e.WEB_CONCURRENCY ?? (scaled ? 1 : Math.min(availableParallelism(), MAX_DEFAULT_WEB_CONCURRENCY)),
    clusterWorker: null,
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
