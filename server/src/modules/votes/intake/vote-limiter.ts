/** One free vote per contestant per voter per 24 hours (docs/product.md#free-votes). */
export const FREE_VOTE_WINDOW_SECONDS = 24 * 3600;

/** One vote's claim: the slots of all its voter keys (the address, and the account when signed in). */
export interface VoteClaim {
  profileId: number;
  voterKeys: readonly string[];
  voteId: string;
}

/**
 * The free-vote slots: (contestant, voter key) pairs held for a window. PostgreSQL in one-process
 * mode, Redis in scaled mode; one contract test suite runs against both (vote-limiter.db.spec.ts).
 */
export abstract class VoteLimiter {
  /**
   * Claims the slots of votes made together and stores the votes that won theirs, as one step: a
   * voter holds a slot only if their vote was stored. Each claim takes every one of its keys' slots
   * or none, in order (a later claim sees what an earlier one took); `store` then runs once with the
   * winners (not at all when there are none). Answers, per claim, whether it won. If `store` throws,
   * the error is thrown and no winner keeps a slot: PostgreSQL takes the slots in the transaction
   * `store` writes its job in (a job added with `inTransaction`), so they roll back together; Redis
   * gives them back, and keeps trying in the background while Redis refuses, until the window ends.
   *
   * A store that failed with an outage (isOutage: the connection went away, perhaps with the answer
   * of a write that was made) may have stored after all. Redis then keeps the winners' slots and,
   * once `stored(winners)` can answer (the outage over), gives them back only if it answers false:
   * a slot is never given back for a vote that will be counted. If this process ends before that,
   * the slots stay held until the window ends: a voter told 503 may wait a day, never vote twice.
   */
  abstract claim(
    claims: readonly VoteClaim[],
    windowSeconds: number,
    store: (won: VoteClaim[]) => Promise<void>,
    stored?: (won: VoteClaim[]) => Promise<boolean>,
  ): Promise<boolean[]>;
  /** Whether any of the keys holds a slot for the contestant now. */
  abstract holds(profileId: number, voterKeys: readonly string[]): Promise<boolean>;
  /** When the last of the keys' held slots for the contestant frees (a vote needs them all free); null when none is held. */
  abstract heldUntil(profileId: number, voterKeys: readonly string[]): Promise<Date | null>;
}
