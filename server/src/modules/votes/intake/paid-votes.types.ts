/** A contestant's entry in the running contest, open for votes: what a paid vote is bought for. */
export interface OpenEntry {
  profileId: number;
  username: string;
  contestId: number;
  entryId: number;
  groupId: number;
}

/** A paid payment's votes, credited as one ledger row whose id is the payment's id. */
export interface PaidCredit {
  paymentId: string;
  entryId: number;
  votes: number;
  userId: number | null;
  /** A refund: the payment whose credit it takes back (the refund's ledger row is dated like that credit). */
  reverses?: string;
}

/** An entry's counts after a paid credit, for the live events. */
export interface CreditedCounts {
  entryId: number;
  groupId: number;
  profileId: number;
  entryVotes: number;
  entryPaidVotes: number;
  totalVotes: number;
}
