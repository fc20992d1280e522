// The integration specs build their rows with the typed factories of test/helpers/factories.ts, never
// with INSERT statements of their own: a renamed column then breaks the build in one place instead of
// a copied statement failing at run time. A row a factory cannot make yet gets a factory there.
// Runs in the unit tier (`npm run test:unit`, part of `npm test`).
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, repoFiles } from '../helpers/repo-files.js';

/** An INSERT statement in any letter case, across a line break too. */
const INSERT = /\binsert\s+into\b/gi;

/** `file:line` of each INSERT statement in these sources. */
function inserts(files: readonly { name: string; text: string }[]): string[] {
  return files.flatMap(({ name, text }) => [...text.matchAll(INSERT)].map((m) => `${name}:${text.slice(0, m.index).split('\n').length}`));
}

describe('integration fixtures', () => {
  it('should find an INSERT statement however it is spelled', () => {
    const probe =
      'const skipped = "inserted into the ledger";\nawait t.db.pool.query(`insert   into votes (id) VALUES ($1)`);\nawait t.db.pool.query(`INSERT\n  INTO jobs (name) VALUES ($1)`);';
    expect(inserts([{ name: 'probe.spec.ts', text: probe }])).toEqual(['probe.spec.ts:2', 'probe.spec.ts:3']);
  });

  it('should build every integration spec’s rows with the factories, not INSERT statements', () => {
    const specs = repoFiles(['test/integration']).filter((f) => f.endsWith('.spec.ts'));
    expect(specs.length).toBeGreaterThan(0);
    const found = inserts(specs.map((name) => ({ name, text: readFileSync(path.join(REPO_ROOT, name), 'utf8') })));
    expect(found).toEqual([]);
  });
});
