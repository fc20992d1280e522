// Every e-mail text of the server (each function of a server/src/**/mail-messages.ts) is found by the id
// `mailLanguage().say` computes for it in the catalog the extractor wrote: a text written in a way the
// two read differently (a value that is not `${v.name}`, a condition inside) would be sent untranslated.
import { describe, expect, it } from '@jest/globals';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { mailTextId, type MailText } from '#server/infra/mail/mail-language.js';
import { messages as english } from '#server/locales/en/messages.js';

const root = path.resolve(import.meta.dirname, '../..');
const files = readdirSync(path.join(root, 'server/src'), { recursive: true, encoding: 'utf8' }).filter((f) => path.basename(f) === 'mail-messages.ts');

describe("the server's e-mail texts", () => {
  it('should be found where the e-mail modules keep them', () => {
    expect(files.length).toBeGreaterThanOrEqual(5);
  });

  it.each(files)('should find each text of %s in the catalog by the id the e-mails look it up with', async (file) => {
    const module = (await import(pathToFileURL(path.join(root, 'server/src', file)).href)) as Record<string, Record<string, MailText<never>>>;
    const texts = Object.values(module).flatMap((group) => Object.values(group));
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.map(mailTextId).filter((id) => !Object.hasOwn(english, id))).toEqual([]);
  });
});
