// Business constants shared by client and server (the rules behind them: docs/product.md).

export const CATEGORIES = ['Scream Queens', 'Teen Queens', 'Heroic Males', 'Creature Killer'] as const;
export type Category = (typeof CATEGORIES)[number];

export const PICTURES = {
  min: 1,
  max: 5,
  maxBytes: 5 * 1024 * 1024,
  /** Registration accepts gif too; later photo pages accept jpg, jpeg, png only. */
  registrationTypes: ['image/jpeg', 'image/png', 'image/gif'],
  registrationExtensions: ['.jpg', '.jpeg', '.png', '.gif'],
  /** Refuse decompression bombs: no side longer than this, no more pixels than that. */
  maxSide: 8000,
  maxPixels: 40_000_000,
} as const;

export const PASSWORD_MIN = 8;
/** A phone number is exactly `digits` digits; one longer than `max` is named as too long. */
export const PHONE = { digits: 10, max: 15 } as const;

export const STORAGE_KEYS = { token: 'token', registrationEmail: 'registrationEmail' } as const;

/**
 * The id of the JSON block a server-rendered page carries (the API answers it was drawn with and the
 * router's state), read by the browser before it hydrates the page. A data block, not a script: the
 * content security policy runs no inline code.
 */
export const SERVER_RENDER_DATA_ID = 'server-render-data';

export const TOKEN_TTL = {
  verifyEmailHours: 24,
  resetPasswordMinutes: 60,
} as const;

export const TOAST_MS = { success: 3000, info: 5000, error: 5000 } as const;

export const LANDING = {
  revealMs: 1000,
  cardStaggerMs: 100,
  videoInViewThreshold: 0.5,
  heroEntranceS: 0.8,
} as const;

export interface VotePackage {
  id: number;
  votes: number;
  price: number;
  bonus: number;
}

/** Vote packages: 1 dollar per base vote; votes granted are votes plus bonus (docs/product.md#paid-votes). */
export const VOTE_PACKAGES: readonly VotePackage[] = [
  { id: 1, votes: 10, price: 10, bonus: 2 },
  { id: 2, votes: 50, price: 50, bonus: 20 },
  { id: 3, votes: 100, price: 100, bonus: 50 },
  { id: 4, votes: 200, price: 200, bonus: 125 },
];

/**
 * The donation wording of the vote page, the buy dialog and the receipt (tax-deductible,
 * to a charity, a children's toy-drive foundation as beneficiary); the names come from GET /site.
 */
export function donationNotice(charity: string, beneficiary: string): string {
  return `Paid votes are donations to ${charity}, with ${beneficiary} as beneficiary, and are tax-deductible to the extent allowed by law. Votes are counted once your payment is completed; donations are not refundable except as required by law.`;
}
