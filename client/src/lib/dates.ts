// The one date formatter (times are UTC on the wire, shown with hour, minute and the zone's short name,
// in the viewer's time zone or a contest's, written as the app's language writes them: en-US for
// English, pt-BR for Portuguese; lib/i18n), plus the conversions a datetime-local input needs.
import { msg } from '@lingui/core/macro';
import { formatLocale } from './i18n/format-locale';
import { libText } from './i18n/lib-text';

/** The Intl locale dates are written in: the app's language, English as en-US. */
export const intlLocale = (): string => {
  const locale = formatLocale();
  return locale === 'en' ? 'en-US' : locale;
};

/** The viewer's own IANA zone. */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** "Jul 29, 2025, 10:00 AM EDT" in the viewer's zone, the zone always named; an empty string for a missing or unreadable value. */
export function formatDateTime(value: string | null | undefined): string {
  return formatZonedDateTime(value, viewerTimeZone());
}

/** The viewer's zone as a label says it: "America/New_York (EST)". */
export function viewerZoneLabel(at: Date = new Date()): string {
  const zone = viewerTimeZone();
  const short = new Intl.DateTimeFormat(intlLocale(), { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
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
  const key = `${intlLocale()} ${timeZone}`;
  let format = zoned.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(), {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    });
    zoned.set(key, format);
  }
  return format.format(date);
}

const clocks = new Map<string, { clock: Intl.DateTimeFormat; dayAndClock: Intl.DateTimeFormat }>();
/** The two formats of formatNextVote, made once per language. */
function clockFormats() {
  const locale = intlLocale();
  let formats = clocks.get(locale);
  if (!formats) {
    formats = {
      clock: new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }),
      dayAndClock: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
    };
    clocks.set(locale, formats);
  }
  return formats;
}
const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/**
 * When a next free vote is allowed, in the viewer's own time and the app's language: "today at 9:15 PM",
 * "tomorrow at 6:40 PM", or "on Nov 30, 6:40 PM" ("hoje às 21:15"); an empty string for an unreadable value.
 */
export function formatNextVote(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const { clock, dayAndClock } = clockFormats();
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  const time = clock.format(date);
  if (dayKey(date) === dayKey(now)) return libText(msg`today at ${time}`);
  if (dayKey(date) === dayKey(tomorrow)) return libText(msg`tomorrow at ${time}`);
  const day = dayAndClock.format(date);
  return libText(msg`on ${day}`);
}
