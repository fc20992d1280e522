// The one date formatter (times are UTC on the wire, shown en-US with hour, minute and the zone's
// short name, in the viewer's time zone or a contest's), plus the conversions a datetime-local input needs.

/** The viewer's own IANA zone. */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** "Jul 29, 2025, 10:00 AM EDT" in the viewer's zone, the zone always named; an empty string for a missing or unreadable value. */
export function formatDateTime(value: string | null | undefined): string {
  return formatZonedDateTime(value, viewerTimeZone());
}

/** The viewer's zone as a label says it: "America/New_York (EST)". */
export function viewerZoneLabel(at: Date = new Date()): string {
  const zone = viewerTimeZone();
  const short = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  return short && short !== zone ? `${zone.replaceAll('_', ' ')} (${short})` : zone.replaceAll('_', ' ');
}

const ISO_TIMES = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g;

/** Every ISO-8601 time inside a text ("1. Heats, ends 2026-12-10T20:00:00.000Z, …") written as a zoned time. */
export function formatTimesInText(text: string, timeZone: string = viewerTimeZone()): string {
  return text.replace(ISO_TIMES, (iso) => formatZonedDateTime(iso, timeZone) || iso);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as the local "YYYY-MM-DDTHH:mm" a datetime-local input shows. */
export function toLocalInputValue(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (local time) as an ISO string in UTC for the API. */
export function localInputToIso(value: string): string {
  return new Date(value).toISOString();
}

const zoned = new Map<string, Intl.DateTimeFormat>();

/**
 * "Jul 29, 2025, 10:00 AM EDT": a contest's time in the contest's own time zone, with the zone's
 * short name (so every viewer reads the same time); an empty string for a missing or unreadable value.
 */
export function formatZonedDateTime(value: string | null | undefined, timeZone: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  let format = zoned.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    });
    zoned.set(timeZone, format);
  }
  return format.format(date);
}

const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayAndClock = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/**
 * When a next free vote is allowed, in the viewer's own time: "today at 9:15 PM", "tomorrow at 6:40 PM",
 * or "on Nov 30, 6:40 PM"; an empty string for an unreadable value.
 */
export function formatNextVote(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  if (dayKey(date) === dayKey(now)) return `today at ${clock.format(date)}`;
  if (dayKey(date) === dayKey(tomorrow)) return `tomorrow at ${clock.format(date)}`;
  return `on ${dayAndClock.format(date)}`;
}
