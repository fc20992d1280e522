/** The next turn of the event loop: I/O that arrived meanwhile (requests, votes) runs first. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Calls `write` with `items` in chunks of at most `size`, in order, one chunk per event-loop turn:
 * a write to many sockets never holds the loop longer than one chunk takes. Resolves with the ms the
 * chunks held the loop in all (not counting the turns between them).
 */
export async function inTurns<T>(items: readonly T[], size: number, write: (chunk: T[]) => void): Promise<number> {
  let busyMs = 0;
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await nextTurn();
    const start = performance.now();
    write(items.slice(i, i + size));
    busyMs += performance.now() - start;
  }
  return busyMs;
}
