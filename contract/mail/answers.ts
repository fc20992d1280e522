// A contestant's e-mail preferences and the unsubscribe link's answers.
import { z } from 'zod';
import { named } from '../common/answers.js';
import { MAIL_KINDS } from './constants.js';

/** GET and PUT /users/mail-preferences: every kind, on or off. */
export const mailPreferencesAnswerSchema = named(
  'MailPreferences',
  z.object(Object.fromEntries(MAIL_KINDS.map((k) => [k, z.boolean()])) as Record<(typeof MAIL_KINDS)[number], z.ZodBoolean>),
);

/** GET and POST /mail/unsubscribe: the kind the link turns off, and what to say. */
export const unsubscribeAnswerSchema = named(
  'UnsubscribeAnswer',
  z.object({
    kind: z.enum(MAIL_KINDS),
    /** Whether that kind is off now (after a POST: always). */
    unsubscribed: z.boolean(),
    detail: z.string(),
  }),
);
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;
