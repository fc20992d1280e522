import type { VoteOffer, VotePackage } from '#contract/payments/answers.js';

export type { VoteOffer, VotePackage } from '#contract/payments/answers.js';

/** A package as stored, retired ones included: what a payment may name. */
export interface StoredPackage extends VotePackage {
  /** null: one of the site's packages. */
  contestId: number | null;
  retired: boolean;
}

/** A package's state for a checkout that names it: on offer (for this contest), no longer offered, or unknown here. */
export type PackageLookup = { state: 'offered'; pack: VotePackage } | { state: 'retired' } | { state: 'unknown' };

/** What a contest sells for, and the part of it the contest sets itself. */
export interface ContestOfferState {
  /** The contest's own offer; null: it sells the site's. */
  own: VoteOffer | null;
  site: VoteOffer;
}
