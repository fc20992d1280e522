import { Injectable } from '@nestjs/common';
import { expressionBuilder, sql, type Expression, type InferResult, type SqlBool } from 'kysely';
import type { AdminPaymentItem, AdminPaymentsTotals, StuckPayment } from '#contract/payments/answers.js';
import type { AdminPaymentsFilter } from '#contract/payments/requests.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { queryBuilder as db } from '#server/infra/database/query-builder.js';
import type { Payments } from '#server/infra/database/schema.js';
import { paymentMethod, paymentProvider, paymentStatus } from './payment-columns.js';

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

/** The filters as one condition over `p` (payments). Without a status, expired checkouts are left out; 'all' keeps them. */
function matching(filter: AdminPaymentsFilter): Expression<SqlBool> {
  const eb = expressionBuilder<{ p: Payments }, 'p'>();
  const parts: Expression<SqlBool>[] = [];
  if (!filter.status) parts.push(eb('p.status', '<>', 'expired'));
  else if (filter.status !== 'all') parts.push(eb('p.status', '=', filter.status));
  if (filter.provider) parts.push(eb('p.provider', '=', filter.provider));
  return eb.and(parts);
}

/**
 * The list's rows with their contestant's username, and each row's cursor (created_at as text, exact
 * to the microsecond). The profile (and its user) may be gone: a payment is a financial record and
 * outlives them.
 */
const listed = (filter: AdminPaymentsFilter) =>
  db
    .selectFrom('payments as p')
    .leftJoin('contestant_profiles as cp', 'cp.id', 'p.profile_id')
    .leftJoin('users as u', 'u.id', 'cp.user_id')
    .select([
      'p.id',
      'p.created_at',
      'p.credited_at',
      'p.status',
      'p.provider',
      'p.method',
      'p.provider_ref',
      'p.profile_id',
      'p.entry_id',
      'p.contest_id',
      'u.username',
      'p.payer_name',
      'p.payer_email',
      'p.amount_minor',
      'p.currency',
      'p.package_id',
      'p.votes',
      'p.base_votes',
      sql<string>`${sql.ref('p.created_at')}::text`.as('cursor_ts'),
    ])
    .where(matching(filter))
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc');

type ListedRow = InferResult<ReturnType<typeof listed>>[number];

const toItem = ({ cursor_ts: _cursor, created_at, credited_at, status, provider, method, ...r }: ListedRow): AdminPaymentItem => ({
  ...r,
  created_at: created_at.toISOString(),
  credited_at: credited_at ? credited_at.toISOString() : null,
  status: paymentStatus(status),
  provider: paymentProvider(provider),
  method: paymentMethod(method),
});

/** The moment `minutes` before now. */
const minutesAgo = (minutes: number) => sql<Date>`now() - make_interval(mins => ${minutes})`;

// Sums and counts come back as bigint or numeric (text); they stay far below 2^53.
const num = (v: string | number | bigint | null | undefined): number => Number(v ?? 0);

/** A sum of integers, 0 over no rows. */
const sumOf = (column: Expression<number>) => sql<string>`coalesce(sum(${column}), 0)`;

const SAMPLE_CURSOR: ExportCursor = { createdAt: '2026-11-28 21:14:03.123456+00', id: '00000000-0000-4000-8000-000000000001' };

/**
 * The admin payments page's reads: the list, its totals, the export in batches, and the
 * reconciliation's sums. Read-only.
 */
@Injectable()
export class AdminPaymentsRepository extends BaseRepository {
  /** Newest first (ties by id, so pages never overlap). */
  @GenerateSql(
    { name: 'without expired', params: [{}, 0, 20] },
    { name: 'all statuses', params: [{ status: 'all' }, 20, 20] },
    { name: 'one status and provider', params: [{ status: 'credited', provider: 'stripe' }, 0, 20] },
  )
  async page(filter: AdminPaymentsFilter, skip: number, limit: number): Promise<AdminPaymentItem[]> {
    const rows = await this.rows(listed(filter).limit(limit).offset(skip));
    return rows.map(toItem);
  }

  @GenerateSql(
    { name: 'without expired', params: [{}] },
    { name: 'all statuses', params: [{ status: 'all' }] },
    { name: 'one status and provider', params: [{ status: 'credited', provider: 'stripe' }] },
  )
  async totals(filter: AdminPaymentsFilter): Promise<AdminPaymentsTotals> {
    const row = await this.first(
      db
        .selectFrom('payments as p')
        .select((eb) => [
          eb.fn.countAll<string>().as('count'),
          eb.fn.coalesce(eb.fn.sum<string>('p.votes').filterWhere('p.status', '=', 'credited'), sql.lit(0)).as('votes'),
        ])
        .where(matching(filter)),
    );
    // Amounts of different currencies never add up: one sum per currency.
    const amounts = await this.rows(
      db
        .selectFrom('payments as p')
        .select(['p.currency', sql<string>`sum(${sql.ref('p.amount_minor')})`.as('amount')])
        .where(matching(filter))
        .where('p.status', '=', 'credited')
        .groupBy('p.currency')
        .orderBy('amount', 'desc')
        .orderBy('p.currency'),
    );
    return {
      count: num(row?.count),
      credited_amounts: amounts.map((a) => ({ currency: a.currency, amount_minor: num(a.amount) })),
      credited_votes: num(row?.votes),
    };
  }

  /** The next `size` rows after `after` in the list's order (keyset paging: no row twice or skipped while the export runs). */
  @GenerateSql({ name: 'first batch', params: [{}, null, 1000] }, { name: 'after a cursor', params: [{ provider: 'paypal' }, SAMPLE_CURSOR, 1000] })
  async exportBatch(filter: AdminPaymentsFilter, after: ExportCursor | null, size: number): Promise<{ items: AdminPaymentItem[]; next: ExportCursor | null }> {
    let query = listed(filter);
    if (after) query = query.where(sql<SqlBool>`(${sql.ref('p.created_at')}, ${sql.ref('p.id')}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
    const rows = await this.rows(query.limit(size));
    const last = rows.at(-1);
    return { items: rows.map(toItem), next: last && rows.length === size ? { createdAt: last.cursor_ts, id: last.id } : null };
  }

  /**
   * The reconciliation's sums in one statement, so one snapshot: a credit commits its status, its
   * ledger row and both counters together, and this never sees half of one.
   */
  @GenerateSql({ params: [] })
  async reconciliationSums(): Promise<ReconciliationSums> {
    const row = await this.first(
      db.selectNoFrom((eb) => [
        eb
          .selectFrom('payments')
          .select((q) => sumOf(q.ref('votes')).as('v'))
          .where('status', '=', 'credited')
          .as('credited'),
        eb
          .selectFrom('payments as p')
          .select((q) => sumOf(q.ref('p.votes')).as('v'))
          .where('p.status', '=', 'credited')
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('contest_entries as e').select(sql.lit(1).as('one')).whereRef('e.id', '=', 'p.entry_id'))),
          )
          .as('deleted_entry'),
        eb
          .selectFrom('payments as p')
          .select((q) => sumOf(q.ref('p.votes')).as('v'))
          .where('p.status', '=', 'credited')
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('contestant_profiles as cp').select(sql.lit(1).as('one')).whereRef('cp.id', '=', 'p.profile_id'))),
          )
          .as('deleted_profile'),
        eb
          .selectFrom('votes')
          .select((q) => sumOf(q.ref('weight')).as('v'))
          .where('kind', '=', 'paid')
          .as('ledger'),
        eb
          .selectFrom('contest_entries')
          .select((q) => sumOf(q.ref('paid_votes')).as('v'))
          .as('entries'),
        eb
          .selectFrom('contestant_profiles')
          .select((q) => sumOf(q.ref('paid_votes')).as('v'))
          .as('profiles'),
      ]),
    );
    return {
      creditedVotes: num(row?.credited),
      deletedEntryVotes: num(row?.deleted_entry),
      deletedProfileVotes: num(row?.deleted_profile),
      ledgerPaidVotes: num(row?.ledger),
      entriesPaidVotes: num(row?.entries),
      profilesPaidVotes: num(row?.profiles),
    };
  }

  /** Credited payments of existing entries whose ledger row (id = the payment's id) is missing or not of their votes. */
  @GenerateSql({ params: [200] })
  async mismatchedCredits(limit: number): Promise<string[]> {
    const rows = await this.rows(
      db
        .selectFrom('payments as p')
        .select('p.id')
        .where('p.status', '=', 'credited')
        .where(({ exists, selectFrom }) => exists(selectFrom('contest_entries as e').select(sql.lit(1).as('one')).whereRef('e.id', '=', 'p.entry_id')))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('votes as v')
                .select(sql.lit(1).as('one'))
                .whereRef('v.id', '=', 'p.id')
                .where('v.kind', '=', 'paid')
                .whereRef('v.weight', '=', 'p.votes'),
            ),
          ),
        )
        .orderBy('p.created_at')
        .orderBy('p.id')
        .limit(limit),
    );
    return rows.map((r) => r.id);
  }

  /** Payments still 'paid' (paid at the provider, not credited) more than `minutes` after they were made; oldest first. */
  @GenerateSql({ params: [5, 201] })
  async stuck(minutes: number, limit: number): Promise<StuckPayment[]> {
    const rows = await this.rows(
      db
        .selectFrom('payments as p')
        .leftJoin('contestant_profiles as cp', 'cp.id', 'p.profile_id')
        .leftJoin('users as u', 'u.id', 'cp.user_id')
        .select(['p.id', 'p.created_at', 'p.provider', 'p.provider_ref', 'p.amount_minor', 'p.currency', 'p.votes', 'u.username'])
        .where('p.status', '=', 'paid')
        .where('p.created_at', '<', minutesAgo(minutes))
        .orderBy('p.created_at')
        .orderBy('p.id')
        .limit(limit),
    );
    return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString(), provider: paymentProvider(r.provider) }));
  }

  /** Payments still 'refunding' (money for a closed entry not yet given back) `minutes` after their last change; oldest first. */
  @GenerateSql({ params: [5, 200] })
  async refundsPending(minutes: number, limit: number): Promise<string[]> {
    const rows = await this.rows(
      db
        .selectFrom('payments as p')
        .select('p.id')
        .where('p.status', '=', 'refunding')
        .where('p.updated_at', '<', minutesAgo(minutes))
        .orderBy('p.updated_at')
        .orderBy('p.id')
        .limit(limit),
    );
    return rows.map((r) => r.id);
  }
}
