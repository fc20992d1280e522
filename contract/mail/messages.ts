// The texts of the e-mail preferences and the unsubscribe page.
import type { MailKind } from './constants.js';

/** Each kind's name and what it sends, as the dashboard and the unsubscribe page say them. */
export const MAIL_KIND_TEXT: Record<MailKind, { label: string; hint: string }> = {
  round_results: { label: 'Round results', hint: 'When a round closes: whether you advanced, with your final rank and votes.' },
  below_cut: { label: 'Below the cut', hint: 'When you drop below the cut line of the current round (at most once a day).' },
  winner: { label: 'Winner announcement', hint: 'When the contest names you one of its winners.' },
  daily_digest: { label: 'Daily digest', hint: "Each morning: yesterday's votes, your rank change and the votes to the next rank." },
};

export const MAIL_MESSAGES = {
  invalidLink: 'This unsubscribe link is not valid or has expired. You can choose your e-mails on your dashboard.',
  unsubscribed: (kind: MailKind) => `You will no longer get "${MAIL_KIND_TEXT[kind].label}" e-mails.`,
  subscribed: (kind: MailKind) => `You get "${MAIL_KIND_TEXT[kind].label}" e-mails.`,
  saved: 'E-mail preferences saved',
  saveFailed: 'Failed to save e-mail preferences',
  loadFailed: 'Failed to load e-mail preferences',
} as const;
