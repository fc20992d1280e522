// The profile photos page: its rules and texts, for the client and the server.
import { z } from 'zod';
import { PICTURES } from './constants.js';

export const PHOTO_MESSAGES = {
  loadFailed: 'Failed to load profile data',
  added: 'Photos added successfully!',
  updated: 'Photos updated successfully!',
  saveFailed: 'Failed to save changes',
  removed: 'Photo removed! Click "Save Changes" to confirm.',
  removeFailed: 'Failed to remove photo',
  // The server's answers to refused input (our wording, like the registration's).
  badType: 'Photos must be JPG, JPEG or PNG images',
  noFiles: 'Choose at least one photo',
  tooMany: `You can have at most ${PICTURES.max} photos`,
  keepOne: 'Keep at least one photo',
  notYours: 'Only your own photos can be kept',
  duplicate: 'Each photo can be kept only once',
  keptList: 'The photos to keep must be a JSON list of your photo addresses',
  // The page's own words, shown before anything is sent.
  lastPhoto: 'Your profile needs at least one photo. Add another photo before removing this one.',
} as const;

/** The photos page takes jpg and png only; registration takes gif as well. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export const PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png'] as const;

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

/**
 * POST /contestants/my-profile/pictures may carry, beside the files, the text field `pictures_urls`: a
 * JSON list of the saved photos to keep, in order. The new photos then go after exactly these and the
 * others are let go, in one step (the final count, 1 to 5, is checked, not the count before); without
 * the field the new photos go after all the saved ones.
 */
export const KEPT_PICTURES_FIELD = 'pictures_urls';
export const keptPicturesSchema = z
  .array(z.string({ error: PHOTO_MESSAGES.notYours }).max(500, { error: PHOTO_MESSAGES.notYours }), { error: PHOTO_MESSAGES.keptList })
  .max(PICTURES.max, { error: PHOTO_MESSAGES.tooMany })
  .refine((urls) => new Set(urls).size === urls.length, { error: PHOTO_MESSAGES.duplicate });
