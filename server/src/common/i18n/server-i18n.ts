// The server's words in each language: one Lingui instance per language, made once, holding the
// contract's catalog (error details, labels: contract/locales) and the server's own (e-mails:
// server/src/locales). English has no catalog: its texts are the ids, exactly as the code wrote them.
import { type I18n, setupI18n } from '@lingui/core';
import { messages as contractPtBR } from '#contract/locales/pt-BR/messages.js';
import type { Locale } from '#contract/site/constants.js';
import { messages as serverPtBR } from '#server/locales/pt-BR/messages.js';

const INSTANCES: Record<Locale, I18n> = {
  en: setupI18n({ locale: 'en', messages: { en: {} } }),
  'pt-BR': setupI18n({ locale: 'pt-BR', messages: { 'pt-BR': { ...contractPtBR, ...serverPtBR } } }),
};

/** The Lingui instance of `locale`, its catalogs loaded. */
export const serverI18n = (locale: Locale): I18n => INSTANCES[locale];
