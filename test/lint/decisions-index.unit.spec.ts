// docs/decisions/README.md indexes every decision record: one row per file of docs/decisions, no row for a
// file that is not there, a status that is `accepted`, `amended by NNN` or `superseded by NNN` (NNN later
// records that exist), and a record amended or superseded says so in one line under its heading.
// Runs in the unit tier (`npm run test:unit`, part of `npm test`).
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('../../docs/decisions', import.meta.url));
const RECORD = /^(\d{3})-[a-z0-9-]+\.md$/;

interface Row {
  number: string;
  file: string;
  status: string;
}

/** The index's table rows: `| [NNN](<record file>) | title | date | status | decided |`. */
function indexRows(index: string): Row[] {
  return [...index.matchAll(/^\|\s*\[(\d{3})\]\(([^)]+)\)\s*\|[^|]*\|[^|]*\|\s*([^|]*?)\s*\|/gm)].map((m) => ({
    number: m[1],
    file: m[2],
    status: m[3],
  }));
}

/** Why a record's index row and its file disagree, one line each; empty when they agree. */
function problems(files: readonly string[], index: string, read: (file: string) => string): string[] {
  const found: string[] = [];
  const records = files.filter((f) => RECORD.test(f));
  const rows = indexRows(index);
  const numbers = new Set(records.map((f) => f.slice(0, 3)));
  for (const file of records) if (!rows.some((r) => r.file === file)) found.push(`${file} is not in the index`);
  for (const row of rows) {
    if (!records.includes(row.file)) {
      found.push(`the index names ${row.file}, which is not in docs/decisions`);
      continue;
    }
    if (!row.file.startsWith(`${row.number}-`)) found.push(`row ${row.number} links ${row.file}, another number`);
    if (rows.filter((r) => r.file === row.file).length > 1) found.push(`${row.file} has more than one row`);
    if (row.status === 'accepted') continue;
    const status = /^(superseded|amended) by (\d{3}(?:, \d{3})*)$/.exec(row.status);
    if (!status) {
      found.push(`${row.file}: status "${row.status}" is not accepted, superseded by NNN or amended by NNN`);
      continue;
    }
    const later = status[2].split(', ');
    for (const n of later) {
      if (!numbers.has(n)) found.push(`${row.file}: ${status[1]} by ${n}, which is not a record`);
      else if (n <= row.number) found.push(`${row.file}: ${status[1]} by ${n}, which is not a later record`);
    }
    // The record's own top line: its heading, a blank line, then "> Superseded by [NNN](…)…" naming each.
    const lines = read(row.file).split('\n');
    const top = lines[0].startsWith('# ') && lines[1] === '' ? (lines[2] ?? '') : '';
    const word = status[1] === 'superseded' ? 'Superseded' : 'Amended';
    if (!top.startsWith(`> ${word} by `)) found.push(`${row.file}: no "> ${word} by" line under its heading`);
    else for (const n of later) if (!top.includes(`[${n}](${n}-`)) found.push(`${row.file}: its top line does not link ${n}`);
  }
  return found;
}

describe('the decision records index', () => {
  const read = (file: string) => readFileSync(path.join(DIR, file), 'utf8');

  it('should list every record once, with a known status and a top line on each record changed later', () => {
    expect(problems(readdirSync(DIR), read('README.md'), read)).toEqual([]);
    expect(indexRows(read('README.md')).length).toBeGreaterThan(0);
  });

  it('should catch a missing row, a row without a file, an unknown status and a missing top line', () => {
    const files = ['001-a.md', '002-b.md', 'README.md'];
    const texts: Record<string, string> = { '001-a.md': '# 001 — A\n\n> Amended by [002](002-b.md): why.\n', '002-b.md': '# 002 — B\n' };
    const row = (n: string, file: string, status: string) => `| [${n}](${file}) | T | 2026-11-22 | ${status} | D |\n`;
    const good = row('001', '001-a.md', 'amended by 002') + row('002', '002-b.md', 'accepted');
    expect(problems(files, good, (f) => texts[f])).toEqual([]);
    expect(problems(files, row('002', '002-b.md', 'accepted'), (f) => texts[f])).toEqual(['001-a.md is not in the index']);
    expect(problems(files, good + row('003', '003-c.md', 'accepted'), (f) => texts[f])).toHaveLength(1);
    expect(problems(files, row('001', '001-a.md', 'replaced') + row('002', '002-b.md', 'accepted'), (f) => texts[f])).toHaveLength(1);
    expect(problems(files, row('001', '001-a.md', 'superseded by 009') + row('002', '002-b.md', 'accepted'), (f) => texts[f])).toHaveLength(2);
    expect(problems(files, row('001', '001-a.md', 'accepted') + row('002', '002-b.md', 'superseded by 001'), (f) => texts[f])).toHaveLength(2);
  });
});
