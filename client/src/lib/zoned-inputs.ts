// datetime-local values read and written as wall time in a given IANA time zone (a contest's), not the
// browser's: the admin plans a contest in its own zone wherever they are.
import { formatInTimeZone, fromZonedTime } from 'date-fns-tz';
import { viewerTimeZone } from './dates';

const INPUT_VALUE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The browser's own IANA zone (what a new contest is planned in unless the admin picks another). */
export const browserTimeZone = viewerTimeZone;

/** A datetime-local value as wall time in `timeZone`, as an ISO string in UTC; anything else (empty, half-typed) stays as it is. */
export function zonedInputToIso(value: string, timeZone: string): string {
  if (!INPUT_VALUE.test(value)) return value;
  const date = fromZonedTime(value, timeZone);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** An ISO time as the "YYYY-MM-DDTHH:mm" a datetime-local input shows, in `timeZone`. */
export function toZonedInputValue(value: string | null | undefined, timeZone: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : formatInTimeZone(date, timeZone, "yyyy-MM-dd'T'HH:mm");
}

/** Every zone this browser knows, UTC first. */
export function timeZoneChoices(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}
