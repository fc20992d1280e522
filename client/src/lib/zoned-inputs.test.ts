import { describe, expect, it } from '@jest/globals';
import { timeZoneChoices, toZonedInputValue, zonedInputToIso } from './zoned-inputs';
import { formatZonedDateTime } from './dates';

describe('zoned datetime-local values', () => {
  it('should read an input as wall time in the given zone, daylight saving included', () => {
    expect(zonedInputToIso('2030-03-10T10:00', 'America/New_York')).toBe('2030-03-10T14:00:00.000Z');
    expect(zonedInputToIso('2030-01-10T10:00', 'America/New_York')).toBe('2030-01-10T15:00:00.000Z');
    expect(zonedInputToIso('2030-03-10T10:00', 'Asia/Tokyo')).toBe('2030-03-10T01:00:00.000Z');
    // Half-typed or empty values stay for the schema to name.
    expect(zonedInputToIso('', 'UTC')).toBe('');
    expect(zonedInputToIso('2030-03-1', 'UTC')).toBe('2030-03-1');
  });

  it('should show a stored time as wall time in the zone, and round-trip', () => {
    expect(toZonedInputValue('2030-03-10T14:00:00.000Z', 'America/New_York')).toBe('2030-03-10T10:00');
    expect(toZonedInputValue('2030-03-10T14:00:00.000Z', 'Asia/Tokyo')).toBe('2030-03-10T23:00');
    expect(zonedInputToIso(toZonedInputValue('2030-07-01T18:30:00.000Z', 'Europe/Paris'), 'Europe/Paris')).toBe('2030-07-01T18:30:00.000Z');
    expect(toZonedInputValue(null, 'UTC')).toBe('');
  });

  it('should format a contest time in its zone with the short zone name', () => {
    expect(formatZonedDateTime('2030-03-10T14:00:00.000Z', 'America/New_York')).toBe('Mar 10, 2030, 10:00 AM EDT');
    expect(formatZonedDateTime('2030-03-10T14:00:00.000Z', 'UTC')).toBe('Mar 10, 2030, 2:00 PM UTC');
    expect(formatZonedDateTime(null, 'UTC')).toBe('');
  });

  it('should offer UTC first, then every zone the browser knows', () => {
    const zones = timeZoneChoices();
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Paris');
    expect(zones.filter((z) => z === 'UTC')).toHaveLength(1);
  });
});
