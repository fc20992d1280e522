// Every text the client's code marks for translation (Lingui's macros) is in the committed catalogs,
// translated into every language, and compiled: the code's texts are extracted afresh into a folder of
// their own (lingui.config.ts reads LINGUI_CATALOGS) and held against client/src/locales. A text added
// without `npm run i18n:extract`, a message left untranslated, or a catalog not compiled after an edit
// (`npm run i18n:compile`) fails here, naming the texts. docs/i18n.md says how to add a text. The same
// holds for the contract's texts (contract/*/messages.ts) and their catalog in contract/locales, and for
// the server's e-mail texts (server/src/**/mail-messages.ts) and theirs in server/src/locales.
import { describe, expect, it, beforeAll, afterAll } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { SUPPORTED_LOCALES } from '#contract/site/constants.js';

const root = path.resolve(import.meta.dirname, '../..');
/** Each catalog of lingui.config.ts: where it is committed, and where LINGUI_CATALOGS puts it. */
const CATALOGS = [
  { name: 'the client', dir: 'client/src/locales', fresh: '.' },
  { name: 'the contract', dir: 'contract/locales', fresh: 'contract' },
  { name: "the server's e-mails", dir: 'server/src/locales', fresh: 'server' },
] as const;
const po = formatter({ lineNumbers: false });

type Catalog = Record<string, { message?: string; translation?: string }>;

async function readCatalog(file: string, locale: string): Promise<Catalog> {
  return (await po.parse(readFileSync(file, 'utf8'), { locale, sourceLocale: 'en', filename: file })) as Catalog;
}

/** The compiled catalog's messages (what the app loads): id → compiled message. */
async function compiled(dir: string, locale: string): Promise<Record<string, unknown>> {
  const source = readFileSync(path.join(root, dir, locale, 'messages.ts'), 'utf8');
  const json = /JSON\.parse\((".*")\)/s.exec(source)?.[1];
  if (!json) throw new Error(`${dir}/${locale}/messages.ts is not a catalog lingui compile wrote`);
  return JSON.parse(JSON.parse(json) as string) as Record<string, unknown>;
}

// One extraction of every catalog, shared by the checks of each.
let fresh: string;
beforeAll(async () => {
  fresh = mkdtempSync(path.join(tmpdir(), 'lingui-extract-'));
  await promisify(execFile)(process.execPath, [path.join(root, 'node_modules/@lingui/cli/dist/lingui.js'), 'extract'], {
    cwd: root,
    env: { ...process.env, LINGUI_CATALOGS: fresh },
  });
}, 180_000);
afterAll(() => rmSync(fresh, { recursive: true, force: true }));

describe.each(CATALOGS)('the translation catalog of $name', ({ dir, fresh: freshDir }) => {
  let extracted: Catalog;
  const committedCatalog = (locale: string) => readCatalog(path.join(root, dir, locale, 'messages.po'), locale);

  beforeAll(async () => {
    extracted = await readCatalog(path.join(fresh, freshDir, 'en/messages.po'), 'en');
  });

  it('should have extracted texts from the code', () => {
    expect(Object.keys(extracted).length).toBeGreaterThan(50);
  });

  for (const locale of SUPPORTED_LOCALES) {
    it(`should hold every text of the code, and only those, in ${locale}`, async () => {
      const committed = await committedCatalog(locale);
      const missing = Object.keys(extracted)
        .filter((id) => !(id in committed))
        .map((id) => extracted[id].message);
      const stale = Object.keys(committed)
        .filter((id) => !(id in extracted))
        .map((id) => committed[id].message);
      expect({ missing, stale }).toEqual({ missing: [], stale: [] });
    });

    it(`should translate every text into ${locale}`, async () => {
      const committed = await committedCatalog(locale);
      const untranslated = Object.values(committed)
        .filter((m) => !m.translation?.trim())
        .map((m) => m.message);
      expect(untranslated).toEqual([]);
    });

    it(`should have compiled the ${locale} catalog after its last change`, async () => {
      const committed = await committedCatalog(locale);
      const loaded = await compiled(dir, locale);
      expect(Object.keys(loaded).sort()).toEqual(Object.keys(committed).sort());
      // …and each text compiled from its current translation, not from an earlier one.
      const outdated = Object.keys(committed).filter(
        (id) => JSON.stringify(loaded[id]) !== JSON.stringify(compileMessage(committed[id].translation || committed[id].message || id)),
      );
      expect(outdated).toEqual([]);
    });
  }

  it('should not leave a Brazilian Portuguese text the same as its English, but for names and marks', async () => {
    // A copied English text is a forgotten translation; these few read the same in both languages.
    const same = new Set<string>(['E-mail', 'Site', 'Webhooks']);
    const committed = await committedCatalog('pt-BR');
    const copied = Object.values(committed)
      .filter((m) => m.translation === m.message && !same.has(m.message ?? ''))
      .map((m) => m.message);
    expect(copied).toEqual([]);
  });
});
