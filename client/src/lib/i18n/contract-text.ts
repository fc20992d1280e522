// Texts of the contract (contract/*/messages.ts: the English the server answers with and the pages
// quote) shown in the app's language. Every such text shown to a reader goes through here. The
// language's catalog holds them (i18n.ts loads the contract's catalog with the app's); the lookup
// itself is shared with the server (contract/i18n/contract-text.ts).
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { translateContractText } from '#contract/i18n/contract-text';
import { i18n as appI18n } from './i18n';

/**
 * `text` (a contract text in English, or a server answer's English) in `target`'s language; a text
 * the catalog does not know (already translated by the server, or not the contract's) stays as it is.
 */
export function contractText(text: string, target: I18n = appI18n): string {
  return translateContractText(text, target);
}

/** `contractText` bound to the drawing's Lingui instance; the component re-renders when the language changes. */
export function useContractText(): (text: string) => string {
  const { i18n } = useLingui();
  return (text) => contractText(text, i18n);
}
