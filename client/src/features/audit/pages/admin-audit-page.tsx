// /admin/audit: every admin action, newest first, 20 a page (the page and the action filter are in the
// address): when, who, what, on which target, and what it changed.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo } from 'react';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_PAGE_SIZE, AUDIT_TARGET_LABELS } from '#contract/audit/constants';
import { AUDIT_MESSAGES as M } from '#contract/audit/messages';
import type { AuditLogEntry } from '#contract/audit/answers';
import { PageHeader, PageSection } from '@/components/ui/page-header';
import { rowClass, Td } from '@/components/ui/table';
import { pageCountOf, usePageParam } from '@/hooks/use-page-param';
import { formatDateTime } from '@/lib/dates';
import { contractText, useContractText } from '@/lib/i18n/contract-text';
import { useGetAuditChainQuery } from '../api/get-audit-chain';
import { useGetAuditLogQuery } from '../api/get-audit-log';
import { AuditChanges } from '../components/audit-changes';
import { FilterSelect } from '@/components/form/filter-select';
import { PagedTable } from '@/components/ui/paged-table';
import { useFilterParams } from '@/hooks/use-filter-params';

const COLUMN_LABELS = { when: msg`When`, who: msg`Who`, action: msg`Action`, target: msg`Target`, changes: msg`Changes` } satisfies Record<
  string,
  MessageDescriptor
>;
const COLUMNS = Object.keys(COLUMN_LABELS) as (keyof typeof COLUMN_LABELS)[];
const FILTER_CHOICES = { action: AUDIT_ACTIONS };

/** 'Contest #4 · Spring Screams': the target, with the name, username or job kind the entry recorded (or, for an entry, its contestant's name). */
export function targetLabel(entry: AuditLogEntry, ct: (text: string) => string = contractText): string {
  const known = AUDIT_TARGET_LABELS[entry.target_type] as string | undefined;
  const kind = known ? ct(known) : entry.target_type;
  const base = entry.target_id === null ? kind : `${kind} #${entry.target_id}`;
  const named = [entry.after?.name, entry.before?.name, entry.after?.username, entry.before?.username, entry.target_name, entry.before?.kind].find(
    (v) => typeof v === 'string' && v,
  );
  return named ? `${base} · ${String(named)}` : base;
}

export function AdminAuditPage() {
  const [filter, setFilter] = useFilterParams(FILTER_CHOICES);
  const [page, setPage] = usePageParam();
  const query = useGetAuditLogQuery({ page, ...filter });
  const { data, isFetching } = query;
  const pageCount = pageCountOf(data?.total ?? 0, AUDIT_PAGE_SIZE);
  const { t, i18n } = useLingui();
  const ct = useContractText();
  const actionLabels = useMemo(
    () => Object.fromEntries(AUDIT_ACTIONS.map((action) => [action, ct(AUDIT_ACTION_LABELS[action])])) as Record<(typeof AUDIT_ACTIONS)[number], string>,
    [ct],
  );

  useEffect(() => {
    if (data && !isFetching && page > pageCount) setPage(pageCount);
  }, [data, isFetching, page, pageCount, setPage]);

  return (
    <PageSection>
      <PageHeader
        title={t`Audit Log`}
        subtitle={<Trans>Every admin action: who did it, when, and what it changed. Entries are never edited or removed.</Trans>}
      />
      <ChainStatus />
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end" role="group" aria-label={t`Filters`}>
        <FilterSelect
          label={t`Action`}
          allLabel={t`All actions`}
          options={AUDIT_ACTIONS}
          labels={actionLabels}
          value={filter.action}
          onChange={(v) => setFilter('action', v)}
          className="sm:w-64"
        />
      </div>
      <PagedTable
        query={query}
        rows={data?.items.length ?? 0}
        total={data?.total ?? 0}
        unit={[t`entry`, t`entries`]}
        texts={{ loadFailed: ct(M.loadFailed), empty: ct(M.empty), emptyFiltered: ct(M.emptyFiltered) }}
        filtered={Boolean(filter.action)}
        caption={t`Admin actions`}
        columns={COLUMNS.map((column) => i18n._(COLUMN_LABELS[column]))}
        minWidth="md:min-w-[56rem]"
        page={page}
        pageCount={pageCount}
        onPageChange={setPage}
        pagerLabel={t`Audit log pages`}
      >
        {data?.items.map((entry) => (
          <AuditRow key={entry.id} entry={entry} />
        ))}
      </PagedTable>
    </PageSection>
  );
}

/** Whether the log's digest chain holds: a quiet line when it does, an alert naming the first broken entry when not. */
function ChainStatus() {
  const { data, isLoading, isError } = useGetAuditChainQuery();
  const ct = useContractText();
  if (isLoading) {
    return (
      <p role="status" className="mb-4 text-sm text-bone-300">
        {ct(M.chainChecking)}
      </p>
    );
  }
  if (isError || !data) {
    return (
      <p role="status" className="mb-4 text-sm text-bone-300">
        {ct(M.chainFailed)}
      </p>
    );
  }
  if (!data.intact && data.first_broken_id) {
    return (
      <p role="alert" className="mb-4 rounded-lg border border-blood-500/50 bg-blood-900/30 px-4 py-3 text-sm font-semibold text-blood-200">
        {ct(M.chainBroken(data.first_broken_id))}
      </p>
    );
  }
  return (
    <p role="status" className="mb-4 break-all text-sm text-emerald-300">
      {ct(M.chainIntact(data.entries, data.head))}
    </p>
  );
}

function AuditRow({ entry }: { entry: AuditLogEntry }) {
  const { i18n } = useLingui();
  const ct = useContractText();
  const label = (column: keyof typeof COLUMN_LABELS) => i18n._(COLUMN_LABELS[column]);
  const actionLabel = AUDIT_ACTION_LABELS[entry.action] as string | undefined;
  return (
    <tr className={rowClass}>
      <Td label={label('when')} className="whitespace-nowrap">
        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
      </Td>
      <Td label={label('who')} className="md:max-w-56">
        <div className="min-w-0 text-right md:text-left">
          <p className="truncate text-bone-50">{entry.actor.username}</p>
          <p className="truncate text-xs text-bone-400">{entry.actor.email}</p>
        </div>
      </Td>
      <Td label={label('action')} className="md:whitespace-nowrap">
        {actionLabel ? ct(actionLabel) : entry.action}
      </Td>
      <Td label={label('target')} className="md:max-w-56">
        <span className="min-w-0 break-words text-right md:text-left">{targetLabel(entry, ct)}</span>
      </Td>
      <Td label={label('changes')} className="md:max-w-96">
        <AuditChanges before={entry.before} after={entry.after} />
      </Td>
    </tr>
  );
}
