// The one count formatter: whole numbers as en-US shows them ("12,345"), like the dates. Written out
// rather than through Intl: the first Intl.NumberFormat of a page loads the locale's number data, which
// was the largest script cost of the leaderboard's first render on a slow phone, and a
// count needs only its thousands separators.
export function formatCount(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const digits = String(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+$)/g, ',');
  return value <= -0.5 ? `-${digits}` : digits;
}

export { ordinal, winnerLabel } from '#contract/contests/places';
