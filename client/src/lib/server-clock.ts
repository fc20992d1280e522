// Countdowns tick by the server's clock, not the visitor's, so every screen agrees:
// the offset is taken when an answer carrying server_time arrives.

/** server_time minus this device's time now; 0 when the value is unreadable. */
export function clockOffset(serverTime: string | null | undefined, localNow = Date.now()): number {
  const server = serverTime ? Date.parse(serverTime) : Number.NaN;
  return Number.isFinite(server) ? server - localNow : 0;
}

export type ContestPhase = 'upcoming' | 'active' | 'ended';

/** A contest's time state: before start coming soon, between the dates active, after end ended. */
export function contestPhase(now: number, start: string, end: string | null): ContestPhase {
  const startMs = Date.parse(start);
  if (Number.isFinite(startMs) && now < startMs) return 'upcoming';
  const endMs = end ? Date.parse(end) : Number.NaN;
  if (Number.isFinite(endMs) && now >= endMs) return 'ended';
  return 'active';
}

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function timeLeft(ms: number): TimeLeft {
  const total = Math.max(0, Math.floor(ms / 1000));
  return { days: Math.floor(total / 86400), hours: Math.floor((total % 86400) / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}
