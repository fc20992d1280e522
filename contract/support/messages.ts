// The support form's and the admin inbox's texts.
import { SUPPORT_LIMITS, SUPPORT_MESSAGE_STATUSES, SUPPORT_TOPICS, type SupportTopic } from './constants.js';

/** What the topic select shows for each value. */
export const SUPPORT_TOPIC_LABELS: Record<SupportTopic, string> = {
  technical: 'Technical issue',
  account: 'Account',
  billing: 'Billing & donations',
  other: 'Other',
};

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
