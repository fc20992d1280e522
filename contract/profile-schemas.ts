// Profile basics: the rules and texts of GET/PUT /contestants/profile/basics, shared by the form and the
// server.
import { z } from 'zod';
import { CATEGORIES, type Category } from './constants.js';
export type { ProfileBasicsResponse } from './api-types.js';

/** Each of the four answers holds at most this many characters. */
export const PROFILE_ANSWER_MAX = 500;

export const PROFILE_BASICS_MESSAGES = {
  categoryInvalid: 'Invalid category selected',
  categoryRequired: 'Category is required',
  answerRequired: 'This field is required',
  answerTooLong: `Must be ${PROFILE_ANSWER_MAX} characters or less`,
  title: 'Profile Basics',
  loadFailed: 'Failed to load profile data.',
  updated: 'Profile updated successfully!',
  validationFailed: 'Validation failed. Please check your inputs.',
  updateFailed: 'Failed to update profile. Please try again.',
  /** A signed-in user without a contestant profile (the server's 404 detail). */
  notFound: 'Profile not found',
} as const;

const M = PROFILE_BASICS_MESSAGES;

/** The four answers in the order the form and the public profile show them. */
export const PROFILE_ANSWER_FIELDS = ['horror_passion', 'character_qualities', 'dreams_and_goals', 'ideal_horror_role'] as const;
export type ProfileAnswerField = (typeof PROFILE_ANSWER_FIELDS)[number];

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
