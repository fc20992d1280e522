import { describe, expect, it } from '@jest/globals';
import {
  CURRENCIES,
  currencySymbol,
  formatExact,
  formatMoney,
  formatTotals,
  methodsFor,
  minorDigits,
  paypalValue,
  paypalValueToMinor,
  priceStep,
  stripeAmount,
  toMajor,
  toMinor,
} from './currencies.js';
import { donationAmountSchema } from './requests.js';

describe('money rules', () => {
  it("should know each supported currency's ISO 4217 minor digits", () => {
    expect(Object.fromEntries(CURRENCIES.map((c) => [c, minorDigits(c)]))).toEqual({
      USD: 2,
      EUR: 2,
      GBP: 2,
      BRL: 2,
      JPY: 0,
      MXN: 2,
      CAD: 2,
      AUD: 2,
      KWD: 3,
    });
  });

  it('should turn typed major amounts into minor units exactly, refusing digits the currency does not have', () => {
    expect(toMinor(10, 'USD')).toBe(1000);
    expect(toMinor(0.29, 'USD')).toBe(29);
    expect(toMinor(4.35, 'USD')).toBe(435);
    expect(toMinor(10.505, 'USD')).toBeNull();
    expect(toMinor(1000, 'JPY')).toBe(1000);
    expect(toMinor(1.5, 'JPY')).toBeNull();
    expect(toMinor(5.12, 'KWD')).toBe(5120);
    expect(toMinor(-1, 'USD')).toBeNull();
    expect(toMajor(1050, 'USD')).toBe(10.5);
    expect(toMajor(1000, 'JPY')).toBe(1000);
  });

  it("should write whole US dollars without cents (the demo's '$10'), and other amounts with every minor digit", () => {
    expect(formatMoney(1000, 'USD')).toBe('$10');
    expect(formatMoney(100, 'USD')).toBe('$1');
    expect(formatMoney(1050, 'USD')).toBe('$10.50');
    expect(formatMoney(1_000_000, 'USD')).toBe('$10,000');
    expect(formatMoney(1000, 'JPY')).toBe('¥1,000');
    expect(formatMoney(1000, 'EUR')).toBe('€10');
    expect(formatMoney(5120, 'KWD').replace(/\s/g, ' ')).toBe('KWD 5.120');
    expect(formatMoney(1000, 'EUR', 'de-DE').replace(/\s/g, ' ')).toBe('10 €');
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('JPY')).toBe('¥');
    expect(formatExact(5000, 'USD')).toBe('$50.00');
    expect(formatExact(5000, 'JPY')).toBe('¥5,000');
    expect(formatTotals([])).toBe('$0.00');
    expect(
      formatTotals([
        { currency: 'USD', amount_minor: 12000 },
        { currency: 'JPY', amount_minor: 5000 },
      ]),
    ).toBe('$120.00 + ¥5,000');
  });

  it("should keep Stripe's rules: integer minor units, yen as they are, three-decimal currencies in tens", () => {
    expect(stripeAmount(1000, 'USD')).toBe(1000);
    expect(stripeAmount(1000, 'JPY')).toBe(1000);
    expect(stripeAmount(5120, 'KWD')).toBe(5120);
    expect(() => stripeAmount(5124, 'KWD')).toThrow();
    expect(() => stripeAmount(10.5, 'USD')).toThrow();
    expect(priceStep('KWD')).toBe(10);
    expect(priceStep('JPY')).toBe(1);
  });

  it("should keep PayPal's rules: two decimals, none for JPY, no three-decimal currency", () => {
    expect(paypalValue(1000, 'USD')).toBe('10.00');
    expect(paypalValue(5, 'USD')).toBe('0.05');
    expect(paypalValue(19_999, 'EUR')).toBe('199.99');
    expect(paypalValue(1000, 'JPY')).toBe('1000');
    expect(() => paypalValue(5120, 'KWD')).toThrow();
    expect(() => paypalValue(10.5, 'USD')).toThrow();
    expect(methodsFor(['stripe', 'paypal'], 'USD')).toEqual(['stripe', 'paypal']);
    expect(methodsFor(['stripe', 'paypal'], 'JPY')).toEqual(['stripe', 'paypal']);
    expect(methodsFor(['stripe', 'paypal'], 'KWD')).toEqual(['stripe']);
  });

  it("should read PayPal's decimal strings as minor units without floating point, and malformed ones as null", () => {
    expect(paypalValueToMinor('10.00', 'USD')).toBe(1000);
    expect(paypalValueToMinor('10', 'USD')).toBe(1000);
    expect(paypalValueToMinor('10.5', 'USD')).toBe(1050);
    expect(paypalValueToMinor('0.29', 'USD')).toBe(29);
    expect(paypalValueToMinor('1000', 'JPY')).toBe(1000);
    expect(paypalValueToMinor('1000.00', 'JPY')).toBeNull();
    for (const v of [undefined, '', '10.001', '-10.00', '1e3', '10,00', 'abc', '.50']) expect(paypalValueToMinor(v, 'USD')).toBeNull();
  });

  it("should check a donation against one vote's price, in the currency's words", () => {
    const usd = donationAmountSchema('USD', 100);
    expect(usd.parse(10)).toBe(1000);
    expect(usd.safeParse(0.5).error?.issues[0]?.message).toBe('Amount must be at least $1');
    expect(usd.safeParse(1.5).error?.issues[0]?.message).toBe('Amount must be a multiple of $1, the price of one vote');
    expect(usd.safeParse(10_001).error?.issues[0]?.message).toBe('Amount must be at most $10,000');
    const yen = donationAmountSchema('JPY', 150);
    expect(yen.parse(450)).toBe(450);
    expect(yen.safeParse(100).error?.issues[0]?.message).toBe('Amount must be at least ¥150');
    expect(donationAmountSchema('USD', 50).parse(1.5)).toBe(150);
  });
});
