// The texts of profile questions: an answer's problems (naming its question) and the admin page's words.
import { QUESTION_LIMITS } from './constants.js';

export const QUESTION_MESSAGES = {
  /** An answer a required question did not get. */
  answerRequired: (label: string) => `Please answer "${label}"`,
  answerTooLong: (label: string, max: number) => `"${label}" must be ${max} characters or less`,
  answerNotText: (label: string) => `"${label}" must be text`,
  unknownQuestion: 'There is no such question',
  keyFormat: 'The key must start with a letter and hold only lower-case letters, digits and _ (at most 40)',
  keyTaken: 'Another question already has this key',
  labelRequired: 'The question is required',
  publicLabelRequired: 'The public title is required',
  labelTooLong: `Must be ${QUESTION_LIMITS.labelMax} characters or less`,
  helpTooLong: `Must be ${QUESTION_LIMITS.helpMax} characters or less`,
  maxLengthRange: `The answer limit must be a whole number from 1 to ${QUESTION_LIMITS.answerMax}`,
  tooMany: `At most ${QUESTION_LIMITS.activeMax} questions can be active; retire one first`,
  notFound: 'Question not found',
  cannotMove: 'The question cannot move further that way',
  // The admin page
  title: 'Profile questions',
  loadFailed: 'Failed to load the profile questions',
  saved: 'Question saved',
  created: 'Question added',
  retired: 'Question retired: its answers are kept, hidden',
  restored: 'Question restored',
  moved: 'Order saved',
  saveFailed: 'Failed to save the question. Please try again.',
  empty: 'No questions yet. Add the first one below.',
} as const;
