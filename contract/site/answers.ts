// The site's own answers: its settings for the pages (GET /site) and its health checks.
import { z } from 'zod';
import { named } from '../common/answers.js';
import { PAYMENT_METHODS } from '../payments/constants.js';

export const siteConfigSchema = named(
  'SiteConfig',
  z.object({
    product_name: z.string(),
    promo_video_url: z.string(),
    promo_poster_url: z.string(),
    hero_image_url: z.string(),
    dashboard_video_urls: z.array(z.string()),
    /** Payment methods a buyer may choose; empty when paid votes are off. */
    payment_methods: z.array(z.enum(PAYMENT_METHODS)),
    /** True when the checkout is this site's TEST MODE page (no money moves). */
    payments_test_mode: z.boolean(),
    /** Who paid votes' donations go to (donationNotice in contract/payments/messages.ts words it). */
    charity_name: z.string(),
    charity_beneficiary: z.string(),
    /** The categories registration offers now: the current contest's own list, or the site's. */
    categories: z.array(z.string()),
  }),
);
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const healthSchema = named('Health', z.object({ status: z.literal('ok'), database: z.literal('ok'), redis: z.enum(['ok', 'not configured']) }));
export type Health = z.output<typeof healthSchema>;

export const readinessSchema = named(
  'Readiness',
  z.object({ status: z.literal('ok'), database: z.literal('ok'), redis: z.enum(['ok', 'not configured']), migrations: z.literal('ok') }),
);
export type Readiness = z.output<typeof readinessSchema>;

export const livenessSchema = named('Liveness', z.object({ status: z.literal('ok') }));
export type Liveness = z.output<typeof livenessSchema>;
