import { sql, type RawBuilder } from 'kysely';

/** A contest's time state: after end_date the contest has ended; without one it never ends. */
export function hasEnded(contest: { endDate: Date | null }, now: Date = new Date()): boolean {
  return contest.endDate !== null && contest.endDate.getTime() <= now.getTime();
}

/** SQL twin of hasEnded (negated) for a built query over a contests row aliased `c`, so lists and checks agree. */
export const notEnded = (c: string): RawBuilder<boolean> => sql<boolean>`(${sql.ref(`${c}.end_date`)} IS NULL OR ${sql.ref(`${c}.end_date`)} > now())`;
