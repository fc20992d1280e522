// `npm start`: read `.env` when there is one, build what is stale, then run the server (API, workers and
// the built client).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadDotEnv } from './load-env.mjs';

const envFile = loadDotEnv();
// Said on a terminal only: elsewhere stdout carries the JSON log lines alone.
if (envFile && process.stdout.isTTY) console.log(`Settings from ${envFile} (the environment wins over it)`);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A server that does not serve the client (SERVE_CLIENT=false) need not build it.
const parts = ['false', '0', 'no'].includes(process.env.SERVE_CLIENT ?? '') ? ['server'] : [];
execFileSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs'), ...parts], { stdio: 'inherit', cwd: root });
process.chdir(root);
// Libraries choose their production code by it (React's server renderer draws pages several times faster).
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(root, 'dist/server/src/main.js')).href);
