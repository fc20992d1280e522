// The settings file of `npm start` and `npm run dev`: `.env` in the folder they start from (the project
// folder), or the file ENV_FILE names (`none`: no file), read with Node's own reader
// (process.loadEnvFile). A variable already set in the environment wins over the file, so
// `PORT=4000 npm start` still means port 4000.
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Reads the settings file when there is one; answers its path, or null. */
export function loadDotEnv(dir = process.cwd()) {
  const named = process.env.ENV_FILE;
  if (named === 'none') return null;
  const file = path.resolve(dir, named || '.env');
  if (!existsSync(file)) {
    // A file asked for by name must be there; the default one is optional.
    if (named) throw new Error(`ENV_FILE: no file at ${file}`);
    return null;
  }
  process.loadEnvFile(file);
  return file;
}
