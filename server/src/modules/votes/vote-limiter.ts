/** Spec 000 §9: one free vote per contestant per voter per 24 hours. */
export const FREE_VOTE_WINDOW_SECONDS = 24 * 3600;

/**
 * The free-vote slots: (contestant, voter key) pairs held for a window. PostgreSQL in one-process
 * mode, Redis in scaled mode; one contract test suite runs against both (vote-limiter.spec.ts).
 */
export abstract class VoteLimiter {
  /**
   * Claims every key's slot for the contestant for `windowSeconds`, all or none, atomically:
   * true when this vote now holds them all, false when any was already held.
   */
  abstract claim(profileId: number, voterKeys: readonly string[], voteId: string, windowSeconds: number): Promise<boolean>;
  /** Gives back the slots this vote holds (its job could not be stored); others' slots stay. */
  abstract release(profileId: number, voterKeys: readonly string[], voteId: string): Promise<void>;
  /** Whether any of the keys holds a slot for the contestant now. */
  abstract holds(profileId: number, voterKeys: readonly string[]): Promise<boolean>;
}
