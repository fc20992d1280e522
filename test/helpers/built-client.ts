// A stand-in of the built client that the server serves from <cwd>/dist/client: the client's own
// index.html (with the marks the server puts pages between) and a route manifest of a few pages, as
// the build writes them (vite.config.ts).
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

const route = (pattern: string, title: string | null, draw = false) => ({ pattern, title, draw, query: [], scripts: [] });

/** The pages of the stand-in: enough to tell a page of the table from a path that is no page. */
export const BUILT_ROUTES = [
  route('/', 'Your Horror Debut', true),
  route('/leaderboard', 'Leaderboard', true),
  route('/leaderboard/group/:groupId', 'Leaderboard', true),
  route('/profile/:username', null, true),
  route('/profile/2025/:username', null, true),
  route('/profile/basics', 'Profile Basics'),
  route('/profile/photos', 'Your Profile Photos'),
  route('/profile/social', 'Social Links'),
  route('/dashboard', 'Dashboard'),
  route('*', 'Page Not Found', true),
];

/** Writes the stand-in under `cwd` and answers its index.html. */
export async function writeBuiltClient(cwd: string): Promise<string> {
  const client = path.join(cwd, 'dist/client');
  await mkdir(path.join(client, 'assets'), { recursive: true });
  await copyFile(path.resolve('client/index.html'), path.join(client, 'index.html'));
  await writeFile(path.join(client, 'route-manifest.json'), JSON.stringify({ routes: BUILT_ROUTES }));
  return readFile(path.join(client, 'index.html'), 'utf8');
}

/**
 * The real build of the client under `cwd` (links to this checkout's dist/client and dist/ssr, built
 * first when its sources are newer): for tests of what the drawn pages carry. Answers its index.html.
 */
export async function linkBuiltClient(cwd: string): Promise<string> {
  execFileSync(process.execPath, ['scripts/ensure-build.mjs', 'client'], { stdio: 'inherit' });
  await mkdir(path.join(cwd, 'dist'), { recursive: true });
  for (const part of ['client', 'ssr']) await symlink(path.resolve('dist', part), path.join(cwd, 'dist', part), 'dir');
  return readFile(path.resolve('dist/client/index.html'), 'utf8');
}
