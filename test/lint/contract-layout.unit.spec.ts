// The shape of contract/: one folder per domain (votes/, payments/, contests/, …), each holding its own
// answers (answers.ts), requests (requests.ts), texts (messages.ts) and word lists and limits
// (constants.ts), beside the rules of its own (round-rules.ts, share.ts, …). Every name has one home: no
// file re-exports another's names, so an import names the file that defines what it takes. No file
// grows past 300 lines. The texts and word lists load no zod, so a page showing them never carries it;
// nor do the endpoint tables (each domain's endpoints.ts, and contract/api/), which every API call loads.
// Runs in the unit tier (`npm run test:unit`, part of `npm test`).
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, repoFiles } from '../helpers/repo-files.js';

const MAX_LINES = 300;
const files = repoFiles(['contract']).filter((f) => f.endsWith('.ts'));
const text = (f: string) => readFileSync(path.join(REPO_ROOT, f), 'utf8');

describe('contract layout', () => {
  it('should keep every file in a domain folder, none at the top of contract/', () => {
    // Beside the compiled catalogs of the contract's texts, one folder per language (contract/locales/<locale>/).
    const catalog = /^contract\/locales\/[^/]+\/messages\.ts$/;
    expect(files.filter((f) => f.split('/').length !== 3 && !catalog.test(f))).toEqual([]);
  });

  it(`should keep every file to ${MAX_LINES} lines`, () => {
    const long = files.map((f) => ({ f, lines: text(f).split('\n').length - 1 })).filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it("should give every name one home: no file re-exports another file's names", () => {
    const reexports = files.filter((f) => /^export\s+(?:type\s+)?(?:\*|\{[^}]*\})\s+from\s/m.test(text(f)));
    expect(reexports).toEqual([]);
  });

  it('should keep the endpoint tables free of schema objects: they import answers and requests as types only', () => {
    const tables = files.filter((f) => /\/endpoints\.ts$/.test(f) || f.startsWith('contract/api/'));
    const loadsSchemas = tables.filter((f) => /^import (?!type )[^;]*from '(?:zod|[^']*\/(?:answers|requests|params)(?:\.js)?)'/m.test(text(f)));
    expect(loadsSchemas).toEqual([]);
  });

  it('should load no zod from the texts and word lists (messages.ts, constants.ts), directly or through a schema file', () => {
    const plain = files.filter((f) => /\/(?:messages|constants)\.ts$/.test(f));
    const loadsZod = plain.filter((f) => /from '(?:zod|[^']*\/(?:answers|requests)(?:\.js)?|\.\/(?:answers|requests)(?:\.js)?)'/.test(text(f)));
    expect(loadsZod).toEqual([]);
  });
});
