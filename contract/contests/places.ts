// Ranks and places as the site and its e-mails say them.

/** 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** What a winner's place reads as on their card and profile: "Winner — 1st place". */
export const winnerLabel = (place: number) => `Winner — ${ordinal(place)} place`;
