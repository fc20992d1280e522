import type { Category } from '#contract/constants.js';

/** What a profile's preview shows (the page's tags and the share card); the card is made again only when this changes. */
export interface ShareFacts {
  username: string;
  firstName: string;
  fullName: string;
  category: Category;
  /** The current contest's name, when the contestant is in it. */
  contestName: string | null;
  /** Rank in the group of the current contest. */
  rank: number | null;
  votes: number;
  /** The first photo's public URL (/uploads/...), if any. */
  photoUrl: string | null;
}
