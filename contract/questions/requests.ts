// What an organizer sends about the profile questions (staff permission 'contests'), and the answers a
// contestant sends, checked against the questions by rules.ts.
import { z } from 'zod';
import { MOVE_DIRECTIONS, QUESTION_KEY_PATTERN, QUESTION_LIMITS as L } from './constants.js';
import { QUESTION_MESSAGES as M } from './messages.js';

const label = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, { error: requiredMessage }).max(L.labelMax, { error: M.labelTooLong });

const fields = {
  label: label(M.labelRequired),
  public_label: label(M.publicLabelRequired),
  help: z.string({ error: M.helpTooLong }).trim().max(L.helpMax, { error: M.helpTooLong }),
  required: z.boolean({ error: 'required must be true or false' }),
  max_length: z
    .number({ error: M.maxLengthRange })
    .int({ error: M.maxLengthRange })
    .min(1, { error: M.maxLengthRange })
    .max(L.answerMax, { error: M.maxLengthRange }),
};

/** POST /admin/profile-questions: a new question goes last among the active ones. */
export const createQuestionSchema = z.object({
  key: z.string({ error: M.keyFormat }).trim().regex(QUESTION_KEY_PATTERN, { error: M.keyFormat }),
  label: fields.label,
  public_label: fields.public_label,
  help: fields.help.optional().default(''),
  required: fields.required.optional().default(false),
  max_length: fields.max_length.optional().default(L.answerDefault),
});
export type CreateQuestionInput = z.input<typeof createQuestionSchema>;
export type CreateQuestion = z.output<typeof createQuestionSchema>;

/** PUT /admin/profile-questions/{id}: any of the fields; retired true retires it (false brings it back, last). The key never changes. */
export const updateQuestionSchema = z.object({ ...fields, retired: z.boolean({ error: 'retired must be true or false' }) }).partial();
export type UpdateQuestion = z.output<typeof updateQuestionSchema>;

/** POST /admin/profile-questions/{id}/move: one place up or down among the active questions. */
export const moveQuestionSchema = z.object({ direction: z.enum(MOVE_DIRECTIONS, { error: 'direction must be up or down' }) });
export type MoveQuestion = z.output<typeof moveQuestionSchema>;

/**
 * The answers a contestant sends, by question key: text (blank clears an answer) or null. Each answer is
 * checked against its question (rules.ts); the object's size is bounded here.
 */
export const answersFieldSchema = z
  .record(z.string().max(40), z.union([z.string().max(L.answerMax * 4), z.null()]), { error: 'answers must be an object of answers by question key' })
  .refine((a) => Object.keys(a).length <= 50, { error: 'Too many answers' });
