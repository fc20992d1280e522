import { describe, expect, it } from '@jest/globals';
import { contestsEndpoints } from '#contract/contests/endpoints.js';
import { profilesEndpoints } from '#contract/profiles/endpoints.js';
import { twoFactorEndpoints } from '#contract/twofactor/endpoints.js';
import { TWO_FACTOR_MESSAGES } from '#contract/twofactor/messages.js';
import type { AuthUser } from './auth-user-lookup.js';
import { isOwner, requireStaffTwoFactor, secondFactorRequired } from './staff-two-factor.js';

const owner: AuthUser = {
  id: 7,
  username: 'owner',
  email: 'owner@example.com',
  passwordHash: '$argon2id$stub',
  isSuperuser: true,
  staffRole: 'owner',
  isVerified: true,
  twoFactorEnabledAt: null,
};
const fan: AuthUser = { ...owner, id: 8, username: 'fan', isSuperuser: false, staffRole: null };
const moderator: AuthUser = { ...owner, id: 9, username: 'moderator', staffRole: 'moderator' };
const secured: AuthUser = { ...owner, twoFactorEnabledAt: new Date('2026-11-29T10:00:00Z') };

describe('requireStaffTwoFactor', () => {
  it('should take every staff account for an owner until roles say otherwise', () => {
    expect(isOwner(owner)).toBe(true);
    expect(isOwner(fan)).toBe(false);
    // Staff of another role are not held to it.
    expect(isOwner(moderator)).toBe(false);
  });

  it('should require a second factor of an owner without one, and only while STAFF_2FA is required', () => {
    expect(secondFactorRequired(owner, 'required')).toBe(true);
    expect(secondFactorRequired(owner, 'optional')).toBe(false);
    expect(secondFactorRequired(secured, 'required')).toBe(false);
    expect(secondFactorRequired(fan, 'required')).toBe(false);
    expect(secondFactorRequired(moderator, 'required')).toBe(false);
  });

  it('should refuse any other staff call with 403 naming the setup page', () => {
    for (const endpoint of [contestsEndpoints.createContest, twoFactorEndpoints.signInWithTwoFactor, undefined]) {
      expect(() => requireStaffTwoFactor(owner, endpoint, 'required')).toThrow(
        expect.objectContaining({ status: 403, response: { detail: TWO_FACTOR_MESSAGES.setupRequired } }),
      );
    }
    expect(TWO_FACTOR_MESSAGES.setupRequired).toContain('/admin/two-factor');
  });

  it('should let the setup calls and GET /users/me through, and everything once a second factor is on', () => {
    const open = [
      twoFactorEndpoints.getTwoFactorStatus,
      twoFactorEndpoints.startTwoFactorSetup,
      twoFactorEndpoints.confirmTwoFactorSetup,
      twoFactorEndpoints.regenerateRecoveryCodes,
      twoFactorEndpoints.disableTwoFactor,
      profilesEndpoints.currentUser,
    ];
    for (const endpoint of open) expect(() => requireStaffTwoFactor(owner, endpoint, 'required')).not.toThrow();
    expect(() => requireStaffTwoFactor(secured, contestsEndpoints.createContest, 'required')).not.toThrow();
    expect(() => requireStaffTwoFactor(owner, contestsEndpoints.createContest, 'optional')).not.toThrow();
  });
});
