// Texts of the contract (contract/*/messages.ts: the English the server answers with and the pages
// quote) shown in the app's language. Every such text shown to a reader goes through here.
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { i18n as appI18n } from './i18n';

/** `text` (a contract text in English, or a server answer's English) in `target`'s language. */
export function contractText(text: string, target: I18n = appI18n): string {
  void target;
  return text;
}

/** `contractText` bound to the drawing's Lingui instance; the component re-renders when the language changes. */
export function useContractText(): (text: string) => string {
  const { i18n } = useLingui();
  return (text) => contractText(text, i18n);
}
