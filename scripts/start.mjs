// `npm start`: build what is stale, then run the server (API, workers and the built client).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
execFileSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], { stdio: 'inherit', cwd: root });
process.chdir(root);
await import(pathToFileURL(path.join(root, 'dist/server/src/main.js')).href);
