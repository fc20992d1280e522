// Every code name docs/architecture.md writes in backticks exists in the sources: a class, function or
// constant (`StandingsService`, `TICK_MS`, `@Transactional()`) as a whole word of a .ts/.tsx/.mjs file
// under server/src, client/src, contract, scripts or test; `Class.method` with the method in a file that
// declares the class; a file or folder path (`modules/votes/`, `app/routes.tsx`, `votes.service.ts`) as
// one that exists from the repository's root, server/src or client/src, or by its file name anywhere in
// the sources. Commands, HTTP paths, URLs, placeholders (`<name>`, `x`, `…`) and plain lowercase words
// are not code names. Runs in the unit tier (`npm run test:unit`, part of `npm test`).
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, repoFiles } from '../helpers/repo-files.js';

const ROOT = REPO_ROOT;
const SOURCE_DIRS = ['server/src', 'client/src', 'contract', 'scripts', 'test'];
const PATH_BASES = ['', 'server/src/', 'client/src/', 'server/src/modules/', 'client/'];

const allFiles = [...repoFiles(SOURCE_DIRS), ...readdirSync(ROOT).filter((f) => /\.(?:ts|mjs)$/.test(f))];
// This spec's own probes are not sources.
const code = new Map(
  allFiles
    .filter((f) => /\.(?:ts|tsx|mjs)$/.test(f) && f !== 'test/lint/architecture-names.unit.spec.ts')
    .map((f) => [f, readFileSync(path.join(ROOT, f), 'utf8')]),
);
const fileNames = new Set(allFiles.map((f) => path.posix.basename(f)));

const word = (name: string) => new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`);
const declares = (name: string) => new RegExp(`\\b(?:class|function|const|interface|type|enum|let)\\s+${name}\\b`);

/** What kind of name a backticked span is, or null when it is not a code name. */
function classify(span: string): { kind: 'path'; name: string } | { kind: 'name'; name: string } | null {
  let s = span.trim();
  if (s === '' || /[\s<>*…{}$?=]/.test(s.replace(/=false$|=true$/, '')) || /^[./?#@]\/?$/.test(s)) return null;
  if (/^(?:\/|\?|\.\.?\/|https?:|#contract\/<|@\/|dist\/|DATA_DIR\/)/.test(s)) return null;
  s = s
    .replace(/=(?:false|true)$/, '')
    .replace(/^@/, '')
    .replace(/\(\)$/, '');
  if (s.startsWith('#server/')) return { kind: 'path', name: `server/src/${s.slice(8).replace(/\.js$/, '.ts')}` };
  if (s.includes('/') || /\.(?:tsx?|mjs|js|json|md|html)(?:#[\w-]+)?$/.test(s)) return { kind: 'path', name: s.replace(/#.*$/, '') };
  if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?$/.test(s) && /[A-Z_]/.test(s.split('.')[0] + (s.split('.')[1] ?? ''))) {
    return s.startsWith('this.') ? null : { kind: 'name', name: s };
  }
  return null;
}

/** Why a code name cannot be found, or null. */
function missing(entry: NonNullable<ReturnType<typeof classify>>): string | null {
  if (entry.kind === 'path') {
    // `a.controller/service.ts` names a.controller.ts and a.service.ts; `x` and `y` are placeholders.
    const short = /^([\w-]+)\.([\w/]+)\.(\w+)$/.exec(entry.name);
    if (short && short[2].includes('/')) {
      const gone = short[2]
        .split('/')
        .map((part) => `${short[1]}.${part}.${short[3]}`)
        .filter((f) => !fileNames.has(f));
      return gone.length === 0 ? null : `the files ${gone.join(', ')} are not in the repository`;
    }
    if (entry.name.split('/').some((part) => part === 'x' || part === 'y')) return null;
    const name = entry.name.replace(/\/$/, '');
    if (PATH_BASES.some((base) => existsSync(path.join(ROOT, base + name)))) return null;
    if (!name.includes('/') && fileNames.has(name)) return null;
    if (allFiles.some((f) => f.endsWith(`/${name}`) || f.includes(`/${name}/`))) return null;
    return `the path ${entry.name} is not in the repository`;
  }
  const [owner, member] = entry.name.split('.');
  const texts = [...code.values()];
  if (!texts.some((t) => word(owner).test(t))) return `${owner} is not in the sources`;
  if (member === undefined) return null;
  const declaring = texts.filter((t) => declares(owner).test(t));
  const where = declaring.length > 0 ? declaring : texts.filter((t) => word(owner).test(t));
  return where.some((t) => word(member).test(t)) ? null : `${entry.name}: ${owner} has no ${member}`;
}

function staleNames(doc: string): string[] {
  const spans = [...doc.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
  return [...new Set(spans)].flatMap((span) => {
    const entry = classify(span);
    const why = entry && missing(entry);
    return why ? [`\`${span}\`: ${why}`] : [];
  });
}

describe('code names in docs/architecture.md', () => {
  it('should name only classes, functions, constants and files that exist', () => {
    expect(staleNames(readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8'))).toEqual([]);
  });

  it('should catch a name, a method or a path that is gone, and pass over what is not code', () => {
    expect(staleNames('`StandingsService.changed`, `TickCache`, `modules/votes/`, `votes.service.ts`')).toEqual([]);
    expect(staleNames('`StandingsService.votesCounted`')).toHaveLength(1);
    expect(staleNames('`NoSuchServiceAnywhere`')).toHaveLength(1);
    expect(staleNames('`modules/nowhere/gone.ts`')).toHaveLength(1);
    expect(staleNames('`npm run check`, `GET /admin/audit-log`, `/leaderboard?page=2`, `votes`, `<name>.service.ts`')).toEqual([]);
  });
});
