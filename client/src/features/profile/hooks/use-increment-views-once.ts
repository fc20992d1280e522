// POST increment-views once per opening of a profile, not twice under StrictMode's
// double effects and not again when the same page re-renders or refetches.
import { useEffect, useRef } from 'react';
import { useIncrementProfileViewsMutation } from '../api/increment-views';

export function useIncrementViewsOnce(username: string): void {
  const [increment] = useIncrementProfileViewsMutation();
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!username || sentFor.current === username) return;
    sentFor.current = username;
    // A failed count is nobody's business on screen.
    void increment(username);
  }, [username, increment]);
}
