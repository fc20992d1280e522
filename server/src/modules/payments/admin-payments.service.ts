import { Injectable } from '@nestjs/common';
import type { AdminPaymentItem, AdminPaymentsPage, PaymentReconciliation } from '#contract/payments/answers.js';
import { PAYMENT_CSV_COLUMNS, STUCK_PAYMENT_MINUTES } from '#contract/payments/constants.js';
import { minorDigits, toMajor } from '#contract/payments/currencies.js';
import type { AdminPaymentsFilter, AdminPaymentsQuery } from '#contract/payments/requests.js';
import { csvInBatches, type CsvCell } from '#server/common/csv.js';
import { AdminPaymentsRepository, type ExportCursor } from './admin-payments.repository.js';
import { PaymentExpiry } from './payment-expiry.js';

const EXPORT_BATCH = 1000;
/** The reconciliation lists at most this many stuck or mismatched payments (the stuck sentence says when there are more). */
const LIST_LIMIT = 200;

/** The CSV's amount: major units with every minor digit of the currency ('10.00' USD, '1000' JPY, '5.120' KWD). */
const major = (minor: number, currency: string) => toMajor(minor, currency).toFixed(minorDigits(currency));

function csvRow(p: AdminPaymentItem): CsvCell[] {
  const byColumn: Record<(typeof PAYMENT_CSV_COLUMNS)[number], CsvCell> = {
    payment_id: p.id,
    created_at: p.created_at,
    credited_at: p.credited_at,
    status: p.status,
    provider: p.provider,
    method: p.method,
    provider_ref: p.provider_ref,
    contestant: p.username,
    profile_id: p.profile_id,
    entry_id: p.entry_id,
    contest_id: p.contest_id,
    payer_name: p.payer_name,
    payer_email: p.payer_email,
    amount: major(p.amount_minor, p.currency),
    currency: p.currency,
    votes: p.votes,
    base_votes: p.base_votes,
  };
  return PAYMENT_CSV_COLUMNS.map((c) => byColumn[c]);
}

/**
 * The admin side of paid votes: the payments list with its totals, the CSV export, and
 * the reconciliation of credited payments against the vote ledger and the paid-vote counters.
 */
@Injectable()
export class AdminPaymentsService {
  constructor(
    private readonly repo: AdminPaymentsRepository,
    private readonly expiry: PaymentExpiry,
  ) {}

  /** A page of the list (abandoned checkouts expired first, so none is shown as 'created' past its time). */
  async page({ skip, limit, ...filter }: AdminPaymentsQuery): Promise<AdminPaymentsPage> {
    await this.expiry.sweep();
    const [items, totals] = await Promise.all([this.repo.page(filter, skip, limit), this.repo.totals(filter)]);
    return { items, totals };
  }

  /**
   * Every payment matching the filters as CSV lines (the header first), read in batches as the
   * answer is sent, so a large export never sits in memory whole.
   */
  async *csv(filter: AdminPaymentsFilter): AsyncGenerator<string> {
    await this.expiry.sweep();
    yield* csvInBatches(PAYMENT_CSV_COLUMNS, (after: ExportCursor | null) => this.repo.exportBatch(filter, after, EXPORT_BATCH), csvRow);
  }

  /**
   * Do the credited payments, the ledger and the counters agree, and is no paid payment left
   * uncredited?
   *
   * - A credit is one paid ledger row (id = the payment's id, weight = its votes) written with the
   *   status 'credited' and both counters in one transaction. A refund of a credited payment sets
   *   'refunded' and adds a row of the opposite weight: the pair sums to 0 in the ledger and the
   *   counters, and a refunded payment is not 'credited'. So the paid ledger's sum equals the votes of
   *   the credited payments, and the entries' and the profiles' paid_votes sum to the same.
   * - Deletions (assumption, kept simple): deleting a contest or an account deletes its entries, and
   *   the ledger rows with them (ON DELETE CASCADE), but never the payments. So the ledger and the
   *   entries are compared with the credited payments whose entry still exists; the profiles (which
   *   keep their paid_votes when only a contest goes) with those whose profile still exists. A refund
   *   that arrives after its entry was deleted cannot take the votes back from the profile, and is
   *   reported as a mismatch on purpose: someone should look at it.
   * - Per payment: each credited payment of an existing entry has its own ledger row of its votes
   *   (two wrong rows that cancel out in the sums still show here).
   * - Stuck: status 'paid' (the provider took the money) more than STUCK_PAYMENT_MINUTES after the
   *   payment was made; the credit job runs within seconds, so one still waiting failed.
   * - Refunds not done: status 'refunding' (paid for an entry that could no longer take votes, the
   *   money on its way back) STUCK_PAYMENT_MINUTES after it got there: the provider refused or could
   *   not be reached. An admin refunds it at the provider; the provider's refund webhook then marks it.
   */
  async reconcile(): Promise<PaymentReconciliation> {
    const s = await this.repo.reconciliationSums();
    const stuck = await this.repo.stuck(STUCK_PAYMENT_MINUTES, LIST_LIMIT + 1);
    const mismatched = await this.repo.mismatchedCredits(LIST_LIMIT);
    const refunding = await this.repo.refundsPending(STUCK_PAYMENT_MINUTES, LIST_LIMIT);
    const problems: string[] = [];
    const forExistingEntries = s.creditedVotes - s.deletedEntryVotes;
    const forExistingProfiles = s.creditedVotes - s.deletedProfileVotes;
    if (s.ledgerPaidVotes !== forExistingEntries) {
      problems.push(`The paid ledger rows sum to ${s.ledgerPaidVotes} votes, but the credited payments of existing entries to ${forExistingEntries}.`);
    }
    if (s.entriesPaidVotes !== s.ledgerPaidVotes) {
      problems.push(`The entries' paid votes sum to ${s.entriesPaidVotes}, but the paid ledger rows to ${s.ledgerPaidVotes}.`);
    }
    if (s.profilesPaidVotes !== forExistingProfiles) {
      problems.push(`The profiles' paid votes sum to ${s.profilesPaidVotes}, but the credited payments of existing profiles to ${forExistingProfiles}.`);
    }
    if (mismatched.length) {
      problems.push(
        `${mismatched.length === 1 ? '1 credited payment has' : `${mismatched.length} credited payments have`} no matching ledger row: ${mismatched.join(', ')}.`,
      );
    }
    if (stuck.length) {
      const n = stuck.length > LIST_LIMIT ? `More than ${LIST_LIMIT} payments are` : stuck.length === 1 ? '1 payment is' : `${stuck.length} payments are`;
      problems.push(`${n} paid at the provider but not credited after ${STUCK_PAYMENT_MINUTES} minutes.`);
    }
    if (refunding.length) {
      const n = refunding.length === 1 ? '1 payment' : `${refunding.length} payments`;
      problems.push(
        `${n} for a contestant eliminated or a contest ended since ${refunding.length === 1 ? 'is' : 'are'} still not refunded at the provider after ${STUCK_PAYMENT_MINUTES} minutes (status Refunding): ${refunding.join(', ')}.`,
      );
    }
    return {
      ok: problems.length === 0,
      checked_at: new Date().toISOString(),
      credited_votes: s.creditedVotes,
      ledger_paid_votes: s.ledgerPaidVotes,
      entries_paid_votes: s.entriesPaidVotes,
      profiles_paid_votes: s.profilesPaidVotes,
      deleted_entry_votes: s.deletedEntryVotes,
      deleted_profile_votes: s.deletedProfileVotes,
      mismatched_payments: mismatched,
      problems,
      stuck: stuck.slice(0, LIST_LIMIT),
    };
  }
}
