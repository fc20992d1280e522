// The site's own answers: its settings for the pages (GET /site) and its health checks.
import { z } from 'zod';
import { named, timestamp } from '../common/answers.js';
import { voteOfferSchema } from '../payments/answers.js';
import { PAYMENT_METHODS } from '../payments/constants.js';
import { OIDC_PROVIDERS } from '../auth/constants.js';
import { VOTE_IDENTITIES } from '../votes/constants.js';

export const siteConfigSchema = named(
  'SiteConfig',
  z.object({
    product_name: z.string(),
    promo_video_url: z.string(),
    promo_poster_url: z.string(),
    hero_image_url: z.string(),
    dashboard_video_urls: z.array(z.string()),
    /** The site's vote offer: what a contest without its own sells (a contestant's profile names its contest's). */
    vote_offer: voteOfferSchema,
    /** Payment methods a buyer may choose (methodsFor narrows them to an offer's currency); empty when paid votes are off. */
    payment_methods: z.array(z.enum(PAYMENT_METHODS)),
    /** True when the checkout is this site's TEST MODE page (no money moves). */
    payments_test_mode: z.boolean(),
    /** Who paid votes' donations go to (donationNotice in contract/payments/messages.ts words it). */
    charity_name: z.string(),
    charity_beneficiary: z.string(),
    /** Percent of each purchase that goes to the charity. */
    charity_share: z.int().min(0).max(100),
    /** The charity's own site (https), or null. */
    charity_url: z.string().nullable(),
    /** The organizer's logo (its address changes with its content), or null for the product's wordmark. */
    logo_url: z.string().nullable(),
    /** The site's two colours, `#rrggbb`: the palette is made from them (contract/site/theme.ts). */
    accent_color: z.string(),
    background_color: z.string(),
    /** The categories registration offers now: the current contest's own list, or the site's. */
    categories: z.array(z.string()),
    /** The providers "Continue with …" offers (those the site has keys for). */
    sign_in_providers: z.array(z.enum(OIDC_PROVIDERS)),
    /** Who a free vote is limited by (VOTE_IDENTITY): with `account` a free vote needs a signed-in account. */
    vote_identity: z.enum(VOTE_IDENTITIES),
  }),
);
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** GET and PUT /admin/site, and the logo's upload and removal: the settings the admin "Site" page edits. */
export const adminSiteSettingsSchema = named(
  'AdminSiteSettings',
  z.object({
    site_name: z.string(),
    logo_url: z.string().nullable(),
    accent_color: z.string(),
    background_color: z.string(),
    charity_name: z.string(),
    charity_beneficiary: z.string(),
    charity_share: z.int().min(0).max(100),
    charity_url: z.string().nullable(),
    mail_sender_name: z.string(),
    /** The address every e-mail is sent from (MAIL_FROM's): only its display name is the site's. */
    mail_from_address: z.string(),
    updated_at: timestamp,
  }),
);
export type AdminSiteSettings = z.infer<typeof adminSiteSettingsSchema>;

export const healthSchema = named('Health', z.object({ status: z.literal('ok'), database: z.literal('ok'), redis: z.enum(['ok', 'not configured']) }));
export type Health = z.output<typeof healthSchema>;

export const readinessSchema = named(
  'Readiness',
  z.object({ status: z.literal('ok'), database: z.literal('ok'), redis: z.enum(['ok', 'not configured']), migrations: z.literal('ok') }),
);
export type Readiness = z.output<typeof readinessSchema>;

export const livenessSchema = named('Liveness', z.object({ status: z.literal('ok') }));
export type Liveness = z.output<typeof livenessSchema>;

/** GET and PUT /admin/site/embed-origins: the origins that may frame the embed pages. */
export const embedOriginsSchema = named(
  'EmbedOrigins',
  z.object({
    origins: z.array(z.string()),
    /** True while no one has saved a list: the environment's EMBED_ORIGINS stand. */
    from_environment: z.boolean(),
  }),
);
export type EmbedOrigins = z.infer<typeof embedOriginsSchema>;
