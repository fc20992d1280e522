// /admin/payments: every payment, newest first, 20 a page, filtered by status and provider
// (both in the address, like the page; expired checkouts only when the status filter asks), the totals of what was credited, a CSV export of everything the
// filters match, and the reconciliation check (credited payments against the vote ledger and counters,
// and payments paid at the provider but never credited).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { formatDateTime, intlLocale } from '@/lib/dates';
import { files } from '@/lib/download';
import { useContractText } from '@/lib/i18n/contract-text';
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
const COLUMNS = [msg`Time`, msg`Contestant`, msg`Payer`, msg`Provider`, msg`Amount`, msg`Votes`, msg`Status`];
const STUCK_COLUMNS = [msg`Time`, msg`Payment`, msg`Contestant`, msg`Provider`, msg`Amount`, msg`Votes`];

const STATUS_LABELS: Record<PaymentStatusName, MessageDescriptor> = {
  created: msg`Created`,
  paid: msg`Paid`,
  credited: msg`Credited`,
  refunding: msg`Refunding`,
  refunded: msg`Refunded`,
  failed: msg`Failed`,
  expired: msg`Expired`,
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
const STATUS_FILTER_LABELS: Record<PaymentStatusFilter, MessageDescriptor> = { ...STATUS_LABELS, all: msg`All, with expired` };
/** The providers' own names are not translated; TEST MODE is. */
const PROVIDER_LABELS: Record<PaymentProviderId, MessageDescriptor | string> = { test: msg`Test mode`, stripe: 'Stripe', paypal: 'PayPal' };
const METHOD_LABELS: Record<AdminPaymentItem['method'], string> = { stripe: 'Stripe', paypal: 'PayPal' };

/** Every label of a map in the app's language. */
function useLabels<K extends string>(labels: Record<K, MessageDescriptor | string>): Record<K, string> {
  const { i18n } = useLingui();
  return Object.fromEntries(Object.entries<MessageDescriptor | string>(labels).map(([k, v]) => [k, typeof v === 'string' ? v : i18n._(v)])) as Record<
    K,
    string
  >;
}

/** An amount with every minor digit, in the app's language ('$50.00', 'R$ 50,00'). */
const exact = (minor: number, currency: string) => formatExact(minor, currency, intlLocale());

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
  const { t, i18n } = useLingui();
  const ct = useContractText();
  const statusFilterLabels = useLabels(STATUS_FILTER_LABELS);
  const providerLabels = useLabels(PROVIDER_LABELS);

  useEffect(() => {
    if (data && !isFetching && page > pageCount) setPage(pageCount);
  }, [data, isFetching, page, pageCount, setPage]);

  const onExport = async () => {
    try {
      const csv = await exportCsv(filter).unwrap();
      const parts = ['payments', filter.status, filter.provider, new Date().toISOString().slice(0, 10)].filter(Boolean);
      files.save(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${parts.join('-')}.csv`);
    } catch (e) {
      notify.error(ct(errorDetail(e) ?? M.exportFailed));
    }
  };

  return (
    <PageSection>
      <PageHeader
        title={t`Payments`}
        subtitle={t`Every vote package bought, what was credited, and whether the books balance.`}
        actions={
          <Button variant="outline" onClick={asyncHandler(onExport)} disabled={exporting} aria-busy={exporting}>
            <Download aria-hidden="true" className="size-4" /> {exporting ? t`Exporting...` : t`Export CSV`}
          </Button>
        }
      />
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end" role="group" aria-label={t`Filters`}>
        <FilterSelect
          label={t`Status`}
          allLabel={t`All but expired`}
          options={PAYMENT_STATUS_FILTERS}
          labels={statusFilterLabels}
          value={filter.status}
          onChange={(v) => setFilter('status', v)}
        />
        <FilterSelect
          label={t`Provider`}
          allLabel={t`All providers`}
          options={PAYMENT_PROVIDERS}
          labels={providerLabels}
          value={filter.provider}
          onChange={(v) => setFilter('provider', v)}
        />
      </div>
      <Totals totals={isError ? undefined : data?.totals} filtered={filtered} />
      <PagedTable
        query={query}
        rows={data?.items.length ?? 0}
        total={data?.total ?? 0}
        unit={[t`payment`, t`payments`]}
        texts={{ loadFailed: ct(M.loadFailed), empty: ct(M.empty), emptyFiltered: ct(M.emptyFiltered) }}
        filtered={filtered}
        caption={t`Payments`}
        columns={COLUMNS.map((c) => i18n._(c))}
        minWidth="md:min-w-[60rem]"
        page={page}
        pageCount={pageCount}
        onPageChange={setPage}
        pagerLabel={t`Payment pages`}
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
  const { t, i18n } = useLingui();
  const providerLabels = useLabels(PROVIDER_LABELS);
  const profileId = p.profile_id;
  return (
    <tr className={rowClass}>
      <Td label={t`Time`} className="whitespace-nowrap">
        <time dateTime={p.created_at}>{formatDateTime(p.created_at)}</time>
      </Td>
      <Td label={t`Contestant`}>
        {p.username ? (
          <Link to={paths.profile(p.username)} className="font-semibold text-bone-50 hover:text-blood-300">
            @{p.username}
          </Link>
        ) : (
          <span className="text-bone-400">
            <Trans>Deleted profile #{profileId}</Trans>
          </span>
        )}
      </Td>
      <Td label={t`Payer`} className="md:max-w-64">
        <div className="min-w-0 text-right md:text-left">
          {p.payer_name ? <p className="truncate text-bone-50">{p.payer_name}</p> : null}
          <p className="truncate text-xs text-bone-400">{p.payer_email}</p>
        </div>
      </Td>
      <Td label={t`Provider`} className="whitespace-nowrap">
        <span>
          {providerLabels[p.provider]}
          {p.provider === 'test' ? <span className="ml-1 text-xs text-bone-400">({METHOD_LABELS[p.method]})</span> : null}
        </span>
      </Td>
      <Td label={t`Amount`} className="whitespace-nowrap tabular-nums">
        {exact(p.amount_minor, p.currency)}
      </Td>
      <Td label={t`Votes`} className="tabular-nums">
        {formatCount(p.votes)}
      </Td>
      <Td label={t`Status`}>
        <Badge tone={STATUS_TONES[p.status]}>{i18n._(STATUS_LABELS[p.status])}</Badge>
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
  const { t } = useLingui();
  if (!totals) return null;
  return (
    <section aria-label={t`Totals`} className="mb-6">
      <dl className="grid gap-3 sm:grid-cols-3">
        <Stat label={filtered ? t`Matching payments` : t`Payments`} value={formatCount(totals.count)} />
        {/* Amounts of different currencies are never added up: one sum per currency. */}
        <Stat label={t`Credited amount`} value={formatTotals(totals.credited_amounts, undefined, intlLocale())} />
        <Stat label={t`Credited votes`} value={formatCount(totals.credited_votes)} />
      </dl>
    </section>
  );
}

function ReconciliationPanel() {
  const { data, isLoading, isFetching, isError, error, refetch } = useGetPaymentReconciliationQuery();
  const headingId = useId();
  const { t } = useLingui();
  const ct = useContractText();
  let content;
  if (isLoading) {
    content = (
      <SkeletonGroup>
        <Skeleton className="h-24" />
      </SkeletonGroup>
    );
  } else if (isError || !data) {
    content = (
      <ErrorPanel message={ct(errorDetail(error) ?? M.reconciliationFailed)}>
        <Button variant="outline" onClick={() => void refetch()}>
          <Trans>Try Again</Trans>
        </Button>
      </ErrorPanel>
    );
  } else content = <ReconciliationResult result={data} />;
  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-xl border border-night-700 bg-night-900/80 p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="font-display text-xl font-bold text-bone-50">
          <Trans>Reconciliation</Trans>
        </h2>
        <Button variant="ghost" size="sm" onClick={() => void refetch()} disabled={isFetching} aria-busy={isFetching}>
          <RefreshCw aria-hidden="true" className="size-4" /> {isFetching ? t`Checking...` : t`Check again`}
        </Button>
      </div>
      {content}
    </section>
  );
}

function ReconciliationResult({ result: r }: { result: PaymentReconciliation }) {
  const { t, i18n } = useLingui();
  const ct = useContractText();
  const providerLabels = useLabels(PROVIDER_LABELS);
  const entryVotes = formatCount(r.deleted_entry_votes);
  const profileVotes = formatCount(r.deleted_profile_votes);
  const checkedAt = formatDateTime(r.checked_at);
  return (
    <div>
      <p role="status" className={`flex items-center gap-2 font-semibold ${r.ok ? 'text-emerald-300' : 'text-blood-300'}`}>
        {r.ok ? <CircleCheck aria-hidden="true" className="size-5" /> : <CircleAlert aria-hidden="true" className="size-5" />}
        {r.ok ? t`OK: the credited payments match the vote ledger and the counters.` : t`Not OK: see the problems below.`}
      </p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label={t`Credited payments' votes`} value={formatCount(r.credited_votes)} />
        <Stat label={t`Paid ledger votes`} value={formatCount(r.ledger_paid_votes)} />
        <Stat label={t`Entries' paid votes`} value={formatCount(r.entries_paid_votes)} />
        <Stat label={t`Profiles' paid votes`} value={formatCount(r.profiles_paid_votes)} />
      </dl>
      {r.deleted_entry_votes || r.deleted_profile_votes ? (
        <p className="mt-3 text-sm text-bone-400">
          <Trans>
            Credited votes of entries deleted since: {entryVotes}; of profiles deleted since: {profileVotes} (their ledger rows went with them).
          </Trans>
        </p>
      ) : null}
      {r.problems.length ? (
        <ul className="mt-4 list-disc space-y-1 pl-5 text-blood-200" aria-label={t`Problems`}>
          {r.problems.map((p) => (
            <li key={p}>{ct(p)}</li>
          ))}
        </ul>
      ) : null}
      {r.stuck.length ? (
        <div className="mt-5">
          <h3 className="mb-3 font-semibold text-bone-50">
            <Trans>Paid but not credited</Trans>
          </h3>
          <Table caption={t`Payments paid but not credited`} columns={STUCK_COLUMNS.map((c) => i18n._(c))} minWidth="md:min-w-[52rem]">
            {r.stuck.map((s) => (
              <tr key={s.id} className={rowClass}>
                <Td label={t`Time`} className="whitespace-nowrap">
                  <time dateTime={s.created_at}>{formatDateTime(s.created_at)}</time>
                </Td>
                <Td label={t`Payment`} className="font-mono text-xs">
                  <span className="break-all">
                    {s.id}
                    {s.provider_ref ? <span className="block text-bone-400">{s.provider_ref}</span> : null}
                  </span>
                </Td>
                <Td label={t`Contestant`}>{s.username ? `@${s.username}` : '—'}</Td>
                <Td label={t`Provider`}>{providerLabels[s.provider]}</Td>
                <Td label={t`Amount`} className="tabular-nums">
                  {exact(s.amount_minor, s.currency)}
                </Td>
                <Td label={t`Votes`} className="tabular-nums">
                  {formatCount(s.votes)}
                </Td>
              </tr>
            ))}
          </Table>
        </div>
      ) : (
        <p className="mt-4 text-sm text-bone-400">
          <Trans>No payment is waiting to be credited.</Trans>
        </p>
      )}
      <p className="mt-4 text-xs text-bone-400">
        <Trans>
          Checked <time dateTime={r.checked_at}>{checkedAt}</time>
        </Trans>
      </p>
    </div>
  );
}
