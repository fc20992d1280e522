// How a typed code is read: an authenticator's 6 digits, or a recovery code in any letter case, with or
// without its dashes and spaces (and Crockford's look-alikes i, l → 1 and o → 0). One reading for the
// client's form and the server, which hashes the canonical form.
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_GROUP_LENGTH, RECOVERY_CODE_GROUPS, TOTP_CODE_PATTERN } from './constants.js';

const RECOVERY_LENGTH = RECOVERY_CODE_GROUPS * RECOVERY_CODE_GROUP_LENGTH;
const LOOK_ALIKES: Readonly<Record<string, string>> = { i: '1', l: '1', o: '0' };

/** The 6 digits of an authenticator code as typed ('123 456' too), or null when it is not one. */
export function totpCodeOf(typed: string): string | null {
  const digits = typed.replace(/\s+/g, '');
  return TOTP_CODE_PATTERN.test(digits) ? digits : null;
}

/** A recovery code's 12 characters without separators, lower case; null when it is not one. */
export function recoveryCodeOf(typed: string): string | null {
  const chars = [...typed.toLowerCase().replace(/[\s-]+/g, '')].map((c) => LOOK_ALIKES[c] ?? c).join('');
  if (chars.length !== RECOVERY_LENGTH || [...chars].some((c) => !RECOVERY_CODE_ALPHABET.includes(c))) return null;
  return chars;
}

/** A recovery code as shown: its groups joined by dashes (`k7m2-x9qd-4tnb`). */
export function formatRecoveryCode(canonical: string): string {
  const groups: string[] = [];
  for (let i = 0; i < canonical.length; i += RECOVERY_CODE_GROUP_LENGTH) groups.push(canonical.slice(i, i + RECOVERY_CODE_GROUP_LENGTH));
  return groups.join('-');
}
