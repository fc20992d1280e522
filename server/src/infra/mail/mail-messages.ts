// The English of the texts every e-mail shares (server/src/locales holds their translations; the
// catalog's extractor reads each function's template).

/** A rank or place, by the suffix English gives its number (1st, 2nd, 3rd, 4th). */
export const ORDINALS = {
  one: (v: { n: string }) => `${v.n}st`,
  two: (v: { n: string }) => `${v.n}nd`,
  few: (v: { n: string }) => `${v.n}rd`,
  other: (v: { n: string }) => `${v.n}th`,
};

export const LAYOUT_MAIL = {
  buttonFallback: () => 'If the button does not work, copy this address into your browser:',
  greeting: (v: { name: string }) => `Hi ${v.name},`,
};
