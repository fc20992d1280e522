/** A contest's time state: after end_date the contest has ended; without one it never ends. */
export function hasEnded(contest: { endDate: Date | null }, now: Date = new Date()): boolean {
  return contest.endDate !== null && contest.endDate.getTime() <= now.getTime();
}

/** SQL twin of hasEnded for a contests row aliased `c`, so lists and checks agree. */
export const NOT_ENDED_SQL = '(c.end_date IS NULL OR c.end_date > now())';
