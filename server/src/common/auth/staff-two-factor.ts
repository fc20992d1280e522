// STAFF_2FA=required: an owner without a second factor may only set one up. The staff guard calls
// `requireStaffTwoFactor` on every staff call, after it has checked the account is staff.
import { HttpStatus } from '@nestjs/common';
import type { Endpoint } from '#contract/api/endpoint.js';
import { profilesEndpoints } from '#contract/profiles/endpoints.js';
import type { StaffTwoFactorMode } from '#contract/twofactor/constants.js';
import { twoFactorEndpoints } from '#contract/twofactor/endpoints.js';
import { TWO_FACTOR_MESSAGES } from '#contract/twofactor/messages.js';
import { detailError } from '#server/common/errors.js';
import type { AuthUser } from './auth-user-lookup.js';

/** Whether the account is an owner, the staff whom STAFF_2FA=required holds to a second factor. */
export const isOwner = (user: AuthUser): boolean => user.staffRole === 'owner';

/** The calls an owner without a second factor may still make: its setup, and reading its own account. */
const OPEN_WITHOUT_SECOND_FACTOR: ReadonlySet<Endpoint> = new Set<Endpoint>([
  twoFactorEndpoints.getTwoFactorStatus,
  twoFactorEndpoints.startTwoFactorSetup,
  twoFactorEndpoints.confirmTwoFactorSetup,
  twoFactorEndpoints.regenerateRecoveryCodes,
  twoFactorEndpoints.disableTwoFactor,
  profilesEndpoints.currentUser,
]);

/** Whether STAFF_2FA keeps this account out of the admin area until it sets up a second factor. */
export const secondFactorRequired = (user: AuthUser, mode: StaffTwoFactorMode): boolean =>
  mode === 'required' && isOwner(user) && user.twoFactorEnabledAt === null;

/**
 * Refuses (403, naming the setup page) a staff call of an owner without a second factor while STAFF_2FA
 * is `required`, except the calls that set one up and GET /users/me. `endpoint` is the route's entry in
 * the endpoint table (`endpointOf(handler)`); a route mounted from none is refused like any other.
 */
export function requireStaffTwoFactor(user: AuthUser, endpoint: Endpoint | undefined, mode: StaffTwoFactorMode): void {
  if (!secondFactorRequired(user, mode)) return;
  if (endpoint && OPEN_WITHOUT_SECOND_FACTOR.has(endpoint)) return;
  throw detailError(HttpStatus.FORBIDDEN, TWO_FACTOR_MESSAGES.setupRequired);
}
