// The tab's realtime client, for components (useLiveRooms) and for RTK Query cache lifecycles (the
// store passes it as the thunk's extra argument).
import { createContext } from 'react';
import type { RealtimeClient } from './realtime-client';

export const RealtimeContext = createContext<RealtimeClient | null>(null);

export interface ThunkExtra {
  realtime: RealtimeClient;
  /** The server render's way to the API (in-process); the browser uses the global fetch. */
  fetch?: typeof fetch;
}

export function realtimeFrom(extra: unknown): RealtimeClient | null {
  return (extra as Partial<ThunkExtra> | undefined)?.realtime ?? null;
}
