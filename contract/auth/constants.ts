// Account rules as plain values (no zod): usernames, passwords, phone numbers, how long e-mailed links
// last, and what the browser keeps.

export const USERNAME_PATTERN = /^[A-Za-z0-9_.]{3,30}$/;

/** Names a page of the site takes at /profile/{name}: a contestant by that name could never be reached there. */
export const RESERVED_USERNAMES: readonly string[] = ['basics', 'photos', 'social'];

export const PASSWORD_MIN = 8;
/** A phone number is exactly `digits` digits; one longer than `max` is named as too long. */
export const PHONE = { digits: 10, max: 15 } as const;

export const TOKEN_TTL = {
  verifyEmailHours: 24,
  resetPasswordMinutes: 60,
} as const;

export const STORAGE_KEYS = { token: 'token', registrationEmail: 'registrationEmail' } as const;

/** The providers an existing account may sign in with (OpenID Connect); the site offers those it has keys for. */
export const OIDC_PROVIDERS = ['google', 'apple', 'facebook'] as const;
export type OidcProvider = (typeof OIDC_PROVIDERS)[number];

/** The providers' own names, the same in every language. */
export const OIDC_PROVIDER_NAMES: Record<OidcProvider, string> = { google: 'Google', apple: 'Apple', facebook: 'Facebook' };

/** How long a provider's sign-in may take from its start, and the one-time code that hands it to the page. */
export const OIDC_TTL = { signInMinutes: 10, handoffSeconds: 120 } as const;

/** The longest path a sign-in may return to. */
export const RETURN_PATH_MAX = 500;
