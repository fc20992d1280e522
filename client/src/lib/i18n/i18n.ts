// The app's languages (docs/i18n.md): one Lingui instance per drawing on the server, one in the browser.
// English needs no catalog: the build keeps each text's English, compiled, beside its id in the page's
// own chunk (vite.config.ts: precompileEnglish), so English readers load a page's texts with its code.
// Another language's catalog is its own chunk, loaded only when a visitor reads the site in it, together
// with the contract's texts in it (contract-text.ts; English needs none: its texts are the ids). Dates and
// counts follow the same language (lib/dates.ts, lib/numbers.ts).
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, type Locale, supportedLocale } from '#contract/site/constants';
import { setFormatLocale } from './format-locale';

type MessageCompiler = Parameters<I18n['setMessagesCompiler']>[0];

const loaders: Record<Locale, () => Promise<Messages>> = {
  en: () => Promise.resolve({}),
  'pt-BR': () =>
    Promise.all([import('@/locales/pt-BR/messages'), import('#contract/locales/pt-BR/messages')]).then(([app, contract]) => ({
      ...app.messages,
      ...contract.messages,
    })),
};

/** The compiler of texts the build did not compile (set only by the tests, which run the macros without the build). */
let compiler: MessageCompiler | undefined;

/** A Lingui instance showing `locale` with the given catalog (the server has every catalog at hand; English's is empty). */
export function createI18n(locale: Locale, messages: Messages): I18n {
  const i18n = setupI18n();
  if (compiler) i18n.setMessagesCompiler(compiler);
  i18n.load(locale, messages);
  i18n.activate(locale);
  return i18n;
}

/** The browser's one instance, in English until `activateLocale` says otherwise. */
export const i18n = createI18n(DEFAULT_LOCALE, {});

/** The languages whose whole catalog each instance holds (a drawn page brings only its own texts). */
const wholeCatalogs = new WeakMap<I18n, Set<Locale>>();
/** The language each instance was last asked to show: a catalog that arrives for another is not shown. */
const asked = new WeakMap<I18n, Locale>();

/** Loads `locale`'s whole catalog (once) and shows the app in it; formats dates and counts for it too. */
export async function activateLocale(locale: Locale, target: I18n = i18n): Promise<void> {
  asked.set(target, locale);
  let held = wholeCatalogs.get(target);
  if (!held) wholeCatalogs.set(target, (held = new Set()));
  if (!held.has(locale)) {
    const messages = await loaders[locale]();
    // Another language was chosen while this one loaded: the later choice stands.
    if (asked.get(target) !== locale) return;
    held.add(locale);
    // A new object replaces the drawn page's part of the catalog, so caches kept per catalog start again.
    target.loadAndActivate({ locale, messages });
  } else if (target.locale !== locale) {
    target.activate(locale);
  }
  setFormatLocale(locale, target);
}

/**
 * Shows a drawn page in `locale` with the texts the server drew it with (its part of the catalog), so the
 * page hydrates without waiting for the whole catalog; `activateLocale` brings the rest afterwards.
 */
export function showDrawnTexts(locale: Locale, messages: Messages, target: I18n = i18n): void {
  asked.set(target, locale);
  target.loadAndActivate({ locale, messages: { ...messages } });
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

/**
 * Tests only: texts reach the app uncompiled when the macros run without the build's precompile step,
 * so every instance (the app's and those made later) compiles them with `compile`.
 */
export function compileTextsWith(compile: MessageCompiler): void {
  compiler = compile;
  i18n.setMessagesCompiler(compile);
}
