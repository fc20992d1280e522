import { Injectable } from '@nestjs/common';
import type { AdminPaymentItem, AdminPaymentsTotals, StuckPayment } from '#contract/payments/answers.js';
import type { AdminPaymentsFilter } from '#contract/payments/requests.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';

/** Where the keyset paging of the export stopped: the last row's created_at (as PostgreSQL's text, exact to the microsecond) and id. */
export interface ExportCursor {
  createdAt: string;
  id: string;
}

export interface ReconciliationSums {
  creditedVotes: number;
  deletedEntryVotes: number;
  deletedProfileVotes: number;
  ledgerPaidVotes: number;
  entriesPaidVotes: number;
  profilesPaidVotes: number;
}

/** A payment as read: the admin's item with the database's timestamps, and the row's cursor. */
type PaymentRow = Omit<AdminPaymentItem, 'created_at' | 'credited_at'> & { created_at: Date; credited_at: Date | null; cursor_ts: string };

const COLUMNS = `p.id::text AS id, p.created_at, p.credited_at, p.status, p.provider, p.method, p.provider_ref, p.profile_id, p.entry_id,
  p.contest_id, u.username, p.payer_name, p.payer_email, p.amount_cents, p.currency, p.votes, p.base_votes, p.created_at::text AS cursor_ts`;

// The profile (and its user) may be gone: a payment is a financial record and outlives them.
const FROM = `FROM payments p LEFT JOIN contestant_profiles cp ON cp.id = p.profile_id LEFT JOIN users u ON u.id = cp.user_id`;

/** The filters as a WHERE clause over `p`, its parameters starting at $1. Without a status, expired checkouts are left out; 'all' keeps them. */
function where(filter: AdminPaymentsFilter): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (!filter.status) parts.push(`p.status <> 'expired'`);
  else if (filter.status !== 'all') parts.push(`p.status = $${params.push(filter.status)}`);
  if (filter.provider) parts.push(`p.provider = $${params.push(filter.provider)}`);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

const toItem = ({ cursor_ts: _cursor, created_at, credited_at, ...r }: PaymentRow): AdminPaymentItem => ({
  ...r,
  created_at: created_at.toISOString(),
  credited_at: credited_at ? credited_at.toISOString() : null,
});

// Sums of integers come back as bigint (text); they stay far below 2^53.
const num = (v: unknown): number => Number(v ?? 0);

/**
 * The admin payments page's reads: the list, its totals, the export in batches, and the
 * reconciliation's sums. Read-only.
 */
@Injectable()
export class AdminPaymentsRepository extends BaseRepository {
  /** Newest first (ties by id, so pages never overlap). */
  async page(filter: AdminPaymentsFilter, skip: number, limit: number): Promise<AdminPaymentItem[]> {
    const w = where(filter);
    const rows: PaymentRow[] = await this.em.query(
      `SELECT ${COLUMNS} ${FROM} ${w.sql} ORDER BY p.created_at DESC, p.id DESC LIMIT $${w.params.length + 1} OFFSET $${w.params.length + 2}`,
      [...w.params, limit, skip],
    );
    return rows.map(toItem);
  }

  async totals(filter: AdminPaymentsFilter): Promise<AdminPaymentsTotals> {
    const w = where(filter);
    const rows: { count: string; amount: string; votes: string }[] = await this.em.query(
      `SELECT count(*) AS count,
              coalesce(sum(p.amount_cents) FILTER (WHERE p.status = 'credited'), 0) AS amount,
              coalesce(sum(p.votes) FILTER (WHERE p.status = 'credited'), 0) AS votes
       FROM payments p ${w.sql}`,
      w.params,
    );
    return { count: num(rows[0]?.count), credited_amount_cents: num(rows[0]?.amount), credited_votes: num(rows[0]?.votes) };
  }

  /** The next `size` rows after `after` in the list's order (keyset paging: no row twice or skipped while the export runs). */
  async exportBatch(filter: AdminPaymentsFilter, after: ExportCursor | null, size: number): Promise<{ items: AdminPaymentItem[]; next: ExportCursor | null }> {
    const w = where(filter);
    const params = [...w.params];
    let keyset = '';
    if (after) {
      const ts = params.push(after.createdAt);
      const id = params.push(after.id);
      keyset = `${w.sql ? 'AND' : 'WHERE'} (p.created_at, p.id) < ($${ts}::timestamptz, $${id}::uuid)`;
    }
    const rows: PaymentRow[] = await this.em.query(
      `SELECT ${COLUMNS} ${FROM} ${w.sql} ${keyset} ORDER BY p.created_at DESC, p.id DESC LIMIT $${params.push(size)}`,
      params,
    );
    const last = rows.at(-1);
    return { items: rows.map(toItem), next: last && rows.length === size ? { createdAt: last.cursor_ts, id: last.id } : null };
  }

  /**
   * The reconciliation's sums in one statement, so one snapshot: a credit commits its status, its
   * ledger row and both counters together, and this never sees half of one.
   */
  async reconciliationSums(): Promise<ReconciliationSums> {
    const rows: Record<string, string>[] = await this.em.query(
      `SELECT
         (SELECT coalesce(sum(votes), 0) FROM payments WHERE status = 'credited') AS credited,
         (SELECT coalesce(sum(p.votes), 0) FROM payments p
           WHERE p.status = 'credited' AND NOT EXISTS (SELECT 1 FROM contest_entries e WHERE e.id = p.entry_id)) AS deleted_entry,
         (SELECT coalesce(sum(p.votes), 0) FROM payments p
           WHERE p.status = 'credited' AND NOT EXISTS (SELECT 1 FROM contestant_profiles cp WHERE cp.id = p.profile_id)) AS deleted_profile,
         (SELECT coalesce(sum(weight), 0) FROM votes WHERE kind = 'paid') AS ledger,
         (SELECT coalesce(sum(paid_votes), 0) FROM contest_entries) AS entries,
         (SELECT coalesce(sum(paid_votes), 0) FROM contestant_profiles) AS profiles`,
    );
    const r = rows[0] ?? {};
    return {
      creditedVotes: num(r.credited),
      deletedEntryVotes: num(r.deleted_entry),
      deletedProfileVotes: num(r.deleted_profile),
      ledgerPaidVotes: num(r.ledger),
      entriesPaidVotes: num(r.entries),
      profilesPaidVotes: num(r.profiles),
    };
  }

  /** Credited payments of existing entries whose ledger row (id = the payment's id) is missing or not of their votes. */
  async mismatchedCredits(limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.em.query(
      `SELECT p.id::text AS id FROM payments p
       WHERE p.status = 'credited' AND EXISTS (SELECT 1 FROM contest_entries e WHERE e.id = p.entry_id)
         AND NOT EXISTS (SELECT 1 FROM votes v WHERE v.id = p.id AND v.kind = 'paid' AND v.weight = p.votes)
       ORDER BY p.created_at, p.id LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.id);
  }

  /** Payments still 'paid' (paid at the provider, not credited) more than `minutes` after they were made; oldest first. */
  async stuck(minutes: number, limit: number): Promise<StuckPayment[]> {
    const rows: (Omit<StuckPayment, 'created_at'> & { created_at: Date })[] = await this.em.query(
      `SELECT p.id::text AS id, p.created_at, p.provider, p.provider_ref, p.amount_cents, p.votes, u.username
       ${FROM}
       WHERE p.status = 'paid' AND p.created_at < now() - make_interval(mins => $1)
       ORDER BY p.created_at, p.id LIMIT $2`,
      [minutes, limit],
    );
    return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
  }

  /** Payments still 'refunding' (money for a closed entry not yet given back) `minutes` after their last change; oldest first. */
  async refundsPending(minutes: number, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.em.query(
      `SELECT p.id::text AS id FROM payments p
       WHERE p.status = 'refunding' AND p.updated_at < now() - make_interval(mins => $1)
       ORDER BY p.updated_at, p.id LIMIT $2`,
      [minutes, limit],
    );
    return rows.map((r) => r.id);
  }
}
