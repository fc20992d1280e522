// The staff page's words for the roles: what each may do, read off the roles' permissions so a change of
// a role's permissions changes its description.
import { ROLE_PERMISSIONS, STAFF_PERMISSIONS, STAFF_ROLE_LABELS, type StaffPermission, type StaffRole } from '#contract/auth/roles';
import { STAFF_MESSAGES } from '#contract/staff/messages';
import { describeError, errorDetail, errorStatus } from '@/lib/api/api-error';

/** What a permission opens, as a role's description lists it. */
export const PERMISSION_LABELS: Readonly<Record<StaffPermission, string>> = {
  standings: 'contest standings',
  contests: 'contest editing',
  moderation: 'vote review',
  support: 'the support inbox',
  payments: 'payments',
  ledger: 'the vote ledger export',
  jobs: 'background jobs',
  accounts: 'deleting accounts',
  audit: 'the audit log',
  roles: 'staff roles',
  'two-factor': 'their own two-factor sign-in',
};

/** 'a, b and c' */
function listOf(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** One line: what the role may do ('Contest standings, contest editing and the support inbox.'). */
export function roleDescription(role: StaffRole): string {
  const permissions = ROLE_PERMISSIONS[role];
  const all = STAFF_PERMISSIONS.every((p) => permissions.includes(p));
  const text = listOf(permissions.map((p) => PERMISSION_LABELS[p]));
  return all ? `Everything: ${text}.` : `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** 'Alice is now an Organizer' */
export function roleArticle(role: StaffRole): string {
  return /^[aeiou]/i.test(STAFF_ROLE_LABELS[role]) ? `an ${STAFF_ROLE_LABELS[role]}` : `a ${STAFF_ROLE_LABELS[role]}`;
}

const STAFF_ANSWERS: readonly string[] = Object.values(STAFF_MESSAGES);

/**
 * Why the server refused a grant, change or revoke, in words: its own staff message when it sent one
 * (unknown user, not verified, a contestant, the last owner, a role it does not know); a bare 404 is the
 * unknown username; anything else as it came.
 */
export function roleChangeFailure(error: unknown): string {
  const detail = errorDetail(error);
  if (detail && STAFF_ANSWERS.includes(detail)) return detail;
  if (errorStatus(error) === 404) return STAFF_MESSAGES.userNotFound;
  return describeError(error);
}
