// Builds the client and the server when their sources are newer than the last build, so that
// `npm start` on a fresh clone (or after a pull) always runs current code.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function newest(paths) {
  let t = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== 'node_modules') walk(path.join(p, e));
    } else t = Math.max(t, s.mtimeMs);
  };
  paths.forEach(walk);
  return t;
}

function stale(output, sources) {
  return !existsSync(output) || statSync(output).mtimeMs < newest(sources);
}

const node = process.execPath;
const parts = process.argv.slice(2);
const want = (name) => parts.length === 0 || parts.includes(name);

if (want('server') && stale('dist/server/src/main.js', ['server/src', 'contract', 'server/tsconfig.build.json', 'tsconfig.json', 'package-lock.json'])) {
  console.log('Building the server...');
  execFileSync(node, ['node_modules/typescript/bin/tsc', '-p', 'server/tsconfig.build.json'], { stdio: 'inherit' });
  // tsc leaves main.js untouched when nothing changed; mark the build as current.
  const now = new Date();
  (await import('node:fs')).utimesSync('dist/server/src/main.js', now, now);
}
const clientSources = ['client', 'contract', 'vite.config.ts', 'package-lock.json'];
// The client, and the server's drawing of its public pages (dist/ssr, client/src/entry-server.tsx).
if (want('client') && (stale('dist/client/index.html', clientSources) || stale('dist/ssr/entry-server.js', clientSources))) {
  console.log('Building the client...');
  // Always the production build: a NODE_ENV of the caller's (Jest sets 'test') would bundle React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  execFileSync(node, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env });
  execFileSync(node, ['node_modules/vite/bin/vite.js', 'build', '--ssr', '--logLevel', 'warn'], { stdio: 'inherit', env });
}
