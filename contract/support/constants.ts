// Support word lists and limits as plain values (no zod): the topics, the messages' states, the form's limits.

export const SUPPORT_TOPICS = ['technical', 'account', 'billing', 'other'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

export const SUPPORT_MESSAGE_STATUSES = ['open', 'handled'] as const;
export type SupportMessageStatus = (typeof SUPPORT_MESSAGE_STATUSES)[number];

export const SUPPORT_LIMITS = {
  nameMax: 100,
  messageMin: 10,
  messageMax: 5000,
  /** Messages per hour from one client address, and to one mailbox (+tags folded). */
  perHour: 5,
} as const;
