// Support: the contact form's answer and the admin inbox's.
import { z } from 'zod';
import { count, id, named, timestamp } from '../common/answers.js';
import { SUPPORT_MESSAGE_STATUSES, SUPPORT_TOPICS } from './constants.js';

/** POST /support/contact's answer. */
export const supportContactResponseSchema = named('SupportContactResponse', z.object({ message: z.string() }));
export type SupportContactResponse = z.infer<typeof supportContactResponseSchema>;

/** One message as the admin inbox shows it. */
export const supportMessageItemSchema = named(
  'SupportMessageItem',
  z.object({
    id,
    topic: z.enum(SUPPORT_TOPICS),
    name: z.string(),
    email: z.string(),
    message: z.string(),
    status: z.enum(SUPPORT_MESSAGE_STATUSES),
    /** The signed-in sender, if any (null for visitors, or when the account was deleted since). */
    user_id: id.nullable(),
    username: z.string().nullable(),
    created_at: timestamp,
    handled_at: timestamp.nullable(),
  }),
);
export type SupportMessageItem = z.infer<typeof supportMessageItemSchema>;

/** GET /admin/support-messages: the page (newest first), the count matching the filters, and all open messages. */
export const supportMessagesPageSchema = named('SupportMessagesPage', z.object({ items: z.array(supportMessageItemSchema), total: count, open_count: count }));
export type SupportMessagesPage = z.infer<typeof supportMessagesPageSchema>;

/** GET /admin/support-messages/summary: for the admin dashboard's card. */
export const supportMessagesSummarySchema = named('SupportMessagesSummary', z.object({ open_count: count }));
export type SupportMessagesSummary = z.infer<typeof supportMessagesSummarySchema>;
