// The admin "Site" page's change (PUT /admin/site): what an organizer edits of the site's settings.
// The categories, the currency and the donation price are other pages' and are not part of it.
import { z } from 'zod';
import { SITE_LIMITS } from './constants.js';
import { EMBED_ORIGIN_LIMITS, embedOrigin } from '../embeds/constants.js';
import { EMBED_MESSAGES, SITE_MESSAGES } from './messages.js';

const text = (max: number, required: string, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);
/** A colour as typed (any case), stored lower case. */
const color = z
  .string({ error: SITE_MESSAGES.colorInvalid })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, SITE_MESSAGES.colorInvalid)
  .transform((v) => v.toLowerCase());

export const siteSettingsUpdateSchema = z.object({
  site_name: text(SITE_LIMITS.siteName, SITE_MESSAGES.siteNameRequired, SITE_MESSAGES.siteNameTooLong),
  accent_color: color,
  background_color: color,
  charity_name: text(SITE_LIMITS.charityName, SITE_MESSAGES.charityNameRequired, SITE_MESSAGES.charityNameTooLong),
  charity_beneficiary: text(SITE_LIMITS.charityBeneficiary, SITE_MESSAGES.charityBeneficiaryRequired, SITE_MESSAGES.charityBeneficiaryTooLong),
  charity_share: z.int({ error: SITE_MESSAGES.charityShareInvalid }).min(0, SITE_MESSAGES.charityShareInvalid).max(100, SITE_MESSAGES.charityShareInvalid),
  // An empty field is no address; a given one is https only (it becomes a link on the vote pages).
  charity_url: z
    .string({ error: SITE_MESSAGES.charityUrlInvalid })
    .trim()
    .max(SITE_LIMITS.charityUrl, SITE_MESSAGES.charityUrlTooLong)
    .nullable()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isHttpsUrl(v), SITE_MESSAGES.charityUrlInvalid),
  // The From header's display name: quotes, angle brackets and line breaks would break the header.
  mail_sender_name: text(SITE_LIMITS.mailSenderName, SITE_MESSAGES.mailSenderNameRequired, SITE_MESSAGES.mailSenderNameTooLong).refine(
    (v) => !/["<>\r\n\\]/.test(v),
    SITE_MESSAGES.mailSenderNameInvalid,
  ),
});
export type SiteSettingsUpdate = z.output<typeof siteSettingsUpdateSchema>;
export type SiteSettingsUpdateIn = z.input<typeof siteSettingsUpdateSchema>;

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** POST /admin/site/logo: a multipart form with one file under SITE_LOGO.field and no text fields. */
export const siteLogoFieldsSchema = z.object({});

/**
 * PUT /admin/site/embed-origins: the sites that may frame the embed pages, each an origin
 * (scheme://host[:port], no path, no wildcard), stored as browsers write it, without repeats.
 */
export const embedOriginsUpdateSchema = z.object({
  origins: z
    .array(
      z
        .string({ error: EMBED_MESSAGES.originInvalid })
        .refine((v) => embedOrigin(v) !== null, EMBED_MESSAGES.originInvalid)
        .transform((v) => embedOrigin(v)!),
      { error: EMBED_MESSAGES.originInvalid },
    )
    .max(EMBED_ORIGIN_LIMITS.count, EMBED_MESSAGES.tooManyOrigins)
    .transform((list) => [...new Set(list)]),
});
export type EmbedOriginsUpdate = z.output<typeof embedOriginsUpdateSchema>;
