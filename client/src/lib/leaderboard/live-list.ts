// Refetching a leaderboard when pushed standings name someone it does not list (a contestant joined),
// at most once every few seconds however many pushes arrive.
const MIN_GAP_MS = 5000;

export function throttled(run: () => void, gapMs = MIN_GAP_MS): () => void {
  let last = 0;
  return () => {
    const now = Date.now();
    if (now - last < gapMs) return;
    last = now;
    run();
  };
}
