#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile defaults: a mid-range phone on slow 4G, simulated) on the
// public pages of a running site, with the Debian Chromium. Start the site first (`npm start`), then
// run this in another terminal. It prints the scores and the main metrics of each page and exits
// with 1 when a score is below LIGHTHOUSE_MIN; nothing in `npm test` depends on it.
//
// Settings (environment variables, defaults in brackets):
//   LIGHTHOUSE_URL [http://127.0.0.1:$PORT, PORT 3000]  the site
//   LIGHTHOUSE_PAGES [all]      comma-separated names from the list below, e.g. 'landing,profile'
//   LIGHTHOUSE_RUNS [1]         runs per page; the median performance run is reported
//   LIGHTHOUSE_MIN [95]         the lowest acceptable score in each category
//   LIGHTHOUSE_REPORTS          a folder to write each page's full JSON report to
//   CHROME_PATH [/usr/bin/chromium]
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const base = (process.env.LIGHTHOUSE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const minimum = Number(process.env.LIGHTHOUSE_MIN ?? 95);
const reports = process.env.LIGHTHOUSE_REPORTS;
const categories = ['performance', 'accessibility', 'best-practices'];

async function getJson(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

/** The pages measured; the profile, vote and embed pages use the leaderboard's first contestant (and their group). */
async function pages() {
  try {
    await getJson(`${base}/api/v1/health`);
  } catch (err) {
    console.error(`No site at ${base} (${err.message}). Start it first with \`npm start\`, or set LIGHTHOUSE_URL.`);
    process.exit(2);
  }
  const groups = await getJson(`${base}/api/v1/groups/all-contestants`);
  const first = Object.values(groups).flat()[0];
  const list = [
    { name: 'landing', path: '/' },
    { name: 'leaderboard', path: '/leaderboard' },
    ...(first
      ? [
          { name: 'profile', path: `/profile/${encodeURIComponent(first.username)}` },
          { name: 'vote', path: `/vote/${first.id}` },
          // The pages organizers frame on their own sites (decision 058).
          { name: 'embed-vote', path: `/embed/vote/${encodeURIComponent(first.username)}` },
          { name: 'embed-leaderboard', path: `/embed/groups/${first.group_id}/leaderboard` },
        ]
      : []),
    { name: 'support', path: '/support' },
    // The second language's drawing and catalog chunk: the landing page and the vote page in Portuguese.
    { name: 'landing-pt', path: '/', locale: 'pt-BR' },
    ...(first ? [{ name: 'vote-pt', path: `/vote/${first.id}`, locale: 'pt-BR' }] : []),
  ];
  if (!first) console.warn('No contest is current, so there is no profile or vote page to measure.');
  const wanted = process.env.LIGHTHOUSE_PAGES?.split(',').map((s) => s.trim());
  return wanted ? list.filter((p) => wanted.includes(p.name)) : list;
}

function summary(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    scores: Object.fromEntries(categories.map((c) => [c, score(c)])),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    si: audit('speed-index'),
    bytes: audit('total-byte-weight'),
    // What kept a category from 100, so a low score says where to look.
    misses: categories.flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
        .map((ref) => `${c}: ${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`),
    ),
  };
}

/**
 * One Lighthouse run, in the page's language when it names one (the switcher's cookie); a failed trace
 * recording (NO_NAVSTART and the like) is tried again, as Lighthouse advises.
 */
async function audit(page, attempts = 3) {
  const extraHeaders = page.locale ? { Cookie: `locale=${page.locale}` } : undefined;
  const result = await lighthouse(`${base}${page.path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories, extraHeaders });
  if (!result?.lhr) throw new Error(`Lighthouse gave no result for ${page.path}`);
  if (!result.lhr.runtimeError) return result;
  if (attempts <= 1) throw new Error(`${page.path}: ${result.lhr.runtimeError.message}`);
  console.warn(`${page.path}: ${result.lhr.runtimeError.code}, running it again`);
  return audit(page, attempts - 1);
}

const median = (results) => [...results].sort((a, b) => a.scores.performance - b.scores.performance)[results.length >> 1];

const list = await pages();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const rows = [];
try {
  if (reports) await mkdir(reports, { recursive: true });
  for (const page of list) {
    const results = [];
    for (let i = 0; i < runs; i++) {
      const result = await audit(page);
      results.push(summary(result.lhr));
      if (reports) await writeFile(path.join(reports, `${page.name}-${i + 1}.json`), result.report);
    }
    rows.push({ ...page, ...median(results) });
  }
} finally {
  await chrome.kill();
}

const ms = (v) => `${(v / 1000).toFixed(1)} s`;
console.log(`\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}on ${base}, mobile defaults\n`);
console.log('page          perf  a11y  best   FCP     LCP     TBT     CLS    SI      sent');
for (const r of rows) {
  const s = r.scores;
  console.log(
    [
      `${r.path}${r.locale ? ` ${r.locale}` : ''}`.padEnd(13).slice(0, 13),
      String(s.performance).padStart(4),
      String(s.accessibility).padStart(5),
      String(s['best-practices']).padStart(5),
      ms(r.fcp).padStart(7),
      ms(r.lcp).padStart(7),
      `${Math.round(r.tbt)} ms`.padStart(7),
      r.cls.toFixed(3).padStart(6),
      ms(r.si).padStart(7),
      `${(r.bytes / 1024).toFixed(0)} KB`.padStart(8),
    ].join(' '),
  );
}
const low = rows.filter((r) => Object.values(r.scores).some((s) => s < minimum));
for (const r of rows) for (const m of r.misses) console.log(`  ${r.path}  ${m}`);
if (low.length) {
  console.log(`\nBelow ${minimum}: ${low.map((r) => r.path).join(', ')}`);
  process.exit(1);
}
console.log(`\nEvery page is at ${minimum} or above in ${categories.join(', ')}.`);
