// The app's languages (docs/i18n.md): one Lingui instance per drawing on the server, one in the browser.
// English is compiled into the entry; another language's catalog is its own chunk, loaded only when a
// visitor reads the site in it. Dates and counts follow the same language (lib/dates.ts, lib/numbers.ts).
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, type Locale, supportedLocale } from '#contract/site/constants';
import { messages as en } from '@/locales/en/messages';
import { setFormatLocale } from './format-locale';

const loaders: Record<Locale, () => Promise<Messages>> = {
  en: () => Promise.resolve(en),
  'pt-BR': () => import('@/locales/pt-BR/messages').then((m) => m.messages),
};

/** A Lingui instance showing `locale` with the given catalog (the server has every catalog at hand). */
export function createI18n(locale: Locale, messages: Messages): I18n {
  const i18n = setupI18n();
  i18n.load(locale, messages);
  i18n.activate(locale);
  return i18n;
}

/** The browser's one instance, in English until `activateLocale` says otherwise. */
export const i18n = createI18n(DEFAULT_LOCALE, en);

/** Loads `locale`'s catalog (once) and shows the app in it; formats dates and counts for it too. */
export async function activateLocale(locale: Locale, target: I18n = i18n): Promise<void> {
  if (!target.messages || target.locale !== locale) {
    const messages = await loaders[locale]();
    target.load(locale, messages);
    target.activate(locale);
  }
  setFormatLocale(locale, target);
}

/** The language the server drew this document in (`<html lang>`), else English. */
export function documentLocale(): Locale {
  return supportedLocale(document.documentElement.lang) ?? DEFAULT_LOCALE;
}

/**
 * The switcher's choice: remembered in a cookie for a year (the server draws the next page in it),
 * shown at once without a reload, and said in `<html lang>` for screen readers and the browser.
 */
export async function chooseLocale(locale: Locale): Promise<void> {
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_S}; samesite=lax`;
  await activateLocale(locale);
  document.documentElement.lang = locale;
}
