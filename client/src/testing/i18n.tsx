// Components that show translated texts, rendered alone in a language of the test's choosing.
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Locale } from '#contract/site/constants';
import { messages as ptBR } from '@/locales/pt-BR/messages';
import { messages as contractPtBR } from '#contract/locales/pt-BR/messages';
import { createI18n } from '@/lib/i18n/i18n';

// As the app loads them: English's texts are in the code; a language's catalog holds the contract's texts too (contractText).
const CATALOGS = { en: {}, 'pt-BR': { ...ptBR, ...contractPtBR } } as const;

/** A Lingui instance showing `locale`, its catalog loaded. */
export const i18nFor = (locale: Locale) => createI18n(locale, CATALOGS[locale]);

/** `ui` rendered inside a Lingui provider showing `locale` (English unless said). */
export function renderInLocale(ui: ReactNode, locale: Locale = 'en') {
  const i18n = i18nFor(locale);
  return { ...render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>), i18n };
}
