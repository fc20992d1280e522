import type { ActiveContestEntry } from '#contract/profiles/answers.js';
import type { ContestEntrySummary } from '#contract/contests/answers.js';
import type { VoteOffer } from '#contract/payments/answers.js';

/** What the contests work knows about a profile's current entry; absent until a contest is joined. */
export interface ProfileContestState {
  activeContestEntry: ActiveContestEntry | null;
  currentPositionInGroup: number | null;
  isEliminated: boolean;
  /** What votes for the current entry sell for (its contest's offer, or the site's); null without a current entry. */
  voteOffer: VoteOffer | null;
}

export interface UserContestState {
  /** Every entry of the user, the current (or most recent) contest's first. */
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
