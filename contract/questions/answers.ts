// Profile questions: one question as the pages and the admin area read it, and one answered question of a profile.
import { z } from 'zod';
import { id, named } from '../common/answers.js';

export const profileQuestionSchema = named(
  'ProfileQuestion',
  z.object({
    id,
    /** Fixed at creation; the profile answers name their question by it. */
    key: z.string(),
    /** What the contestant's forms ask. */
    label: z.string(),
    /** What the public profile shows above the answer. */
    public_label: z.string(),
    /** The form's hint (its placeholder); may be empty. */
    help: z.string(),
    /** Required questions are asked at registration and may not be left blank. */
    required: z.boolean(),
    max_length: z.int().min(1),
    position: z.int(),
    /** Retired: no longer asked or shown; its answers are kept. Only the admin list holds retired ones. */
    retired: z.boolean(),
  }),
);
export type ProfileQuestion = z.infer<typeof profileQuestionSchema>;

/** An active question of a profile, in order, with the profile's answer (null when it has none). */
export const profileAnswerSchema = named(
  'ProfileAnswer',
  z.object({
    key: z.string(),
    label: z.string(),
    public_label: z.string(),
    help: z.string(),
    required: z.boolean(),
    max_length: z.int().min(1),
    answer: z.string().nullable(),
  }),
);
export type ProfileAnswer = z.infer<typeof profileAnswerSchema>;
