// Comments state the rule the code enforces in our own words. They never send a newcomer to a document
// the repository does not hold (numbered product spec sections, tracker issues, design notes kept
// elsewhere); a product rule worth a pointer points into docs/ (docs/product.md#free-votes), and such a
// pointer must name a file and heading that exist. Only comments are read: test names and user-facing
// texts are strings and stay as they are. Runs in the unit tier (`npm run test:unit`, part of `npm test`).
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What a comment may not say, and why. */
const CITATIONS: readonly { pattern: RegExp; reason: string }[] = [
  { pattern: /\bspec(?:'s|’s)?\s+0\d\d\b/i, reason: 'cites a numbered spec document that is not in the repository' },
  { pattern: /(?<![\w.])0\d\d\s+§/, reason: 'cites a section of a spec document that is not in the repository' },
  { pattern: /(?<!\bRFC\s+\d+\s*)§/, reason: 'cites a section (§) of a document that is not in the repository' },
  { pattern: /\bthe spec(?:'s|’s)?\b/i, reason: 'refers to "the spec", which is not in the repository: state the rule, or point to docs/' },
  { pattern: /\bissues?\s*#?\d+/i, reason: 'cites a tracker issue, which is not in the repository' },
  { pattern: /\bDESIGN(?:\.md)?\b/, reason: 'cites DESIGN.md, which is not in the repository: docs/architecture.md or docs/product.md' },
];

/** Folders and files read, from the repository's root. */
const SCANNED_DIRS = ['client', 'server', 'contract', 'test', 'scripts', 'deploy', '.ci'];
const SCANNED_ROOT_FILE = /^(?:.*\.(?:ts|js|mjs|cjs|ya?ml)|Dockerfile)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results', 'public']);

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(rel);
      } else if (entry.isFile()) {
        files.push(rel);
      }
    }
  };
  for (const dir of SCANNED_DIRS) if (existsSync(path.join(ROOT, dir))) walk(dir);
  for (const entry of readdirSync(ROOT, { withFileTypes: true })) if (entry.isFile() && SCANNED_ROOT_FILE.test(entry.name)) files.push(entry.name);
  return files.sort();
}

interface Comment {
  /** Offset of the comment in the file. */
  start: number;
  text: string;
}

const SCRIPT_KINDS: Record<string, ts.ScriptKind> = {
  '.ts': ts.ScriptKind.TS,
  '.mts': ts.ScriptKind.TS,
  '.cts': ts.ScriptKind.TS,
  '.tsx': ts.ScriptKind.TSX,
  '.js': ts.ScriptKind.JS,
  '.mjs': ts.ScriptKind.JS,
  '.cjs': ts.ScriptKind.JS,
  '.jsx': ts.ScriptKind.JSX,
};

/**
 * Every comment of a TypeScript or JavaScript file, read by the compiler's parser: a comment is trailing
 * trivia of the token before it (on that token's line) or leading trivia of the token after it.
 */
function scriptComments(file: string, text: string, kind: ts.ScriptKind): Comment[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Map<number, Comment>();
  const visit = (node: ts.Node) => {
    for (const range of [...(ts.getLeadingCommentRanges(text, node.pos) ?? []), ...(ts.getTrailingCommentRanges(text, node.end) ?? [])]) {
      if (!seen.has(range.pos)) seen.set(range.pos, { start: range.pos, text: text.slice(range.pos, range.end) });
    }
    if (node.kind !== ts.SyntaxKind.JsxText) for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...seen.values()];
}

function matches(text: string, pattern: RegExp): Comment[] {
  return [...text.matchAll(pattern)].map((m) => ({ start: m.index, text: m[0] }));
}

function comments(file: string, text: string): Comment[] {
  const ext = path.extname(file);
  if (SCRIPT_KINDS[ext] !== undefined) return scriptComments(file, text, SCRIPT_KINDS[ext]);
  if (ext === '.css') return matches(text, /\/\*[\s\S]*?\*\//g);
  if (ext === '.html') return matches(text, /<!--[\s\S]*?-->/g);
  if (['.yml', '.yaml', '.conf', '.sh'].includes(ext) || ['Dockerfile', 'run'].includes(path.basename(file))) {
    return matches(text, /(?<=^|\s)#(?!!).*$/gm);
  }
  return [];
}

/** GitHub's anchor for a Markdown heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)].map((m) => slug(m[1])));
}

/** Why a Markdown file a comment names (`docs/product.md#ranking`) cannot be followed, or null. */
function brokenDocLink(from: string, link: string): string | null {
  const [name, anchor] = link.split('#');
  const candidates = [name, path.posix.join(path.posix.dirname(from), name), `docs/${name}`, `docs/decisions/${name}`];
  const target = candidates.find((c) => existsSync(path.join(ROOT, c)));
  if (!target) return `names ${name}, which is not in the repository`;
  if (anchor && !anchorsOf(target).has(anchor)) return `names the heading #${anchor}, which ${target} does not have`;
  return null;
}

interface Finding {
  file: string;
  line: number;
  reason: string;
  /** The comment's line. */
  text: string;
}

function findings(): Finding[] {
  const found: Finding[] = [];
  for (const file of sourceFiles()) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    if (text.includes('\u0000')) continue;
    for (const comment of comments(file, text)) {
      const firstLine = text.slice(0, comment.start).split('\n').length;
      comment.text.split('\n').forEach((lineText, i) => {
        const reasons = CITATIONS.filter(({ pattern }) => pattern.test(lineText)).map(({ reason }) => reason);
        for (const [link] of lineText.matchAll(/[\w./-]*\w\.md(?:#[\w-]+)?/g)) reasons.push(brokenDocLink(file, link) ?? '');
        const reason = reasons.filter(Boolean).join('; ');
        if (reason) found.push({ file, line: firstLine + i, reason, text: lineText.trim() });
      });
    }
  }
  return found;
}

const show = (list: Finding[]) => list.map((f) => `${f.file}:${f.line}: ${f.reason}\n    ${f.text}`).join('\n');

describe('references in comments', () => {
  const all = findings();

  it('should cite no document outside the repository, and point only to files and headings that exist', () => {
    expect(show(all)).toBe('');
  });

  it('should catch a citation, in any comment style', () => {
    const probe = (file: string, text: string) => comments(file, text).flatMap((c) => CITATIONS.filter((r) => r.pattern.test(c.text)));
    expect(probe('x.ts', "const a = 'spec 000 §4'; // fine\n")).toEqual([]);
    expect(probe('x.ts', '/** Rank (spec 001 §4). */\nexport const a = 1;\n')).not.toEqual([]);
    expect(probe('x.tsx', 'export const A = () => <div>{/* preview (issue 11) */}</div>;\n')).not.toEqual([]);
    expect(probe('x.css', '.a { color: red; } /* less work (issue 13) */\n')).not.toEqual([]);
    expect(probe('run', 'echo "#1"\n# Page speed (issue 13)\n')).not.toEqual([]);
    expect(probe('x.ts', '// Brotli on a tie (RFC 9110 §12.5.3).\n')).toEqual([]);
    expect(brokenDocLink('x.ts', 'docs/product.md#free-votes')).toBeNull();
    expect(brokenDocLink('x.ts', 'docs/product.md#nowhere')).not.toBeNull();
    expect(brokenDocLink('x.ts', 'DESIGN.md')).not.toBeNull();
  });
});
