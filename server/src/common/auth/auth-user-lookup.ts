/** What the session needs to know of a signed-in user (the users module's UserEntity has these fields). */
export interface AuthUser {
  id: number;
  username: string;
  email: string;
  passwordHash: string;
  isSuperuser: boolean;
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
