import type { UserEntity } from '#server/modules/users/entities/user.entity.js';

/**
 * How the guards find the signed-in user. The users module provides it, so the guards here
 * do not depend on a feature's internals (DESIGN.md: dependencies point one way).
 */
export abstract class AuthUserLookup {
  abstract findByUsername(username: string): Promise<UserEntity | null>;
}
