import { createContext, useContext, useEffect, useState } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * The time a server-drawn page was drawn (entry-server.tsx), given to the browser with the page. While
 * the page is drawn and while it hydrates, clocks read this time, so both drawings agree; null in a
 * page the browser draws itself.
 */
export const DrawnAtContext = createContext<number | null>(null);

/** This device's time, refreshed every `intervalMs` while `enabled` (countdowns tick every second). */
export function useNow(intervalMs = 1000, enabled = true): number {
  const drawnAt = useContext(DrawnAtContext);
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, enabled]);
  return !hydrated && drawnAt !== null ? drawnAt : now;
}
