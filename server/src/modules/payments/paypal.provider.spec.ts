import { describe, expect, it } from '@jest/globals';
import { centsToPaypalValue, paypalValueToCents } from './paypal.provider.js';

describe('PayPal amounts', () => {
  it('should write cents as PayPal decimal strings', () => {
    expect(centsToPaypalValue(1000)).toBe('10.00');
    expect(centsToPaypalValue(5)).toBe('0.05');
    expect(centsToPaypalValue(19_999)).toBe('199.99');
    expect(() => centsToPaypalValue(10.5)).toThrow();
    expect(() => centsToPaypalValue(-1)).toThrow();
  });

  it('should read PayPal decimal strings as cents without floating point errors', () => {
    expect(paypalValueToCents('10.00')).toBe(1000);
    expect(paypalValueToCents('10')).toBe(1000);
    expect(paypalValueToCents('10.5')).toBe(1050);
    expect(paypalValueToCents('0.29')).toBe(29);
    expect(paypalValueToCents('1.13')).toBe(113);
    expect(paypalValueToCents('4.35')).toBe(435);
    expect(paypalValueToCents('200.00')).toBe(20_000);
  });

  it('should read malformed or missing amounts as null, so they never match a payment', () => {
    for (const v of [undefined, '', '10.001', '-10.00', '1e3', '10,00', 'abc', '.50']) expect(paypalValueToCents(v)).toBeNull();
  });
});
