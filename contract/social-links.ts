// Social links: one rule and one normaliser for the social-links page and
// registration. A link is stored as https, without a trailing slash, or null when the field is empty.
import { z } from 'zod';
import { normalizeSocialLink, type SocialPlatformKey } from './social-link-rules.js';
export type { SocialLinks } from './api-types.js';

export const SOCIAL_LINK_MESSAGES = {
  instagramInvalid: 'Must be a valid Instagram URL',
  tiktokInvalid: 'Must be a valid TikTok URL',
  loadFailed: 'Failed to load social links',
  updated: 'Social links updated successfully!',
  updateFailed: 'Failed to update social links',
} as const;

/** Longest stored link (the columns are varchar(200)). */
export const SOCIAL_LINK_MAX = 200;

export { normalizeSocialLink, type SocialPlatformKey } from './social-link-rules.js';

/** An optional, nullable link: empty or blank means none (null); anything else must be a profile address. */
export const socialLinkField = (platform: SocialPlatformKey) => {
  const message = platform === 'instagram' ? SOCIAL_LINK_MESSAGES.instagramInvalid : SOCIAL_LINK_MESSAGES.tiktokInvalid;
  return z
    .string({ error: message })
    .trim()
    .max(SOCIAL_LINK_MAX, { error: message })
    .nullable()
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const link = normalizeSocialLink(platform, value);
      if (link === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return link;
    });
};

/** PUT /users/social-links: both fields optional; a missing or empty one clears the link. */
export const socialLinksSchema = z.object({
  instagram: socialLinkField('instagram'),
  tiktok: socialLinkField('tiktok'),
});
export type SocialLinksInput = z.input<typeof socialLinksSchema>;
