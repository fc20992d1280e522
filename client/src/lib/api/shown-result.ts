// A query hook's result cut to what a page shows: its data and its error, not the in-flight flags of
// each refetch. A live page refetches after every room join (app/store.ts), and most of those
// answers are what it already has (RTK Query keeps the same object for an equal answer), so a page
// that reads only these re-renders when its content changes rather than twice per refetch: on a slow
// phone each of those renders of a whole profile or leaderboard was a long task.
export interface ShownResult<T> {
  currentData?: T;
  error?: unknown;
  isError: boolean;
}

/** For `selectFromResult`: `useXQuery(arg, { selectFromResult: shownResult })`. */
export function shownResult<T>({ currentData, error, isError }: ShownResult<T>): ShownResult<T> {
  return { currentData, error, isError };
}
