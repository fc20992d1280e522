import { describe, expect, it } from '@jest/globals';
import { formatCount, ordinal, winnerLabel } from './numbers';

describe('formatCount', () => {
  it('writes whole numbers as en-US does', () => {
    const values = [0, 1, 9, 10, 999, 1000, 1001, 12345, 999999, 1000000, 1234567, 98765432, 2 ** 31, Number.MAX_SAFE_INTEGER, -1, -1234, -1000000];
    for (const value of values) expect(formatCount(value)).toBe(value.toLocaleString('en-US', { maximumFractionDigits: 0 }));
  });

  it('rounds a fraction to the nearest whole number', () => {
    expect(formatCount(1234.4)).toBe('1,234');
    expect(formatCount(1234.5)).toBe('1,235');
    expect(formatCount(-0.2)).toBe('0');
  });

  it('leaves a value that is not a number as it is', () => {
    expect(formatCount(Number.NaN)).toBe('NaN');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('Infinity');
  });
});

describe(ordinal.name, () => {
  it('should write places as English ordinals, the teens with th', () => {
    expect([1, 2, 3, 4, 5, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '5th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
      '111th',
    ]);
    expect(winnerLabel(1)).toBe('Winner — 1st place');
  });
});
