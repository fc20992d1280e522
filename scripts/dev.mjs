// `npm run dev`: the server recompiled and restarted on change (port 3000) and Vite's dev server
// with hot reload (port 5173, proxying /api, /uploads and /socket.io to the server).
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { loadDotEnv } from './load-env.mjs';

// `.env` as `npm start` reads it; the processes below inherit the settings, and the open-files limit
// that the npm script raised to the hard one, as `npm start` does.
loadDotEnv();

const node = process.execPath;
execFileSync(node, ['scripts/ensure-build.mjs', 'server'], { stdio: 'inherit' });
const children = [
  spawn(node, ['node_modules/typescript/bin/tsc', '-p', 'server/tsconfig.build.json', '--watch', '--preserveWatchOutput'], { stdio: 'inherit' }),
  spawn(node, ['--watch-path=dist/server', '--watch-preserve-output', 'dist/server/src/main.js'], {
    stdio: 'inherit',
    // One server process unless asked: it restarts fastest on every change.
    env: {
      ...process.env,
      SERVE_CLIENT: process.env.SERVE_CLIENT ?? 'false',
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
      WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? '1',
    },
  }),
  spawn(node, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && code !== 0 && stop());
