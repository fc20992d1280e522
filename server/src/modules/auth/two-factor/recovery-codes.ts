// Recovery codes: random, shown once, kept as SHA-256 hashes. Each holds 60 random bits, too many to
// try through the sign-in limits, so a plain hash (no slow, salted one) is enough to keep them secret.
import { createHash, randomInt } from 'node:crypto';
import { formatRecoveryCode } from '#contract/twofactor/codes.js';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_CODE_GROUP_LENGTH, RECOVERY_CODE_GROUPS } from '#contract/twofactor/constants.js';

const LENGTH = RECOVERY_CODE_GROUPS * RECOVERY_CODE_GROUP_LENGTH;

/** A recovery code in its canonical form (12 characters, no dashes; codes.ts's `recoveryCodeOf`). */
const newCanonicalCode = (): string => Array.from({ length: LENGTH }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join('');

/** The SHA-256 of a canonical recovery code, in hex: what the table keeps. */
export const hashRecoveryCode = (canonical: string): string => createHash('sha256').update(canonical, 'utf8').digest('hex');

/** A new set of distinct codes, as shown (`k7m2-x9qd-4tnb`), with the hashes to store. */
export function newRecoveryCodes(count: number = RECOVERY_CODE_COUNT): { codes: string[]; hashes: string[] } {
  const canonical = new Set<string>();
  while (canonical.size < count) canonical.add(newCanonicalCode());
  const list = [...canonical];
  return { codes: list.map(formatRecoveryCode), hashes: list.map(hashRecoveryCode) };
}
