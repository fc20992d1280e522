// The e-mails a contestant gets about their race, and their per-kind preferences: one list for the
// dashboard's switches, the server's checks and the unsubscribe page.

/** The kinds of contestant e-mail; each can be turned off on its own (the digest is opt-in). */
export const MAIL_KINDS = ['round_results', 'below_cut', 'winner', 'daily_digest'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export type MailPreferences = Record<MailKind, boolean>;

/** What an account gets before it chose: everything but the digest. */
export const DEFAULT_MAIL_PREFERENCES: MailPreferences = { round_results: true, below_cut: true, winner: true, daily_digest: false };
