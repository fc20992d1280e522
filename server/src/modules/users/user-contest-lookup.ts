import type { ContestEntrySummary } from '#contract/api-types.js';
import type { ProfileContestState } from './profile.mapper.js';

export interface UserContestState {
  /** Every entry of the user, the current (or most recent) contest's first (spec 000 §3 Current user). */
  entries: ContestEntrySummary[];
  /** For the profile: the entry in the current contest, if any. */
  profile: ProfileContestState;
}

/**
 * How the users module learns a user's contest entries. The contests module provides it, so
 * users does not depend on contests' internals (the AuthUserLookup pattern, the other way round).
 */
export abstract class UserContestLookup {
  abstract forUser(userId: number): Promise<UserContestState>;
}
