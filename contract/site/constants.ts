// What every page shares: the server-rendered page's data block, how long toasts stay, the landing page's timing.

/**
 * The id of the JSON block a server-rendered page carries (the API answers it was drawn with and the
 * router's state), read by the browser before it hydrates the page. A data block, not a script: the
 * content security policy runs no inline code.
 */
export const SERVER_RENDER_DATA_ID = 'server-render-data';

export const TOAST_MS = { success: 3000, info: 5000, error: 5000 } as const;

export const LANDING = {
  revealMs: 1000,
  cardStaggerMs: 100,
  videoInViewThreshold: 0.5,
  heroEntranceS: 0.8,
} as const;

/** The longest texts of the site's settings (the site_settings columns). */
export const SITE_LIMITS = { siteName: 60, charityName: 120, charityBeneficiary: 120, charityUrl: 300, mailSenderName: 60 } as const;

/** The logo an organizer uploads: png or jpeg, at most this large in bytes and this many pixels a side. */
export const SITE_LOGO = { maxBytes: 2 * 1024 * 1024, maxSide: 2000, field: 'file', accept: 'image/png,image/jpeg' } as const;

/** The languages the site is offered in: English (the texts as written) and Brazilian Portuguese. */
export const SUPPORTED_LOCALES = ['en', 'pt-BR'] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];
/** The language of a visitor whose choice and browser name no supported one. */
export const DEFAULT_LOCALE: Locale = 'en';
/** The cookie the language switcher sets; the server draws pages in the language it names. */
export const LOCALE_COOKIE = 'locale';
/** How long the switcher's choice is remembered. */
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** `value` when it names a supported language exactly (case-insensitive), else null. */
export function supportedLocale(value: string | null | undefined): Locale | null {
  if (!value) return null;
  const lower = value.toLowerCase();
  return SUPPORTED_LOCALES.find((l) => l.toLowerCase() === lower) ?? null;
}
