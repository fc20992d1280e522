import { afterEach, describe, expect, it } from '@jest/globals';
import { formatNextVote, formatZonedDateTime } from '../dates';
import { formatCount } from '../numbers';
import { setFormatLocale } from './format-locale';

describe('dates and counts in the app language', () => {
  afterEach(() => setFormatLocale('en'));

  it('should write counts with the language’s separators', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    setFormatLocale('pt-BR');
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatCount(1234.6)).toBe('1.235');
    expect(formatCount(-0.2)).toBe('0');
  });

  it('should write zoned times as the language does, the zone named', () => {
    const at = '2025-07-29T14:00:00.000Z';
    expect(formatZonedDateTime(at, 'America/New_York')).toBe('Jul 29, 2025, 10:00 AM EDT');
    setFormatLocale('pt-BR');
    expect(formatZonedDateTime(at, 'America/Sao_Paulo')).toBe(
      new Intl.DateTimeFormat('pt-BR', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'America/Sao_Paulo',
        timeZoneName: 'short',
      }).format(new Date(at)),
    );
    expect(formatZonedDateTime(at, 'America/Sao_Paulo')).toMatch(/^29 de jul\.? de 2025,? 11:00/);
  });

  it('should write the next vote’s clock in the language', () => {
    const now = new Date(2025, 6, 29, 9, 0);
    const later = new Date(2025, 6, 29, 21, 15).toISOString();
    expect(formatNextVote(later, now)).toBe('today at 9:15 PM');
    setFormatLocale('pt-BR');
    expect(formatNextVote(later, now)).toContain('21:15');
  });
});
