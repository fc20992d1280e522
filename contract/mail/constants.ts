// The e-mails a contestant gets about their race, and their per-kind preferences: one list for the
// dashboard's switches, the server's checks and the unsubscribe page.

/** The kinds of contestant e-mail; each can be turned off on its own (the digest is opt-in). */
export const MAIL_KINDS = ['round_results', 'below_cut', 'winner', 'daily_digest'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export type MailPreferences = Record<MailKind, boolean>;

/** What an account gets before it chose: everything but the digest. */
export const DEFAULT_MAIL_PREFERENCES: MailPreferences = { round_results: true, below_cut: true, winner: true, daily_digest: false };

/** Each kind's name and what it sends, as the dashboard and the unsubscribe page say them. */
export const MAIL_KIND_TEXT: Record<MailKind, { label: string; hint: string }> = {
  round_results: { label: 'Round results', hint: 'When a round closes: whether you advanced, with your final rank and votes.' },
  below_cut: { label: 'Below the cut', hint: 'When you drop below the cut line of the current round (at most once a day).' },
  winner: { label: 'Winner announcement', hint: 'When the contest names you one of its winners.' },
  daily_digest: { label: 'Daily digest', hint: "Each morning: yesterday's votes, your rank change and the votes to the next rank." },
};
