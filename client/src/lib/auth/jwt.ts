// Reads the login token's claims (the session user and the token's expiry) without a library.
import type { TokenClaims } from '#contract/auth/answers';

export interface SessionUser {
  username: string;
  email: string;
  is_admin: boolean;
  is_verified: boolean;
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
      exp: claims.exp,
    };
  } catch {
    return null;
  }
}

export function isExpired(claims: TokenClaims, nowMs = Date.now()): boolean {
  return claims.exp * 1000 <= nowMs;
}

export function sessionUserFromClaims(claims: TokenClaims): SessionUser {
  return { username: claims.sub, email: claims.email ?? '', is_admin: claims.is_superuser, is_verified: claims.is_verified };
}
