// The support contact form (POST /support/contact) and the admin inbox's calls: one definition for the page
// and the server.
import { z } from 'zod';
import { pageParams } from '../common/params.js';
import { SUPPORT_LIMITS, SUPPORT_MESSAGE_STATUSES, SUPPORT_TOPICS } from './constants.js';
import { SUPPORT_MESSAGES } from './messages.js';

/**
 * Line breaks of any kind (CR, LF, NEL, the Unicode line and paragraph separators): the name is a line
 * of staff's e-mail, and a break in it would let a sender add lines of their own (a fake "Email:").
 */
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

/** Trimmed, and a missing value gets the same message as an empty one. */
const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

export const supportContactSchema = z.object({
  topic: z.enum(SUPPORT_TOPICS, { error: SUPPORT_MESSAGES.topicRequired }),
  name: required(SUPPORT_MESSAGES.nameRequired)
    .max(SUPPORT_LIMITS.nameMax, { error: SUPPORT_MESSAGES.nameMax })
    .refine((name) => !LINE_BREAK.test(name), { error: SUPPORT_MESSAGES.nameOneLine }),
  email: required(SUPPORT_MESSAGES.emailRequired)
    .max(254, { error: SUPPORT_MESSAGES.emailInvalid })
    .pipe(z.email({ error: SUPPORT_MESSAGES.emailInvalid })),
  message: required(SUPPORT_MESSAGES.messageRequired)
    .min(SUPPORT_LIMITS.messageMin, { error: SUPPORT_MESSAGES.messageMin })
    .max(SUPPORT_LIMITS.messageMax, { error: SUPPORT_MESSAGES.messageMax }),
  /** The honeypot: hidden from people, filled in by bots. A filled one is answered as sent and dropped. */
  website: z.string().max(500).optional(),
});
export type SupportContactInput = z.input<typeof supportContactSchema>;
export type SupportContact = z.output<typeof supportContactSchema>;

/** A select's "All" sends nothing or an empty value: both mean no filter. */
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { error: message }).optional());

/** GET /admin/support-messages: filters and paging (newest first). */
export const adminSupportMessagesQuerySchema = z.object({
  topic: optionalEnum(SUPPORT_TOPICS, SUPPORT_MESSAGES.unknownTopic),
  status: optionalEnum(SUPPORT_MESSAGE_STATUSES, SUPPORT_MESSAGES.unknownStatus),
  ...pageParams(100, 20),
});
export type AdminSupportMessagesQuery = z.output<typeof adminSupportMessagesQuerySchema>;

/** PUT /admin/support-messages/{id}: mark handled (or open again). */
export const updateSupportMessageSchema = z.object({
  status: z.enum(SUPPORT_MESSAGE_STATUSES, { error: SUPPORT_MESSAGES.unknownStatus }),
});
export type UpdateSupportMessage = z.output<typeof updateSupportMessageSchema>;
