import type { StaffRole } from '#contract/auth/roles.js';

/** What the session needs to know of a signed-in user (the users module's UserEntity has these fields). */
export interface AuthUser {
  id: number;
  username: string;
  email: string;
  passwordHash: string;
  /** A staff account (the admin area): true exactly when `staffRole` is set. */
  isSuperuser: boolean;
  /** Which staff the account is, null for everyone else; what each role may do is in contract/auth/roles.ts. */
  staffRole: StaffRole | null;
  isVerified: boolean;
  /** When two-factor sign-in was turned on; null while it is off. */
  twoFactorEnabledAt: Date | null;
}

/**
 * How the guards find the signed-in user. The users module provides it (SessionModule.forRoot),
 * so the guards here do not depend on a feature's internals (dependencies point one way: docs/architecture.md).
 */
export abstract class AuthUserLookup {
  abstract findByUsername(username: string): Promise<AuthUser | null>;
}
