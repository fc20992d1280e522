// Unsigned JWTs with the server's claims; the client only reads them.
import type { TokenClaims } from '#contract/auth/answers';
import type { StaffRole } from '#contract/auth/roles';

const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

export function makeToken(claims: Partial<TokenClaims> = {}): string {
  const full: TokenClaims = {
    sub: 'alice',
    email: 'alice@example.com',
    is_superuser: false,
    is_verified: true,
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(full)}.signature`;
}

/** A staff member's token as the server issues it: staff access and the role. */
export function staffToken(role: StaffRole, claims: Partial<TokenClaims> = {}): string {
  return makeToken({ sub: role === 'owner' ? 'boss' : role, email: `${role}@example.com`, is_superuser: true, staff_role: role, ...claims });
}
