// /admin/payments: every payment, newest first, 20 a page, filtered by status and provider
// (both in the address, like the page; expired checkouts only when the status filter asks), the totals of what was credited, a CSV export of everything the
// filters match, and the reconciliation check (credited payments against the vote ledger and counters,
// and payments paid at the provider but never credited).
import { CircleCheck, CircleAlert, Download, RefreshCw } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_PAYMENT_MESSAGES as M } from '#contract/payments/messages';
import {
  PAYMENT_PROVIDERS,
  PAYMENT_STATUS_FILTERS,
  type PaymentProviderId,
  type PaymentStatusFilter,
  type PaymentStatusName,
} from '#contract/payments/constants';
import type { AdminPaymentItem, AdminPaymentsTotals, PaymentReconciliation } from '#contract/payments/answers';
import { formatExact, formatTotals } from '#contract/payments/currencies';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageHeader, PageSection } from '@/components/ui/page-header';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { rowClass, Table, Td } from '@/components/ui/table';
import { pageCountOf, usePageParam } from '@/hooks/use-page-param';
import { errorDetail } from '@/lib/api/api-error';
import { asyncHandler } from '@/lib/async-handler';
import { formatDateTime } from '@/lib/dates';
import { files } from '@/lib/download';
import { formatCount } from '@/lib/numbers';
import { paths } from '@/lib/paths';
import { notify } from '@/lib/toast';
import { useExportPaymentsMutation } from '../api/export-payments';
import { useGetAdminPaymentsQuery } from '../api/get-admin-payments';
import { useGetPaymentReconciliationQuery } from '../api/get-payment-reconciliation';
import { FilterSelect } from '@/components/form/filter-select';
import { PagedTable } from '@/components/ui/paged-table';
import { useFilterParams } from '@/hooks/use-filter-params';

export const PAYMENTS_PAGE_SIZE = 20;
const COLUMNS = ['Time', 'Contestant', 'Payer', 'Provider', 'Amount', 'Votes', 'Status'];

const STATUS_LABELS: Record<PaymentStatusName, string> = {
  created: 'Created',
  paid: 'Paid',
  credited: 'Credited',
  refunding: 'Refunding',
  refunded: 'Refunded',
  failed: 'Failed',
  expired: 'Expired',
};
const STATUS_TONES: Record<PaymentStatusName, BadgeTone> = {
  created: 'gray',
  paid: 'amber',
  credited: 'green',
  refunding: 'amber',
  refunded: 'red',
  failed: 'red',
  expired: 'gray',
};
/** The status filter: no value leaves expired checkouts out; 'all' shows them too. */
const STATUS_FILTER_LABELS: Record<PaymentStatusFilter, string> = { ...STATUS_LABELS, all: 'All, with expired' };
const PROVIDER_LABELS: Record<PaymentProviderId, string> = { test: 'Test mode', stripe: 'Stripe', paypal: 'PayPal' };
const METHOD_LABELS: Record<AdminPaymentItem['method'], string> = { stripe: 'Stripe', paypal: 'PayPal' };

const FILTER_CHOICES = { status: PAYMENT_STATUS_FILTERS, provider: PAYMENT_PROVIDERS };

export function AdminPaymentsPage() {
  const [filter, setFilter] = useFilterParams(FILTER_CHOICES);
  const [page, setPage] = usePageParam();
  const query = useGetAdminPaymentsQuery({
    ...filter,
    skip: (page - 1) * PAYMENTS_PAGE_SIZE,
    limit: PAYMENTS_PAGE_SIZE,
  });
  const { data, isFetching, isError } = query;
  const [exportCsv, { isLoading: exporting }] = useExportPaymentsMutation();
  const pageCount = pageCountOf(data?.total ?? 0, PAYMENTS_PAGE_SIZE);
  const filtered = Boolean(filter.status || filter.provider);

  useEffect(() => {
    if (data && !isFetching && page > pageCount) setPage(pageCount);
  }, [data, isFetching, page, pageCount, setPage]);

  const onExport = async () => {
    try {
      const csv = await exportCsv(filter).unwrap();
      const parts = ['payments', filter.status, filter.provider, new Date().toISOString().slice(0, 10)].filter(Boolean);
      files.save(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${parts.join('-')}.csv`);
    } catch (e) {
      notify.error(errorDetail(e) ?? M.exportFailed);
    }
  };

  return (
    <PageSection>
      <PageHeader
        title="Payments"
        subtitle="Every vote package bought, what was credited, and whether the books balance."
        actions={
          <Button variant="outline" onClick={asyncHandler(onExport)} disabled={exporting} aria-busy={exporting}>
            <Download aria-hidden="true" className="size-4" /> {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        }
      />
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end" role="group" aria-label="Filters">
        <FilterSelect
          label="Status"
          allLabel="All but expired"
          options={PAYMENT_STATUS_FILTERS}
          labels={STATUS_FILTER_LABELS}
          value={filter.status}
          onChange={(v) => setFilter('status', v)}
        />
        <FilterSelect
          label="Provider"
          allLabel="All providers"
          options={PAYMENT_PROVIDERS}
          labels={PROVIDER_LABELS}
          value={filter.provider}
          onChange={(v) => setFilter('provider', v)}
        />
      </div>
      <Totals totals={isError ? undefined : data?.totals} filtered={filtered} />
      <PagedTable
        query={query}
        rows={data?.items.length ?? 0}
        total={data?.total ?? 0}
        unit={['payment', 'payments']}
        texts={M}
        filtered={filtered}
        caption="Payments"
        columns={COLUMNS}
        minWidth="md:min-w-[60rem]"
        page={page}
        pageCount={pageCount}
        onPageChange={setPage}
        pagerLabel="Payment pages"
      >
        {data?.items.map((p) => (
          <PaymentRow key={p.id} payment={p} />
        ))}
      </PagedTable>
      <ReconciliationPanel />
    </PageSection>
  );
}

function PaymentRow({ payment: p }: { payment: AdminPaymentItem }) {
  return (
    <tr className={rowClass}>
      <Td label="Time" className="whitespace-nowrap">
        <time dateTime={p.created_at}>{formatDateTime(p.created_at)}</time>
      </Td>
      <Td label="Contestant">
        {p.username ? (
          <Link to={paths.profile(p.username)} className="font-semibold text-bone-50 hover:text-blood-300">
            @{p.username}
          </Link>
        ) : (
          <span className="text-bone-400">Deleted profile #{p.profile_id}</span>
        )}
      </Td>
      <Td label="Payer" className="md:max-w-64">
        <div className="min-w-0 text-right md:text-left">
          {p.payer_name ? <p className="truncate text-bone-50">{p.payer_name}</p> : null}
          <p className="truncate text-xs text-bone-400">{p.payer_email}</p>
        </div>
      </Td>
      <Td label="Provider" className="whitespace-nowrap">
        <span>
          {PROVIDER_LABELS[p.provider]}
          {p.provider === 'test' ? <span className="ml-1 text-xs text-bone-400">({METHOD_LABELS[p.method]})</span> : null}
        </span>
      </Td>
      <Td label="Amount" className="whitespace-nowrap tabular-nums">
        {formatExact(p.amount_minor, p.currency)}
      </Td>
      <Td label="Votes" className="tabular-nums">
        {formatCount(p.votes)}
      </Td>
      <Td label="Status">
        <Badge tone={STATUS_TONES[p.status]}>{STATUS_LABELS[p.status]}</Badge>
      </Td>
    </tr>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-night-700 bg-night-900/80 px-4 py-3">
      <dt className="text-xs font-semibold uppercase tracking-wider text-bone-400">{label}</dt>
      <dd className="mt-1 font-display text-2xl font-bold tabular-nums text-bone-50">{value}</dd>
    </div>
  );
}

function Totals({ totals, filtered }: { totals: AdminPaymentsTotals | undefined; filtered: boolean }) {
  if (!totals) return null;
  return (
    <section aria-label="Totals" className="mb-6">
      <dl className="grid gap-3 sm:grid-cols-3">
        <Stat label={filtered ? 'Matching payments' : 'Payments'} value={formatCount(totals.count)} />
        {/* Amounts of different currencies are never added up: one sum per currency. */}
        <Stat label="Credited amount" value={formatTotals(totals.credited_amounts)} />
        <Stat label="Credited votes" value={formatCount(totals.credited_votes)} />
      </dl>
    </section>
  );
}

function ReconciliationPanel() {
  const { data, isLoading, isFetching, isError, error, refetch } = useGetPaymentReconciliationQuery();
  const headingId = useId();
  let content;
  if (isLoading) {
    content = (
      <SkeletonGroup>
        <Skeleton className="h-24" />
      </SkeletonGroup>
    );
  } else if (isError || !data) {
    content = (
      <ErrorPanel message={errorDetail(error) ?? M.reconciliationFailed}>
        <Button variant="outline" onClick={() => void refetch()}>
          Try Again
        </Button>
      </ErrorPanel>
    );
  } else content = <ReconciliationResult result={data} />;
  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-xl border border-night-700 bg-night-900/80 p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="font-display text-xl font-bold text-bone-50">
          Reconciliation
        </h2>
        <Button variant="ghost" size="sm" onClick={() => void refetch()} disabled={isFetching} aria-busy={isFetching}>
          <RefreshCw aria-hidden="true" className="size-4" /> {isFetching ? 'Checking...' : 'Check again'}
        </Button>
      </div>
      {content}
    </section>
  );
}

function ReconciliationResult({ result: r }: { result: PaymentReconciliation }) {
  return (
    <div>
      <p role="status" className={`flex items-center gap-2 font-semibold ${r.ok ? 'text-emerald-300' : 'text-blood-300'}`}>
        {r.ok ? <CircleCheck aria-hidden="true" className="size-5" /> : <CircleAlert aria-hidden="true" className="size-5" />}
        {r.ok ? 'OK: the credited payments match the vote ledger and the counters.' : 'Not OK: see the problems below.'}
      </p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Credited payments' votes" value={formatCount(r.credited_votes)} />
        <Stat label="Paid ledger votes" value={formatCount(r.ledger_paid_votes)} />
        <Stat label="Entries' paid votes" value={formatCount(r.entries_paid_votes)} />
        <Stat label="Profiles' paid votes" value={formatCount(r.profiles_paid_votes)} />
      </dl>
      {r.deleted_entry_votes || r.deleted_profile_votes ? (
        <p className="mt-3 text-sm text-bone-400">
          Credited votes of entries deleted since: {formatCount(r.deleted_entry_votes)}; of profiles deleted since: {formatCount(r.deleted_profile_votes)}{' '}
          (their ledger rows went with them).
        </p>
      ) : null}
      {r.problems.length ? (
        <ul className="mt-4 list-disc space-y-1 pl-5 text-blood-200" aria-label="Problems">
          {r.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      {r.stuck.length ? (
        <div className="mt-5">
          <h3 className="mb-3 font-semibold text-bone-50">Paid but not credited</h3>
          <Table
            caption="Payments paid but not credited"
            columns={['Time', 'Payment', 'Contestant', 'Provider', 'Amount', 'Votes']}
            minWidth="md:min-w-[52rem]"
          >
            {r.stuck.map((s) => (
              <tr key={s.id} className={rowClass}>
                <Td label="Time" className="whitespace-nowrap">
                  <time dateTime={s.created_at}>{formatDateTime(s.created_at)}</time>
                </Td>
                <Td label="Payment" className="font-mono text-xs">
                  <span className="break-all">
                    {s.id}
                    {s.provider_ref ? <span className="block text-bone-400">{s.provider_ref}</span> : null}
                  </span>
                </Td>
                <Td label="Contestant">{s.username ? `@${s.username}` : '—'}</Td>
                <Td label="Provider">{PROVIDER_LABELS[s.provider]}</Td>
                <Td label="Amount" className="tabular-nums">
                  {formatExact(s.amount_minor, s.currency)}
                </Td>
                <Td label="Votes" className="tabular-nums">
                  {formatCount(s.votes)}
                </Td>
              </tr>
            ))}
          </Table>
        </div>
      ) : (
        <p className="mt-4 text-sm text-bone-400">No payment is waiting to be credited.</p>
      )}
      <p className="mt-4 text-xs text-bone-400">
        Checked <time dateTime={r.checked_at}>{formatDateTime(r.checked_at)}</time>
      </p>
    </div>
  );
}
