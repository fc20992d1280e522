// Secrets given as files (docker and Kubernetes secrets are mounted as files): `<NAME>_FILE` names a
// file whose content is the value of `<NAME>`, so the secret never sits in the environment.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The settings that may come from a file. */
export const FILE_SETTINGS = [
  'JWT_SECRET',
  'VOTER_HASH_KEY',
  'DATABASE_URL',
  'DATABASE_PASSWORD',
  'REDIS_URL',
  'SMTP_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PAYPAL_CLIENT_SECRET',
  'OIDC_GOOGLE_CLIENT_SECRET',
  'OIDC_APPLE_CLIENT_SECRET',
  'OIDC_FACEBOOK_CLIENT_SECRET',
  'SEED_ADMIN_PASSWORD',
  'METRICS_TOKEN',
] as const;

export interface SecretFiles {
  /** The environment with each `<NAME>_FILE` read into `<NAME>`. */
  env: Record<string, string>;
  /** One line per file that could not be used; never its content. */
  problems: string[];
}

/** Reads every `<NAME>_FILE` of FILE_SETTINGS (a path relative to `cwd` allowed); the line break that ends a file is not part of the value. */
export function readSecretFiles(env: Record<string, string>, cwd: string): SecretFiles {
  const out = { ...env };
  const problems: string[] = [];
  for (const name of FILE_SETTINGS) {
    const variable = `${name}_FILE`;
    const file = out[variable];
    delete out[variable];
    if (!file) continue;
    if (out[name] !== undefined) {
      problems.push(`${variable}: set ${name} or ${variable}, not both`);
      continue;
    }
    let text: string;
    try {
      text = readFileSync(path.resolve(cwd, file), 'utf8');
    } catch (err) {
      problems.push(`${variable}: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
      continue;
    }
    const value = text.replace(/[\r\n]+$/, '');
    if (!value.trim()) problems.push(`${variable}: ${file} is empty`);
    else out[name] = value;
  }
  return { env: out, problems };
}
