// Arguments of `npm run create-admin`, checked with the same rules as registration (contract/).
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { USERNAME_FORMAT_MESSAGE } from '#contract/auth/messages.js';
import { PASSWORD_MIN, USERNAME_PATTERN } from '#contract/auth/constants.js';

export const CREATE_ADMIN_USAGE = 'usage: npm run create-admin -- --username NAME --email ADDRESS --password SECRET';

export interface CreateAdminArgs {
  username: string;
  email: string;
  password: string;
}

export type ParsedArgs = { ok: true; args: CreateAdminArgs } | { ok: true; help: true } | { ok: false; errors: string[] };

export function parseCreateAdminArgs(argv: string[]): ParsedArgs {
  let values: { username?: string; email?: string; password?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        username: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    // parseArgs explains unknown options and missing values in one sentence; keep the first line.
    return { ok: false, errors: [String(err instanceof Error ? err.message : err).split('\n')[0]] };
  }
  if (values.help) return { ok: true, help: true };

  const errors: string[] = [];
  const username = values.username?.trim() ?? '';
  const email = values.email?.trim() ?? '';
  const password = values.password ?? '';
  if (!username) errors.push('--username is required');
  else if (!USERNAME_PATTERN.test(username)) errors.push(`--username: ${USERNAME_FORMAT_MESSAGE}`);
  if (!email) errors.push('--email is required');
  else if (email.length > 254 || !z.email().safeParse(email).success) errors.push(`--email: '${email}' is not a valid e-mail address`);
  if (!password) errors.push('--password is required');
  else if (password.length < PASSWORD_MIN) errors.push(`--password: must be at least ${PASSWORD_MIN} characters`);
  else if (password.length > 128) errors.push('--password: must be 128 characters or less');
  return errors.length ? { ok: false, errors } : { ok: true, args: { username, email, password } };
}
