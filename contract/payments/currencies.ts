// Money as both sides handle it: amounts are integers in the currency's minor units (ISO 4217: cents for
// USD, none for JPY, thousandths for KWD), turned into each provider's format only at its door, and shown
// through Intl. Plain functions and values (no zod), so a page showing a price does not load zod.
import type { PaymentMethod } from './constants.js';

/** The currencies an organizer may sell votes in. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'BRL', 'JPY', 'MXN', 'CAD', 'AUD', 'KWD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export function isCurrency(code: string): code is Currency {
  return (CURRENCIES as readonly string[]).includes(code);
}

/** The locale amounts are written in unless a caller names another: the server's drawing and the browser's must match. */
export const MONEY_LOCALE = 'en-US';

const digitsCache = new Map<string, number>();

/** The currency's minor digits by ISO 4217 (2 for USD, 0 for JPY, 3 for KWD), as Intl knows them. */
export function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat(MONEY_LOCALE, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** How many minor units make one major unit: 100 for USD, 1 for JPY, 1000 for KWD. */
export function minorPerMajor(currency: string): number {
  return 10 ** minorDigits(currency);
}

/**
 * The step every price must keep, in minor units. Stripe takes three-decimal currencies (KWD, BHD,
 * JOD, OMR, TND) in thousandths but requires the last digit to be 0, so their prices move in tens of
 * fils; every other supported currency in single minor units.
 */
export function priceStep(currency: string): number {
  return minorDigits(currency) === 3 ? 10 : 1;
}

/** Minor units as a major amount (1050 USD → 10.5); for arithmetic and inputs, never for display. */
export function toMajor(minor: number, currency: string): number {
  return minor / minorPerMajor(currency);
}

/**
 * A major amount as typed (10.5 USD) in minor units (1050), or null when it has more decimals than the
 * currency has minor digits (10.505 USD, 1.5 JPY) or is not a finite amount of at least 0.
 */
export function toMinor(major: number, currency: string): number | null {
  if (!Number.isFinite(major) || major < 0) return null;
  const scaled = major * minorPerMajor(currency);
  const minor = Math.round(scaled);
  // Binary fractions: 0.29 * 100 is 28.999999999999996, which is 29; 10.505 * 100 is not whole.
  if (Math.abs(scaled - minor) > 1e-6 * Math.max(1, Math.abs(scaled)) || !Number.isSafeInteger(minor)) return null;
  return minor;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale: string, fraction: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${fraction}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: fraction, maximumFractionDigits: minorDigits(currency) });
    formatters.set(key, f);
  }
  return f;
}

/**
 * An amount for people: the currency's symbol and grouping by the locale; a whole amount without its
 * zeros ('$10', '¥1,000'), any other with every minor digit ('$10.50', 'KWD 5.120').
 */
export function formatMoney(minor: number, currency: string, locale = MONEY_LOCALE): string {
  const per = minorPerMajor(currency);
  const whole = minor % per === 0;
  return formatter(currency, locale, whole ? 0 : minorDigits(currency)).format(minor / per);
}

/** The currency's symbol as the locale writes it: '$' for USD in English, '¥' for JPY, 'KWD' where it has none. */
export function currencySymbol(currency: string, locale = MONEY_LOCALE): string {
  return (
    formatter(currency, locale, 0)
      .formatToParts(0)
      .find((p) => p.type === 'currency')?.value ?? currency
  );
}

/** An amount with every minor digit, whole or not ('$50.00', '¥1,000', 'KWD 5.120'): for records, where columns align. */
export function formatExact(minor: number, currency: string, locale = MONEY_LOCALE): string {
  return formatter(currency, locale, minorDigits(currency)).format(minor / minorPerMajor(currency));
}

/** Amounts per currency, each exact, joined: '$120.00 + ¥5,000'; 0 in `fallback` when there are none. */
export function formatTotals(totals: readonly { currency: string; amount_minor: number }[], fallback = 'USD', locale = MONEY_LOCALE): string {
  if (totals.length === 0) return formatExact(0, fallback, locale);
  return totals.map((t) => formatExact(t.amount_minor, t.currency, locale)).join(' + ');
}

// Providers

/** Stripe's amount: the currency's minor units as an integer (yen as they are; three-decimal currencies in thousandths ending in 0). */
export function stripeAmount(minor: number, currency: string): number {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new Error(`not an amount in minor units: ${minor}`);
  if (minor % priceStep(currency) !== 0) throw new Error(`Stripe takes ${currency} amounts in steps of ${priceStep(currency)} minor units: ${minor}`);
  return minor;
}

/**
 * The currencies PayPal takes (its currency codes list), and those it takes without decimals (a decimal
 * amount is refused). PayPal has no three-decimal currency, so KWD is not offered through PayPal.
 */
const PAYPAL_CURRENCIES: ReadonlySet<string> = new Set([
  'AUD',
  'BRL',
  'CAD',
  'CNY',
  'CZK',
  'DKK',
  'EUR',
  'HKD',
  'HUF',
  'ILS',
  'JPY',
  'MYR',
  'MXN',
  'TWD',
  'NZD',
  'NOK',
  'PHP',
  'PLN',
  'GBP',
  'SGD',
  'SEK',
  'CHF',
  'THB',
  'USD',
]);
const PAYPAL_WHOLE: ReadonlySet<string> = new Set(['HUF', 'JPY', 'TWD']);

/** The decimals PayPal writes and reads for the currency: 0 for HUF, JPY and TWD, else 2. */
function paypalDigits(currency: string): number {
  return PAYPAL_WHOLE.has(currency) ? 0 : 2;
}

/** Whether a payment method can take payments in the currency (PayPal: not KWD). */
export function methodTakes(method: PaymentMethod, currency: string): boolean {
  return method === 'stripe' ? isCurrency(currency) : PAYPAL_CURRENCIES.has(currency) && minorDigits(currency) <= 2;
}

/** The methods of `methods` that take the currency, in their order. */
export function methodsFor<M extends PaymentMethod>(methods: readonly M[], currency: string): M[] {
  return methods.filter((m) => methodTakes(m, currency));
}

/**
 * PayPal's decimal string for an amount in minor units: 1000 USD → '10.00', 1000 JPY → '1000'.
 * Throws for a currency PayPal does not take, or an amount PayPal could not write exactly.
 */
export function paypalValue(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new Error(`not an amount in minor units: ${minor}`);
  if (!methodTakes('paypal', currency)) throw new Error(`PayPal does not take ${currency}`);
  const digits = paypalDigits(currency);
  const shift = digits - minorDigits(currency);
  // ISO and PayPal agree for every currency PayPal takes here; a difference only pads with zeros.
  if (shift < 0) throw new Error(`PayPal writes ${currency} with ${digits} decimals`);
  const scaled = String(minor * 10 ** shift);
  if (digits === 0) return scaled;
  const padded = scaled.padStart(digits + 1, '0');
  return `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/** PayPal's decimal string as minor units, without floating point ('10.5' USD → 1050, '1000' JPY → 1000); null when malformed. */
export function paypalValueToMinor(value: string | undefined, currency: string): number | null {
  const digits = minorDigits(currency);
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(value?.trim() ?? '');
  if (!m) return null;
  const fraction = m[2] ?? '';
  if (fraction.length > paypalDigits(currency) || fraction.length > digits) return null;
  return Number(m[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}
