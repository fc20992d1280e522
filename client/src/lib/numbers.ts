// The one count formatter: whole numbers as en-US shows them ("12,345"), like the dates. Written out
// rather than through Intl: the first Intl.NumberFormat of a page loads the locale's number data, which
// was the largest script cost of the leaderboard's first render on a slow phone, and a
// count needs only its thousands separators.
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const digits = String(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+$)/g, ',');
  return value <= -0.5 ? `-${digits}` : digits;
}

/** 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** What a winner's place reads as on their card and profile: "Winner — 1st place". */
export const winnerLabel = (place: number) => `Winner — ${ordinal(place)} place`;
