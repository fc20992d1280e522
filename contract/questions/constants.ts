// Profile questions as plain values (no zod): the limits an organizer's question keeps to.

/** A question's key: lower case, a letter first (the API's answers are keyed by it; it never changes). */
export const QUESTION_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

export const QUESTION_LIMITS = {
  labelMax: 200,
  helpMax: 300,
  /** What an answer may hold at most, whatever the organizer sets. */
  answerMax: 2000,
  /** A new question's limit when none is given. */
  answerDefault: 500,
  /** Questions that are not retired. */
  activeMax: 20,
} as const;

/** Which way a question moves among the active ones. */
export const MOVE_DIRECTIONS = ['up', 'down'] as const;
export type MoveDirection = (typeof MOVE_DIRECTIONS)[number];
