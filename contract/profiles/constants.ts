// Profile rules as plain values (no zod): the categories, the pictures' limits, the basics' questions, the
// photos page's file types and the social links' length (the rules behind them: docs/product.md).

/** The demo's categories: the site's list until an organizer changes it (admin: Categories; a contest may offer its own). */
export const CATEGORIES = ['Scream Queens', 'Teen Queens', 'Heroic Males', 'Creature Killer'] as const;

/** A category list holds 1 to `max` unique names of at most `nameMax` characters (the profile's column is varchar(32)). */
export const CATEGORY_LIMITS = { max: 20, nameMax: 32 } as const;

export const PICTURES = {
  min: 1,
  max: 5,
  maxBytes: 5 * 1024 * 1024,
  /** Registration accepts gif too; later photo pages accept jpg, jpeg, png only. */
  registrationTypes: ['image/jpeg', 'image/png', 'image/gif'],
  registrationExtensions: ['.jpg', '.jpeg', '.png', '.gif'],
  /** Refuse decompression bombs: no side longer than this, no more pixels than that. */
  maxSide: 8000,
  maxPixels: 40_000_000,
} as const;

/**
 * The first four profile questions' keys: the profile and basics answers still carry these as fields of their
 * own (null when the question is retired or unanswered), and PUT /contestants/profile/basics accepts them.
 */
export const PROFILE_ANSWER_FIELDS = ['horror_passion', 'character_qualities', 'dreams_and_goals', 'ideal_horror_role'] as const;
export type ProfileAnswerField = (typeof PROFILE_ANSWER_FIELDS)[number];

/** The photos page takes jpg and png only; registration takes gif as well. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export const PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png'] as const;

/**
 * POST /contestants/my-profile/pictures may carry, beside the files, the text field `pictures_urls`: a
 * JSON list of the saved photos to keep, in order. The new photos then go after exactly these and the
 * others are let go, in one step (the final count, 1 to 5, is checked, not the count before); without
 * the field the new photos go after all the saved ones.
 */
export const KEPT_PICTURES_FIELD = 'pictures_urls';

/** Longest stored link (the columns are varchar(200)). */
export const SOCIAL_LINK_MAX = 200;
