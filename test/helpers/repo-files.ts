import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Folders never read as sources: installed packages, builds, data and test output. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results']);

/** Every file under these folders of the repository (paths relative to its root, `/`-separated); a missing folder has none. */
export function repoFiles(dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(rel);
      } else if (entry.isFile()) out.push(rel);
    }
  };
  for (const dir of dirs) if (existsSync(path.join(REPO_ROOT, dir))) walk(dir);
  return out;
}
