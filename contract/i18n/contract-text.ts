// A contract text (contract/*/messages.ts: the English the server answers with and the pages quote) in
// the language of a Lingui instance, for the client and the server alike. The contract's catalog
// (contract/locales) has the English as ids: a fixed text is looked up as it is; a text made from a
// template ("Amount must be at least $1") is matched against the catalog's templates, its values taken
// from the English and put into the translation (each value translated too when it is a contract text).
// A text the catalog does not know is returned unchanged; English needs no catalog.
import type { I18n, Messages } from '@lingui/core';
import { DEFAULT_LOCALE } from '../site/constants.js';
import { escapeIcu, parseIcuTemplate } from './icu.js';

interface Template {
  id: string;
  pattern: RegExp;
  names: string[];
}

/** A value inside a value (a count inside "3 recovery codes") is translated this deep, no deeper. */
const MAX_DEPTH = 3;

const regexQuote = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each catalog's templates, longest English first (the most specific wins), made once per catalog. */
const templatesByCatalog = new WeakMap<Messages, Template[]>();

function templatesOf(messages: Messages): Template[] {
  let templates = templatesByCatalog.get(messages);
  if (!templates) {
    templates = [];
    for (const id of Object.keys(messages)) {
      if (!id.includes('{')) continue;
      const parsed = parseIcuTemplate(id);
      if (!parsed || parsed.names.length === 0) continue;
      const pattern = new RegExp(`^${parsed.literals.map(regexQuote).join('([\\s\\S]*?)')}$`);
      templates.push({ id, pattern, names: parsed.names });
    }
    templates.sort((a, b) => b.id.length - a.id.length);
    templatesByCatalog.set(messages, templates);
  }
  return templates;
}

/** `text` (English) in `i18n`'s language when the catalog loaded in it knows the text, else `text`. */
export function translateContractText(text: string, i18n: I18n, depth = 0): string {
  const messages = i18n.locale === DEFAULT_LOCALE ? undefined : i18n.messages;
  if (!messages || !text) return text;
  // Looked up here, not by i18n._ alone: an unknown id would make Lingui warn and show the id.
  const id = escapeIcu(text);
  if (Object.hasOwn(messages, id)) return i18n._(id);
  for (const template of templatesOf(messages)) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    template.names.forEach((name, i) => {
      const value = match[i + 1];
      values[name] ??= depth < MAX_DEPTH ? translateContractText(value, i18n, depth + 1) : value;
    });
    return i18n._(template.id, values);
  }
  return text;
}
