// The README stays a short front page (at most 150 lines) and every pointer into the documentation can be
// followed: a relative Markdown link in README.md or docs/**/*.md names a file that exists and, with a
// `#anchor`, a heading of that file; a pointer to README.md or docs/<file>.md, with or without an anchor,
// written in a comment of the sources names a file and heading that exist. Anchors follow GitHub's rules: the heading lowercased,
// punctuation dropped, spaces turned into '-', and a repeated heading suffixed -1, -2… in order.
// Runs in the unit tier (`npm run test:unit`, part of `npm test`).
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, repoFiles } from '../helpers/repo-files.js';
import ts from 'typescript';

const ROOT = REPO_ROOT;
const README_MAX_LINES = 150;
const SOURCE_DIRS = ['server/src', 'client/src', 'contract', 'scripts', 'test'];
const SOURCE_FILE = /\.(?:ts|tsx|mjs)$/;

/** What the checks may ask of the repository: a path's kind from its root, and a file's text. */
interface Repo {
  kind: (rel: string) => 'file' | 'dir' | null;
  read: (rel: string) => string;
}

const disk: Repo = {
  kind: (rel) => {
    const full = path.join(ROOT, rel);
    if (!existsSync(full)) return null;
    return statSync(full).isDirectory() ? 'dir' : 'file';
  },
  read: (rel) => readFileSync(path.join(ROOT, rel), 'utf8'),
};

/** A Markdown text's lines outside fenced code blocks (a `#` line in a shell block is no heading). */
function proseLines(text: string): string[] {
  let fence: string | null = null;
  return text.split('\n').map((line) => {
    const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (fence === null && open) {
      fence = open[1];
      return '';
    }
    if (fence !== null) {
      if (line.trim().startsWith(fence)) fence = null;
      return '';
    }
    return line;
  });
}

/** GitHub's anchor for a heading's text, before any suffix for a repeated heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** Every anchor a Markdown text's headings give, the second of a slug as slug-1, the third slug-2. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of proseLines(text)) {
    const m = /^\s{0,3}#{1,6}\s+(.+?)(?:\s+#+)?\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Why `target` (a path from the repository's root, maybe with `#anchor`) cannot be followed, or null. */
function unfollowable(target: string, repo: Repo): string | null {
  const [file, anchor] = target.split('#');
  const kind = repo.kind(file);
  if (kind === null) return `${file} does not exist`;
  if (anchor === undefined || anchor === '') return null;
  if (kind !== 'file' || !file.endsWith('.md')) return `#${anchor} points into ${file}, which is no Markdown file`;
  return anchorsOf(repo.read(file)).has(anchor.toLowerCase()) ? null : `${file} has no heading #${anchor}`;
}

/** The broken relative links of one Markdown file (`file` from the repository's root), one line each. */
function markdownLinkProblems(file: string, repo: Repo): string[] {
  const problems: string[] = [];
  proseLines(repo.read(file)).forEach((line, i) => {
    // Inline code is text, not a link.
    const prose = line.replace(/`[^`]*`/g, '');
    for (const m of prose.matchAll(/\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const link = m[1];
      // Links to other sites and mail addresses are not files of the repository.
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue;
      const [linkPath, anchor] = link.split('#');
      const target = linkPath === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(linkPath)));
      const why = target.startsWith('..') ? `${link} leaves the repository` : unfollowable(anchor === undefined ? target : `${target}#${anchor}`, repo);
      if (why) problems.push(`${file}:${i + 1}: [${link}]: ${why}`);
    }
  });
  return problems;
}

const SCRIPT_KINDS: Record<string, ts.ScriptKind> = { '.ts': ts.ScriptKind.TS, '.tsx': ts.ScriptKind.TSX, '.mjs': ts.ScriptKind.JS };

/** Every comment of a source file, read by the compiler's parser, with the line it starts on. */
function commentsOf(file: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, SCRIPT_KINDS[path.extname(file)]);
  const seen = new Map<number, string>();
  const visit = (node: ts.Node) => {
    for (const range of [...(ts.getLeadingCommentRanges(text, node.pos) ?? []), ...(ts.getTrailingCommentRanges(text, node.end) ?? [])]) {
      if (!seen.has(range.pos)) seen.set(range.pos, text.slice(range.pos, range.end));
    }
    if (node.kind !== ts.SyntaxKind.JsxText) for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...seen].map(([pos, comment]) => ({ line: source.getLineAndCharacterOfPosition(pos).line + 1, text: comment }));
}

/** A pointer into the documentation as a comment writes it: README.md or docs/….md, maybe with #anchor. */
const DOC_REFERENCE = /(?<![\w./-])(?:README\.md|docs\/[\w./-]*\.md)(?:#[\w-]+)?/g;

/** The references in a source file's comments that cannot be followed, one line each. */
function commentReferenceProblems(file: string, text: string, repo: Repo): string[] {
  return commentsOf(file, text).flatMap((comment) =>
    comment.text.split('\n').flatMap((lineText, i) =>
      [...lineText.matchAll(DOC_REFERENCE)].flatMap(([reference]) => {
        const why = unfollowable(reference, repo);
        return why ? [`${file}:${comment.line + i}: ${reference}: ${why}`] : [];
      }),
    ),
  );
}

describe('links into the documentation', () => {
  it(`should keep README.md at ${README_MAX_LINES} lines or fewer`, () => {
    const lines = disk.read('README.md').replace(/\n$/, '').split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('should point every relative link of README.md and docs/ at a file and heading that exist', () => {
    const files = ['README.md', ...repoFiles(['docs']).filter((f) => f.endsWith('.md'))];
    expect(files.length).toBeGreaterThan(1);
    expect(files.flatMap((f) => markdownLinkProblems(f, disk)).join('\n')).toBe('');
  });

  it('should point every README.md or docs/ reference in a source comment at a file and heading that exist', () => {
    const files = repoFiles(SOURCE_DIRS).filter((f) => SOURCE_FILE.test(f));
    expect(files.flatMap((f) => commentReferenceProblems(f, disk.read(f), disk)).join('\n')).toBe('');
  });

  it('should catch a missing file, a missing heading and a heading repeated fewer times than linked', () => {
    const texts: Record<string, string> = {
      'README.md': '# App\n\nSee [setup](docs/guide.md#setup-the-app) and [run](docs/guide.md#run-1).\n',
      'docs/guide.md': '# Guide\n\n## Set up: the `app`!\n\n## Run\n\n```sh\n# not a heading\n```\n\n## Run\n',
    };
    const repo: Repo = {
      kind: (rel) => (texts[rel] !== undefined ? 'file' : rel === 'docs' ? 'dir' : null),
      read: (rel) => texts[rel],
    };
    expect(anchorsOf(texts['docs/guide.md'])).toEqual(new Set(['guide', 'set-up-the-app', 'run', 'run-1']));
    expect(markdownLinkProblems('README.md', repo)).toEqual(['README.md:3: [docs/guide.md#setup-the-app]: docs/guide.md has no heading #setup-the-app']);
    texts['README.md'] = '# App\n[a](docs/gone.md) [b](#app) [c](https://example.com/x.md) `[d](nowhere.md)` [e](docs/guide.md#run-2)\n';
    expect(markdownLinkProblems('README.md', repo)).toEqual([
      'README.md:2: [docs/gone.md]: docs/gone.md does not exist',
      'README.md:2: [docs/guide.md#run-2]: docs/guide.md has no heading #run-2',
    ]);
    texts['docs/guide.md'] = '# Guide\n\nBack to [the app](../README.md#app), [out](../../x.md).\n';
    expect(markdownLinkProblems('docs/guide.md', repo)).toEqual(['docs/guide.md:3: [../../x.md]: ../../x.md leaves the repository']);
    const source = "// The rule (README.md#app; docs/guide.md#nowhere).\nexport const a = 'README.md#gone';\n/** docs/none.md */\n";
    expect(commentReferenceProblems('x.ts', source, repo)).toEqual([
      'x.ts:1: docs/guide.md#nowhere: docs/guide.md has no heading #nowhere',
      'x.ts:3: docs/none.md: docs/none.md does not exist',
    ]);
  });
});
