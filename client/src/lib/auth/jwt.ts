// Reads the login token's claims (the session user, their staff role and the token's expiry) without a library.
import type { TokenClaims } from '#contract/auth/answers';
import { STAFF_ROLES, type StaffRole } from '#contract/auth/roles';

export interface SessionUser {
  username: string;
  email: string;
  is_admin: boolean;
  is_verified: boolean;
  /** The staff role the token grants; null for everyone who is not staff. */
  staff_role: StaffRole | null;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  // atob yields one char per byte; percent-encode the bytes to decode them as UTF-8.
  return decodeURIComponent(Array.from(binary, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''));
}

/** The token's claims, or null when it is not a readable JWT with a subject and an expiry. */
export function decodeToken(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const claims = JSON.parse(decodeBase64Url(parts[1])) as Partial<TokenClaims>;
    if (typeof claims.sub !== 'string' || claims.sub === '' || typeof claims.exp !== 'number') return null;
    return {
      sub: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : '',
      is_superuser: claims.is_superuser === true,
      is_verified: claims.is_verified === true,
      // A role this client does not know grants nothing; a token without the claim keeps it absent.
      ...(claims.staff_role === undefined ? {} : { staff_role: isStaffRole(claims.staff_role) ? claims.staff_role : null }),
      exp: claims.exp,
    };
  } catch {
    return null;
  }
}

const isStaffRole = (value: unknown): value is StaffRole => (STAFF_ROLES as readonly unknown[]).includes(value);

/**
 * The token's staff role: its `staff_role` claim; a staff token issued before roles existed carries none
 * and is an owner's; no role for everyone else (and for a role the client does not know).
 */
export function staffRoleOf(claims: TokenClaims): StaffRole | null {
  if (claims.staff_role === undefined) return claims.is_superuser ? 'owner' : null;
  return isStaffRole(claims.staff_role) ? claims.staff_role : null;
}

export function isExpired(claims: TokenClaims, nowMs = Date.now()): boolean {
  return claims.exp * 1000 <= nowMs;
}

export function sessionUserFromClaims(claims: TokenClaims): SessionUser {
  return {
    username: claims.sub,
    email: claims.email ?? '',
    is_admin: claims.is_superuser,
    is_verified: claims.is_verified,
    staff_role: claims.is_superuser ? staffRoleOf(claims) : null,
  };
}
