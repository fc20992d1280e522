// The language dates, counts and the texts written outside components (lib/*) are in: the one the app
// is shown in. Set by lib/i18n/i18n.ts in the browser, and by the server right before each (synchronous)
// drawing, with the drawing's own Lingui instance.
import type { I18n } from '@lingui/core';
import { DEFAULT_LOCALE, type Locale } from '#contract/site/constants';

let current: Locale = DEFAULT_LOCALE;
let translator: I18n | null = null;

export const formatLocale = (): Locale => current;

/** The Lingui instance of the language set here; null when none was given (the app's then: lib/i18n/lib-text.ts). */
export const formatI18n = (): I18n | null => translator;

export function setFormatLocale(locale: Locale, i18n: I18n | null = null): void {
  current = locale;
  translator = i18n;
}
