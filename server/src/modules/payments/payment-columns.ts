import { PAYMENT_METHODS, PAYMENT_PROVIDERS, PAYMENT_STATUSES, type PaymentMethod } from '#contract/payments/constants.js';
import type { PaymentProviderName, PaymentStatus } from './entities/payment.entity.js';

/**
 * A text column whose values a CHECK constraint limits to `values`, as their type: the generated row
 * types say `string`, and a value outside the list means the constraint and the code disagree.
 */
function checked<T extends string>(column: string, values: readonly T[], value: string): T {
  const isOneOf = (v: string): v is T => (values as readonly string[]).includes(v);
  if (isOneOf(value)) return value;
  throw new Error(`payments.${column} holds '${value}', which is none of ${values.join(', ')}`);
}

export const paymentStatus = (value: string): PaymentStatus => checked('status', PAYMENT_STATUSES, value);
export const paymentProvider = (value: string): PaymentProviderName => checked('provider', PAYMENT_PROVIDERS, value);
export const paymentMethod = (value: string): PaymentMethod => checked('method', PAYMENT_METHODS, value);
