// Lingui (docs/decisions/052-i18n-with-lingui.md): the client's texts are written in English inside
// the code (the macros), extracted into one PO catalog per language and compiled to TypeScript modules
// the app imports (English with the entry, the others only when chosen). docs/i18n.md says how.
// The contract's texts (contract/*/messages.ts) have a catalog of their own, read by their own
// extractor, with the English as ids (docs/decisions/053-contract-texts-in-lingui.md); so do the server's
// e-mail texts (server/src/**/mail-messages.ts), which only the server loads.
import { defineConfig } from '@lingui/cli';
import babel from '@lingui/cli/api/extractors/babel';
import { formatter } from '@lingui/format-po';
import { contractExtractor } from './scripts/lingui-contract-extractor';

// LINGUI_CATALOGS lets the completeness test extract into a folder of its own (test/lint).
const catalogsRoot = process.env.LINGUI_CATALOGS;

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'pt-BR'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: `${catalogsRoot ?? '<rootDir>/client/src/locales'}/{locale}/messages`,
      include: ['<rootDir>/client/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/locales/**'],
    },
    {
      path: `${catalogsRoot ? `${catalogsRoot}/contract` : '<rootDir>/contract/locales'}/{locale}/messages`,
      include: ['<rootDir>/contract/*/messages.ts'],
    },
    {
      path: `${catalogsRoot ? `${catalogsRoot}/server` : '<rootDir>/server/src/locales'}/{locale}/messages`,
      include: ['<rootDir>/server/src/**/mail-messages.ts'],
    },
  ],
  // The contract's files first: the babel extractor would take them too, and finds no macros there.
  extractors: [contractExtractor, babel],
  orderBy: 'messageId',
  // Where a text is used, by file only: line numbers would change the catalogs with every edit nearby.
  format: formatter({ lineNumbers: false }),
});
