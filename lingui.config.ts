// Lingui (docs/decisions/052-i18n-with-lingui.md): the client's texts are written in English inside
// the code (the macros), extracted into one PO catalog per language and compiled to TypeScript modules
// the app imports (English with the entry, the others only when chosen). docs/i18n.md says how.
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'pt-BR'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      // LINGUI_CATALOGS lets the completeness test extract into a folder of its own (test/lint).
      path: `${process.env.LINGUI_CATALOGS ?? '<rootDir>/client/src/locales'}/{locale}/messages`,
      include: ['<rootDir>/client/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/locales/**'],
    },
  ],
  orderBy: 'messageId',
  // Where a text is used, by file only: line numbers would change the catalogs with every edit nearby.
  format: formatter({ lineNumbers: false }),
});
