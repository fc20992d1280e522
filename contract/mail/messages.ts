// The texts of the e-mail preferences and the unsubscribe page.
import { MAIL_KIND_TEXT, type MailKind } from './constants.js';

export const MAIL_MESSAGES = {
  invalidLink: 'This unsubscribe link is not valid or has expired. You can choose your e-mails on your dashboard.',
  unsubscribed: (kind: MailKind) => `You will no longer get "${MAIL_KIND_TEXT[kind].label}" e-mails.`,
  subscribed: (kind: MailKind) => `You get "${MAIL_KIND_TEXT[kind].label}" e-mails.`,
  saved: 'E-mail preferences saved',
  saveFailed: 'Failed to save e-mail preferences',
  loadFailed: 'Failed to load e-mail preferences',
} as const;
