// The English of the payer's receipt and of what the provider's checkout page names as bought
// (server/src/locales holds their translations).

export const RECEIPT_MAIL = {
  subject: (v: { product: string; votes: string; name: string }) => `Your ${v.product} receipt: ${v.votes} votes for ${v.name}`,
  testModeSubject: (v: { product: string; votes: string; name: string }) => `[TEST MODE] Your ${v.product} receipt: ${v.votes} votes for ${v.name}`,
  greeting: () => 'Hi there,',
  thanks: (v: { name: string; username: string; product: string }) => `Thank you for supporting ${v.name} (@${v.username}) on ${v.product}.`,
  /** Who the votes were for, once the contestant's account is erased. */
  formerContestant: () => 'a former contestant',
  thanksFormer: (v: { product: string }) => `Thank you for supporting a former contestant on ${v.product}.`,
  votes: (v: { votes: string }) => `Votes: ${v.votes}`,
  votesWithBonus: (v: { base: string; bonus: string; votes: string }) => `Votes: ${v.base} + ${v.bonus} bonus = ${v.votes}`,
  amount: (v: { amount: string }) => `Amount: ${v.amount}`,
  testModeAmount: (v: { amount: string }) => `Amount: ${v.amount} (TEST MODE: no money was taken)`,
  reference: (v: { reference: string }) => `Reference: ${v.reference}`,
};

/** The item at Stripe's and PayPal's checkout pages, in the language the buyer used on the site. */
export const CHECKOUT_TEXTS = {
  item: (v: { votes: string }) => `${v.votes} votes`,
};
