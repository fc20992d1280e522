// Arguments of `npm run create-admin`, checked with the same rules as registration (contract/).
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { USERNAME_FORMAT_MESSAGE } from '#contract/auth/messages.js';
import { STAFF_ROLES, type StaffRole } from '#contract/auth/roles.js';
import { PASSWORD_MIN, USERNAME_PATTERN } from '#contract/auth/constants.js';

export const CREATE_ADMIN_USAGE = `usage: npm run create-admin -- --username NAME --email ADDRESS --password SECRET [--role ${STAFF_ROLES.join('|')}]`;

export interface CreateAdminArgs {
  username: string;
  email: string;
  password: string;
  /** The staff role: owner unless --role names another. */
  role: StaffRole;
}

const isStaffRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);

export type ParsedArgs = { ok: true; args: CreateAdminArgs } | { ok: true; help: true } | { ok: false; errors: string[] };

export function parseCreateAdminArgs(argv: string[]): ParsedArgs {
  let values: { username?: string; email?: string; password?: string; role?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        username: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
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
  const role = values.role?.trim().toLowerCase() ?? 'owner';
  if (!username) errors.push('--username is required');
  else if (!USERNAME_PATTERN.test(username)) errors.push(`--username: ${USERNAME_FORMAT_MESSAGE}`);
  if (!email) errors.push('--email is required');
  else if (email.length > 254 || !z.email().safeParse(email).success) errors.push(`--email: '${email}' is not a valid e-mail address`);
  if (!password) errors.push('--password is required');
  else if (password.length < PASSWORD_MIN) errors.push(`--password: must be at least ${PASSWORD_MIN} characters`);
  else if (password.length > 128) errors.push('--password: must be 128 characters or less');
  if (!isStaffRole(role)) errors.push(`--role: '${values.role}' is not one of ${STAFF_ROLES.join(', ')}`);
  return errors.length || !isStaffRole(role) ? { ok: false, errors } : { ok: true, args: { username, email, password, role } };
}
