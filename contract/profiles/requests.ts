// What a contestant sends about their profile, checked by the forms and the server alike: the basics
// (GET/PUT /contestants/profile/basics), the photos, and the social links (stored as https, without a
// trailing slash, or null when the field is empty).
import { z } from 'zod';
import { answersFieldSchema } from '../questions/requests.js';
import { SUPPORTED_LOCALES } from '../site/constants.js';
import { CATEGORY_LIMITS, KEPT_PICTURES_FIELD, PICTURES, SOCIAL_LINK_MAX } from './constants.js';
import { CATEGORY_MESSAGES as C, PHOTO_MESSAGES, PROFILE_BASICS_MESSAGES, SOCIAL_LINK_MESSAGES } from './messages.js';
import { SHARE_CARD_PREVIEW_WIDTHS, type ShareCardPreviewWidth } from './picture-variants.js';
import { normalizeSocialLink, type SocialPlatformKey } from './social-link-rules.js';

const M = PROFILE_BASICS_MESSAGES;

/**
 * A chosen category: which ones are offered (the contestant's contest's, or the site's) is the server's
 * check, against the lists of the moment; here only its shape.
 */
export const categoryField = (requiredMessage: string, invalidMessage: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : invalidMessage) })
    .trim()
    .min(1, { error: requiredMessage })
    .max(CATEGORY_LIMITS.nameMax, { error: invalidMessage });

/** A legacy answer field: text (blank clears it) or null; its question's rules are checked on the server. */
const legacyAnswer = z.union([z.string({ error: 'An answer must be text' }), z.null()], { error: 'An answer must be text' }).optional();

/**
 * PUT /contestants/profile/basics: the category, and answers by question key in `answers` and/or the first
 * four questions' own fields (`answers` wins where both name a question). A question not named keeps its answer.
 */
export const profileBasicsSchema = z.object({
  category: categoryField(M.categoryRequired, M.categoryInvalid),
  horror_passion: legacyAnswer,
  character_qualities: legacyAnswer,
  dreams_and_goals: legacyAnswer,
  ideal_horror_role: legacyAnswer,
  answers: answersFieldSchema.optional(),
});

/** What PUT sends once valid. */
export type ProfileBasicsInput = z.input<typeof profileBasicsSchema>;
export type ProfileBasics = z.output<typeof profileBasicsSchema>;

/** A list of categories (the site's, or a contest's own): 1 to 20 unique names, trimmed, at most 32 characters each. */
export const categoryListSchema = z
  .array(z.string({ error: C.nameRequired }).trim().min(1, { error: C.nameRequired }).max(CATEGORY_LIMITS.nameMax, { error: C.nameTooLong }), {
    error: C.listSize,
  })
  .min(1, { error: C.listSize })
  .max(CATEGORY_LIMITS.max, { error: C.listSize })
  .superRefine((names, ctx) => {
    const seen = new Set<string>();
    names.forEach((name, index) => {
      const folded = name.toLowerCase();
      if (seen.has(folded)) ctx.addIssue({ code: 'custom', path: [index], message: C.duplicate(name) });
      seen.add(folded);
    });
  });

/** PUT /admin/site/categories: the site's list, in the order the dropdowns show it. */
export const siteCategoriesSchema = z.object({ categories: categoryListSchema });
export type SiteCategoriesInput = z.input<typeof siteCategoriesSchema>;

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

/** PUT /users/me/locale: the language the signed-in person chose; their e-mails are written in it from now on. */
export const myLocaleSchema = z.object({ locale: z.enum(SUPPORTED_LOCALES) });
export type MyLocale = z.infer<typeof myLocaleSchema>;
