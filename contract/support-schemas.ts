// The support contact form (POST /support/contact), its texts, and the admin inbox. One definition for the page
// and the server. The answers' types are in api-types.ts (SupportMessageItem, SupportMessagesPage).
import { z } from 'zod';
import { pageParams } from './path-schemas.js';

export const SUPPORT_TOPICS = ['technical', 'account', 'billing', 'other'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

/** What the topic select shows for each value. */
export const SUPPORT_TOPIC_LABELS: Record<SupportTopic, string> = {
  technical: 'Technical issue',
  account: 'Account',
  billing: 'Billing & donations',
  other: 'Other',
};

export const SUPPORT_MESSAGE_STATUSES = ['open', 'handled'] as const;
export type SupportMessageStatus = (typeof SUPPORT_MESSAGE_STATUSES)[number];

export const SUPPORT_LIMITS = {
  nameMax: 100,
  messageMin: 10,
  messageMax: 5000,
  /** Messages per hour from one client address, and to one mailbox (+tags folded). */
  perHour: 5,
} as const;

export const SUPPORT_MESSAGES = {
  // The form's and the page's exact texts (docs/product.md#exact-texts).
  topicRequired: 'Please select a topic',
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  messageRequired: 'Message is required',
  messageMin: 'Message must be at least 10 characters',
  sent: 'Your message has been sent successfully!',
  failed: 'Failed to send message. Please try again.',
  // Ours.
  nameMax: `Name must be ${SUPPORT_LIMITS.nameMax} characters or less`,
  nameOneLine: 'Name must be on one line',
  messageMax: `Message must be ${SUPPORT_LIMITS.messageMax} characters or less`,
  messageNotFound: 'Message not found',
  loadFailed: 'Messages could not be loaded',
  updateFailed: 'The message could not be updated',
  empty: 'No messages yet',
  emptyFiltered: 'No messages match these filters',
  unknownTopic: `topic must be one of ${SUPPORT_TOPICS.join(', ')}`,
  unknownStatus: `status must be one of ${SUPPORT_MESSAGE_STATUSES.join(', ')}`,
} as const;

/** The 429 detail when an address or a mailbox has sent `SUPPORT_LIMITS.perHour` messages this hour. */
export const supportTooManyMessages = (minutes: number) =>
  `You have sent several messages in the last hour. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before sending another; we read every message.`;

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
