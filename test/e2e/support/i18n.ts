// The pages' texts in Brazilian Portuguese as the committed catalog has them (the build compiles the same
// file), so a browser test finds a control by its name in either language: a page not translated yet shows
// its English, a translated one the catalog's Portuguese.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const CATALOG = path.resolve('client/src/locales/pt-BR/messages.po');

const unquote = (line: string) => JSON.parse(line.trim()) as string;

/** msgid → msgstr of the pt-BR catalog (entries split over several quoted lines joined). */
function readCatalog(): Map<string, string> {
  const texts = new Map<string, string>();
  let field: 'msgid' | 'msgstr' | null = null;
  let id = '';
  let str = '';
  const flush = () => {
    if (id && str) texts.set(id, str);
    id = '';
    str = '';
  };
  for (const line of readFileSync(CATALOG, 'utf8').split('\n')) {
    if (line.startsWith('msgid ')) {
      flush();
      field = 'msgid';
      id = unquote(line.slice(6));
    } else if (line.startsWith('msgstr ')) {
      field = 'msgstr';
      str = unquote(line.slice(7));
    } else if (line.startsWith('"') && field) {
      if (field === 'msgid') id += unquote(line);
      else str += unquote(line);
    } else field = null;
  }
  flush();
  return texts;
}

let catalog: Map<string, string> | undefined;

/** The catalog's pt-BR text for an English text; fails when it has none (only for texts already translated). */
export function ptBR(english: string): string {
  catalog ??= readCatalog();
  const text = catalog.get(english);
  if (!text || text === english) throw new Error(`the pt-BR catalog does not translate "${english}"`);
  return text;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The whole name in English or, when the catalog translates it, in Portuguese (a required field's label
 * may end with its star, drawn by CSS).
 */
export function inEither(english: string): RegExp {
  catalog ??= readCatalog();
  const texts = [english, catalog.get(english)].filter((t): t is string => Boolean(t));
  return new RegExp(`^(?:${texts.map(escape).join('|')})\\s*\\*?$`);
}
