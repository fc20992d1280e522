// `npm run db:sql`: the SQL every repository sends, as reviewed snapshot files in server/src/queries.
// Each repository method marked @GenerateSql (server/src/infra/database/generate-sql.ts) is called
// with each of its samples on a database migrated from scratch (with a few sample rows), inside a transaction that is rolled
// back, and every statement it sent is written, formatted, to server/src/queries/<repository>.sql.
// A change to a query therefore shows in review as a change to its snapshot. `--check` writes nothing
// and exits 1 when a snapshot differs from what the repositories send; the db tier checks the same
// (sql-snapshots.db.spec.ts). `--url URL` uses a migrated database instead of an embedded one.
import 'reflect-metadata';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format } from 'sql-formatter';
import { runGenerator } from './migrated-database.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = path.join(root, 'server/src');
const BUILD = path.join(root, 'dist/server/src');
export const QUERIES_DIR = path.join(SOURCES, 'queries');

/** The transaction's own statements are not the repository's. */
const FRAMING = /^(START TRANSACTION|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE SAVEPOINT|ROLLBACK TO SAVEPOINT)\b/i;

class Rollback extends Error {}

/**
 * The rows every sample may refer to, each the first of its table (id 1): a contestant entered in a
 * group of the current contest, and a fan. A method that reads before it writes then takes the path
 * it takes in use, and its snapshot shows every statement of that path.
 */
async function insertSampleRows(dataSource, qb) {
  const run = async (query) => {
    const { sql, parameters } = query.compile();
    return dataSource.query(sql, [...parameters]);
  };
  const start = new Date('2026-01-01T00:00:00Z');
  await run(
    qb.insertInto('users').values([
      { username: 'Mira', email: 'mira@example.com', password_hash: '$argon2id$sample', first_name: 'Mira', last_name: 'Vale' },
      { username: 'fan', email: 'fan@example.com', password_hash: '$argon2id$sample', first_name: 'Fan', last_name: 'One' },
    ]),
  );
  await run(qb.insertInto('contestant_profiles').values({ user_id: 1, category: 'Scream Queens' }));
  await run(qb.insertInto('contests').values({ name: 'Sample Cup', description: 'A contest', start_date: start, is_current: true }));
  await run(qb.insertInto('groups').values({ contest_id: 1, group_number: 1 }));
  await run(qb.insertInto('contest_entries').values({ user_id: 1, profile_id: 1, contest_id: 1, group_id: 1 }));
  await run(
    qb.insertInto('profile_questions').values(
      ['horror_passion', 'character_qualities', 'dreams_and_goals', 'ideal_horror_role'].map((key, i) => ({
        key,
        label: key,
        public_label: key,
        position: i + 1,
      })),
    ),
  );
}

async function* repositoryFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* repositoryFiles(full);
    else if (entry.name.endsWith('.repository.ts')) yield full;
  }
}

function pretty(statement) {
  try {
    return format(statement, { language: 'postgresql', tabWidth: 2, keywordCase: 'preserve' });
  } catch {
    // A statement the formatter cannot parse is still recorded, as sent.
    return statement.trim();
  }
}

/** Every snapshot file's text, by file name, from the migrated database at `url`. */
export async function drawSnapshots(url) {
  const { DataSource } = await import('typeorm');
  const { dataSourceOptions } = await import('#server/infra/database/data-source.js');
  const { Transactions } = await import('#server/infra/database/transactional.js');
  const { BaseRepository } = await import('#server/infra/database/base.repository.js');
  const { GENERATE_SQL } = await import('#server/infra/database/generate-sql.js');

  let sent = null;
  const logger = {
    logQuery: (query) => {
      if (sent && !FRAMING.test(query.trim())) sent.push(query);
    },
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  const dataSource = await new DataSource({ ...dataSourceOptions(url, 1), logger }).initialize();
  await insertSampleRows(dataSource, (await import('#server/infra/database/query-builder.js')).queryBuilder);
  const transactions = new Transactions(dataSource);
  const files = new Map();
  try {
    const sources = [];
    for await (const file of repositoryFiles(SOURCES)) sources.push(file);
    sources.sort();
    for (const source of sources) {
      const relative = path.relative(SOURCES, source);
      const module = await import(pathToFileURL(path.join(BUILD, relative.replace(/\.ts$/, '.js'))).href);
      const sections = [];
      for (const Repository of Object.values(module)) {
        if (typeof Repository !== 'function' || !(Repository.prototype instanceof BaseRepository)) continue;
        const repository = new Repository(dataSource);
        for (const name of Object.getOwnPropertyNames(Repository.prototype).sort()) {
          const method = Repository.prototype[name];
          const samples = typeof method === 'function' ? Reflect.getMetadata(GENERATE_SQL, method) : undefined;
          if (!samples) continue;
          for (const sample of samples) {
            sent = [];
            await transactions
              .run(
                async () => {
                  // A sample that fails still shows the statements it sent up to its failure.
                  await Promise.resolve(method.apply(repository, sample.params)).catch(() => undefined);
                  throw new Rollback();
                },
                { own: true },
              )
              .catch((err) => {
                if (!(err instanceof Rollback)) throw err;
              });
            const heading = `-- ${Repository.name}.${name}${sample.name ? ` (${sample.name})` : ''}`;
            const body = sent.length ? sent.map((s) => `${pretty(s)};`).join('\n\n') : '-- (sends no statement)';
            sections.push(`${heading}\n${body}`);
            sent = null;
          }
        }
      }
      if (sections.length === 0) continue;
      const header = `-- Generated by \`npm run db:sql\` from the @GenerateSql samples in ${path.relative(root, source)}: do not edit.\n`;
      files.set(path.basename(source).replace(/\.repository\.ts$/, '.sql'), `${header}\n${sections.join('\n\n')}\n`);
    }
  } finally {
    await dataSource.destroy();
  }
  return files;
}

/** Writes (or with `check`, compares) the snapshot files for the migrated database at `url`. */
async function sync(url, check) {
  const drawn = await drawSnapshots(url);
  const present = (await readdir(QUERIES_DIR).catch(() => [])).filter((f) => f.endsWith('.sql'));
  const stale = [];
  for (const [name, text] of drawn) {
    if ((await readFile(path.join(QUERIES_DIR, name), 'utf8').catch(() => '')) !== text) stale.push(name);
  }
  const orphans = present.filter((name) => !drawn.has(name));
  if (stale.length === 0 && orphans.length === 0) {
    console.log(`the ${drawn.size} snapshots in ${path.relative(root, QUERIES_DIR)} match the repositories`);
  } else if (check) {
    console.error(`SQL snapshots out of date (run npm run db:sql): ${[...stale, ...orphans.map((o) => `${o} (no repository)`)].join(', ')}`);
    process.exitCode = 1;
  } else {
    await mkdir(QUERIES_DIR, { recursive: true });
    for (const name of stale) await writeFile(path.join(QUERIES_DIR, name), drawn.get(name));
    for (const name of orphans) await rm(path.join(QUERIES_DIR, name));
    console.log(`wrote ${stale.length} and removed ${orphans.length} snapshots in ${path.relative(root, QUERIES_DIR)}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await runGenerator('db-sql', sync);
