// `npm run docs:config`: writes `.env.example` and the variables' tables of docs/configuration.md from
// the configuration schema's descriptions (server/src/config/config.ts). `--check` writes nothing and
// exits 1 when either file differs from what the schema draws.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { envExample, settingsTables, withTables } from '#server/config/config-reference.js';

const root = process.cwd();
const files = [
  { file: path.join(root, '.env.example'), draw: () => envExample() },
  { file: path.join(root, 'docs/configuration.md'), draw: (now: string) => withTables(now, settingsTables()) },
];
const check = process.argv.includes('--check');
let stale = 0;
for (const { file, draw } of files) {
  const now = readFileSync(file, 'utf8');
  const drawn = draw(now);
  if (drawn === now) continue;
  stale++;
  if (check) console.error(`${path.relative(root, file)} differs from the configuration schema: run npm run docs:config`);
  else {
    writeFileSync(file, drawn);
    console.log(`wrote ${path.relative(root, file)}`);
  }
}
if (check && stale) process.exit(1);
if (!stale) console.log('.env.example and docs/configuration.md match the configuration schema');
