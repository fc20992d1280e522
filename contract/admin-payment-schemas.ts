// The admin payments page: the list's query (filters and paging) and the CSV export's
// columns. The answers' types are in api-types.ts (AdminPaymentsPage, PaymentReconciliation).
import { z } from 'zod';
import { pageParams } from './path-schemas.js';

/**
 * A payment's states: created (checkout open), paid (the provider has the money), credited (votes
 * added), refunding (paid for an entry that can no longer take votes: the money goes back through the
 * provider), refunded, failed (the provider refused the checkout), expired (left unpaid past
 * PAYMENT_EXPIRY; money a provider confirms later is still credited).
 */
export const PAYMENT_STATUSES = ['created', 'paid', 'credited', 'refunding', 'refunded', 'failed', 'expired'] as const;
export type PaymentStatusName = (typeof PAYMENT_STATUSES)[number];
/** The list's status filter: one status, or 'all'; without one, every status but 'expired'. */
export const PAYMENT_STATUS_FILTERS = [...PAYMENT_STATUSES, 'all'] as const;
export type PaymentStatusFilter = (typeof PAYMENT_STATUS_FILTERS)[number];
export const PAYMENT_PROVIDERS = ['test', 'stripe', 'paypal'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

/** A select's "All" sends nothing or an empty value: both mean no filter. */
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { error: message }).optional());

export const ADMIN_PAYMENT_MESSAGES = {
  unknownStatus: `status must be one of ${PAYMENT_STATUS_FILTERS.join(', ')}`,
  unknownProvider: `provider must be one of ${PAYMENT_PROVIDERS.join(', ')}`,
  loadFailed: 'Payments could not be loaded',
  reconciliationFailed: 'The reconciliation check could not be run',
  exportFailed: 'The CSV export failed',
  empty: 'No payments to show. Expired checkouts are left out unless the Status filter asks for them.',
  emptyFiltered: 'No payments match these filters',
} as const;

/**
 * GET /admin/payments and /admin/payments/export: filters; the list also pages (skip, limit ≤ 100).
 * Without a status, expired checkouts are left out ('all' includes them, 'expired' lists only them).
 */
export const adminPaymentsFilterSchema = z.object({
  status: optionalEnum(PAYMENT_STATUS_FILTERS, ADMIN_PAYMENT_MESSAGES.unknownStatus),
  provider: optionalEnum(PAYMENT_PROVIDERS, ADMIN_PAYMENT_MESSAGES.unknownProvider),
});
export type AdminPaymentsFilter = z.output<typeof adminPaymentsFilterSchema>;

export const adminPaymentsQuerySchema = adminPaymentsFilterSchema.extend({
  ...pageParams(100, 20),
});
export type AdminPaymentsQuery = z.output<typeof adminPaymentsQuerySchema>;

/** The CSV export's header row, in column order. */
export const PAYMENT_CSV_COLUMNS = [
  'payment_id',
  'created_at',
  'credited_at',
  'status',
  'provider',
  'method',
  'provider_ref',
  'contestant',
  'profile_id',
  'entry_id',
  'contest_id',
  'payer_name',
  'payer_email',
  'amount',
  'currency',
  'votes',
  'base_votes',
] as const;

/**
 * A 'paid' payment older than this is reported as stuck (paid at the provider, never credited), and a
 * 'refunding' one as a refund not done.
 */
export const STUCK_PAYMENT_MINUTES = 5;
