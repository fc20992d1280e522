// The language dates and counts are written in (lib/dates.ts, lib/numbers.ts): the one the app is shown
// in. Set by lib/i18n/i18n.ts in the browser, and by the server right before each (synchronous) drawing.
import { DEFAULT_LOCALE, type Locale } from '#contract/site/constants';

let current: Locale = DEFAULT_LOCALE;

export const formatLocale = (): Locale => current;

export function setFormatLocale(locale: Locale): void {
  current = locale;
}
