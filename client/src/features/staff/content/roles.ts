// The staff page's words for the roles: what each may do, read off the roles' permissions so a change of
// a role's permissions changes its description, and the sentences that say who now holds which role.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ROLE_PERMISSIONS, STAFF_PERMISSIONS, STAFF_ROLE_LABELS, type StaffPermission, type StaffRole } from '#contract/auth/roles';
import { STAFF_MESSAGES } from '#contract/staff/messages';
import { describeError, errorDetail, errorStatus } from '@/lib/api/api-error';
import { contractText } from '@/lib/i18n/contract-text';

/** What a permission opens, as a role's description lists it. */
export const PERMISSION_LABELS: Readonly<Record<StaffPermission, MessageDescriptor>> = {
  standings: msg`contest standings`,
  contests: msg`contest editing`,
  moderation: msg`vote review`,
  support: msg`the support inbox`,
  payments: msg`payments`,
  ledger: msg`the vote ledger export`,
  jobs: msg`background jobs`,
  accounts: msg`deleting accounts`,
  audit: msg`the audit log`,
  roles: msg`staff roles`,
  integrations: msg`outbound webhooks`,
  'two-factor': msg`their own two-factor sign-in`,
  participants: msg`the participant export`,
};

/** 'a, b and c' */
function listOf(items: readonly string[], i18n: I18n): string {
  if (items.length < 2) return items.join('');
  const head = items.slice(0, -1).join(', ');
  const last = items[items.length - 1];
  return i18n._(msg`${head} and ${last}`);
}

/** One line: what the role may do ('Contest standings, contest editing and the support inbox.'). */
export function roleDescription(role: StaffRole, i18n: I18n): string {
  const permissions = ROLE_PERMISSIONS[role];
  const all = STAFF_PERMISSIONS.every((p) => permissions.includes(p));
  const text = listOf(
    permissions.map((p) => i18n._(PERMISSION_LABELS[p])),
    i18n,
  );
  return all ? i18n._(msg`Everything: ${text}.`) : `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** Whether English names the role with "an" ('an Organizer') rather than "a" ('a Moderator'). */
const takesAn = (role: StaffRole) => /^[aeiou]/i.test(STAFF_ROLE_LABELS[role]);

/** 'Alice is now an Organizer' */
export function nowHoldsRole(username: string, role: StaffRole, i18n: I18n, ct: (text: string) => string = contractText): string {
  const label = ct(STAFF_ROLE_LABELS[role]);
  return takesAn(role) ? i18n._(msg`${username} is now an ${label}`) : i18n._(msg`${username} is now a ${label}`);
}

/** The signed-in owner's own new role, which takes effect for them at their next sign-in (the token carries it). */
export function youNowHoldRole(role: StaffRole, i18n: I18n, ct: (text: string) => string = contractText): string {
  const label = ct(STAFF_ROLE_LABELS[role]);
  return takesAn(role)
    ? i18n._(msg`You are now an ${label}. Sign in again for your own new role to take effect.`)
    : i18n._(msg`You are now a ${label}. Sign in again for your own new role to take effect.`);
}

const STAFF_ANSWERS: readonly string[] = Object.values(STAFF_MESSAGES);

/**
 * Why the server refused a grant, change or revoke, in words: its own staff message when it sent one
 * (unknown user, not verified, a contestant, the last owner, a role it does not know); a bare 404 is the
 * unknown username; anything else as it came. In the app's language (`ct`).
 */
export function roleChangeFailure(error: unknown, ct: (text: string) => string = contractText): string {
  const detail = errorDetail(error);
  if (detail && STAFF_ANSWERS.includes(detail)) return ct(detail);
  if (errorStatus(error) === 404) return ct(STAFF_MESSAGES.userNotFound);
  return ct(describeError(error));
}
