// What a contestant sends about their profile, checked by the forms and the server alike: the basics
// (GET/PUT /contestants/profile/basics), the photos, and the social links (stored as https, without a
// trailing slash, or null when the field is empty).
import { z } from 'zod';
import { CATEGORIES, type Category, KEPT_PICTURES_FIELD, PICTURES, PROFILE_ANSWER_MAX, SOCIAL_LINK_MAX } from './constants.js';
import { PHOTO_MESSAGES, PROFILE_BASICS_MESSAGES, SOCIAL_LINK_MESSAGES } from './messages.js';
import { SHARE_CARD_PREVIEW_WIDTHS, type ShareCardPreviewWidth } from './picture-variants.js';
import { normalizeSocialLink, type SocialPlatformKey } from './social-link-rules.js';

const M = PROFILE_BASICS_MESSAGES;

/** Blank (or only spaces) is missing; the limit counts the answer as it is kept, without outer spaces. */
const answer = z.string({ error: M.answerRequired }).trim().min(1, { error: M.answerRequired }).max(PROFILE_ANSWER_MAX, { error: M.answerTooLong });

const isCategory = (v: string): v is Category => (CATEGORIES as readonly string[]).includes(v);

const category = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? M.categoryRequired : M.categoryInvalid) })
  .min(1, { error: M.categoryRequired })
  .refine(isCategory, { error: M.categoryInvalid })
  .transform((v) => v as Category);

export const profileBasicsSchema = z.object({
  category,
  horror_passion: answer,
  character_qualities: answer,
  dreams_and_goals: answer,
  ideal_horror_role: answer,
});

/** What the form holds (strings, '' for nothing chosen) and what PUT sends and answers once valid. */
export type ProfileBasicsInput = z.input<typeof profileBasicsSchema>;
export type ProfileBasics = z.output<typeof profileBasicsSchema>;

/**
 * PUT /contestants/my-profile: the profile as the page holds it, of which only the kept
 * pictures_urls are saved here (the basics and social links have their own calls); other fields are ignored.
 */
export const myProfileUpdateSchema = z.object({
  pictures_urls: z
    .array(z.string({ error: PHOTO_MESSAGES.notYours }).max(500, { error: PHOTO_MESSAGES.notYours }), { error: PHOTO_MESSAGES.keepOne })
    .min(1, { error: PHOTO_MESSAGES.keepOne })
    .max(PICTURES.max, { error: PHOTO_MESSAGES.tooMany })
    .refine((urls) => new Set(urls).size === urls.length, { error: PHOTO_MESSAGES.duplicate }),
});
export type MyProfileUpdate = z.infer<typeof myProfileUpdateSchema>;

export const keptPicturesSchema = z
  .array(z.string({ error: PHOTO_MESSAGES.notYours }).max(500, { error: PHOTO_MESSAGES.notYours }), { error: PHOTO_MESSAGES.keptList })
  .max(PICTURES.max, { error: PHOTO_MESSAGES.tooMany })
  .refine((urls) => new Set(urls).size === urls.length, { error: PHOTO_MESSAGES.duplicate });

/**
 * POST /contestants/my-profile/pictures: the upload's one text field beside its `files`, the saved photos
 * to keep, in order, as JSON (the service checks the list with keptPicturesSchema).
 */
export const keptPicturesFieldsSchema = z.object({
  [KEPT_PICTURES_FIELD]: z
    .string()
    .optional()
    .meta({ description: 'A JSON list of the saved photos to keep, in order; the others are removed with the upload (the final set has 1 to 5)' }),
});

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

/** GET /share-cards/{username}.png: `width` asks for a smaller rendition for a page's preview (none: the full card). */
export const shareCardQuerySchema = z.object({
  width: z.enum(SHARE_CARD_PREVIEW_WIDTHS.map((w): `${ShareCardPreviewWidth}` => `${w}`)).optional(),
});
