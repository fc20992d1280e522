// The texts of the profile pages (the public profile, the dashboard, the basics, the photos, the social
// links) and of the server's picture checks.
import { CATEGORY_LIMITS, PICTURES } from './constants.js';

export const PROFILE_MESSAGES = {
  notFound: 'Profile not found',
  loadFailed: 'Failed to load profile',
  contestLoadFailed: 'Failed to load contest information',
  comingSoon: 'Coming soon - get ready to vote!',
  votingActive: 'Voting is now active!',
  ended: 'This contest has ended',
  noPhotos: 'No photos available yet',
  copyFailed: 'Failed to copy link',
  copied: 'Profile link copied to clipboard!',
  copiedOpening: (platform: string) => `Link copied! Opening ${platform}...`,
} as const;

export const DASHBOARD_MESSAGES = {
  errorTitle: 'Error Loading Dashboard',
  tryAgain: 'Try Again',
  profileLoadFailed: 'Failed to load profile data.',
  completeProfile: 'Complete Your Profile',
} as const;

export const PROFILE_BASICS_MESSAGES = {
  categoryInvalid: 'Invalid category selected',
  categoryRequired: 'Category is required',
  title: 'Profile Basics',
  loadFailed: 'Failed to load profile data.',
  updated: 'Profile updated successfully!',
  validationFailed: 'Validation failed. Please check your inputs.',
  updateFailed: 'Failed to update profile. Please try again.',
  /** A signed-in user without a contestant profile (the server's 404 detail). */
  notFound: 'Profile not found',
} as const;

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

export const SOCIAL_LINK_MESSAGES = {
  instagramInvalid: 'Must be a valid Instagram URL',
  tiktokInvalid: 'Must be a valid TikTok URL',
  loadFailed: 'Failed to load social links',
  updated: 'Social links updated successfully!',
  updateFailed: 'Failed to update social links',
} as const;

/** Server-side picture checks, in our own wording (the form shows "max 5MB each" only as a hint). */
export const PICTURE_MESSAGES = {
  tooLarge: 'Each picture must be 5MB or smaller',
  badType: 'Pictures must be JPG, JPEG, PNG or GIF images',
  corrupt: 'A picture could not be read; please choose another file',
  tooBig: 'A picture is too large in width or height',
} as const;

/** Picture uploads are bounded: one at a time per account (a few per address while registering), a few decoded at once per server. */
export const PICTURE_UPLOAD_MESSAGES = {
  inProgress: 'Your previous photo upload is still being processed. Please wait for it to finish, then try again.',
  addressBusy: 'Other registrations from your network are uploading pictures right now. Please try again in a few seconds.',
  serverBusy: 'Too many pictures are being processed right now. Please try again in a minute.',
} as const;

/** The category lists: the site's (admin: Categories) and a contest's own. */
export const CATEGORY_MESSAGES = {
  listSize: `A list holds 1 to ${CATEGORY_LIMITS.max} categories`,
  nameRequired: 'A category needs a name',
  nameTooLong: `A category name is at most ${CATEGORY_LIMITS.nameMax} characters`,
  duplicate: (name: string) => `"${name}" is in the list twice`,
  // The admin page
  title: 'Categories',
  saved: 'Categories saved',
  saveFailed: 'Failed to save the categories. Please try again.',
  loadFailed: 'Failed to load the categories',
} as const;
