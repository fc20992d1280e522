// The settings of a `.env` file in the folder the app is started from (`npm start`, `npm run dev`: the
// project folder), read with Node's own reader (process.loadEnvFile). A variable already set in the
// environment wins over the file, so `PORT=4000 npm start` still means port 4000.
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Reads `.env` when there is one; answers its path, or null. */
export function loadDotEnv(dir = process.cwd()) {
  const file = path.join(dir, '.env');
  if (!existsSync(file)) return null;
  process.loadEnvFile(file);
  return file;
}
