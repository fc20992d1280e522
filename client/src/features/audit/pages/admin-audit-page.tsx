// /admin/audit: every admin action, newest first, 20 a page (the page and the action filter are in the
// address): when, who, what, on which target, and what it changed.
import { useEffect } from 'react';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_PAGE_SIZE, AUDIT_TARGET_LABELS } from '#contract/audit/constants';
import { AUDIT_MESSAGES as M } from '#contract/audit/messages';
import type { AuditLogEntry } from '#contract/audit/answers';
import { PageHeader, PageSection } from '@/components/ui/page-header';
import { rowClass, Td } from '@/components/ui/table';
import { pageCountOf, usePageParam } from '@/hooks/use-page-param';
import { formatDateTime } from '@/lib/dates';
import { useGetAuditChainQuery } from '../api/get-audit-chain';
import { useGetAuditLogQuery } from '../api/get-audit-log';
import { AuditChanges } from '../components/audit-changes';
import { FilterSelect } from '@/components/form/filter-select';
import { PagedTable } from '@/components/ui/paged-table';
import { useFilterParams } from '@/hooks/use-filter-params';

const COLUMNS = ['When', 'Who', 'Action', 'Target', 'Changes'];
const FILTER_CHOICES = { action: AUDIT_ACTIONS };

/** 'Contest #4 · Spring Screams': the target, with the name, username or job kind the entry recorded (or, for an entry, its contestant's name). */
export function targetLabel(entry: AuditLogEntry): string {
  const kind = AUDIT_TARGET_LABELS[entry.target_type] ?? entry.target_type;
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

  useEffect(() => {
    if (data && !isFetching && page > pageCount) setPage(pageCount);
  }, [data, isFetching, page, pageCount, setPage]);

  return (
    <PageSection>
      <PageHeader title="Audit Log" subtitle="Every admin action: who did it, when, and what it changed. Entries are never edited or removed." />
      <ChainStatus />
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end" role="group" aria-label="Filters">
        <FilterSelect
          label="Action"
          allLabel="All actions"
          options={AUDIT_ACTIONS}
          labels={AUDIT_ACTION_LABELS}
          value={filter.action}
          onChange={(v) => setFilter('action', v)}
          className="sm:w-64"
        />
      </div>
      <PagedTable
        query={query}
        rows={data?.items.length ?? 0}
        total={data?.total ?? 0}
        unit={['entry', 'entries']}
        texts={M}
        filtered={Boolean(filter.action)}
        caption="Admin actions"
        columns={COLUMNS}
        minWidth="md:min-w-[56rem]"
        page={page}
        pageCount={pageCount}
        onPageChange={setPage}
        pagerLabel="Audit log pages"
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
  if (isLoading) {
    return (
      <p role="status" className="mb-4 text-sm text-bone-300">
        {M.chainChecking}
      </p>
    );
  }
  if (isError || !data) {
    return (
      <p role="status" className="mb-4 text-sm text-bone-300">
        {M.chainFailed}
      </p>
    );
  }
  if (!data.intact && data.first_broken_id) {
    return (
      <p role="alert" className="mb-4 rounded-lg border border-blood-500/50 bg-blood-900/30 px-4 py-3 text-sm font-semibold text-blood-200">
        {M.chainBroken(data.first_broken_id)}
      </p>
    );
  }
  return (
    <p role="status" className="mb-4 break-all text-sm text-emerald-300">
      {M.chainIntact(data.entries, data.head)}
    </p>
  );
}

function AuditRow({ entry }: { entry: AuditLogEntry }) {
  return (
    <tr className={rowClass}>
      <Td label="When" className="whitespace-nowrap">
        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
      </Td>
      <Td label="Who" className="md:max-w-56">
        <div className="min-w-0 text-right md:text-left">
          <p className="truncate text-bone-50">{entry.actor.username}</p>
          <p className="truncate text-xs text-bone-400">{entry.actor.email}</p>
        </div>
      </Td>
      <Td label="Action" className="md:whitespace-nowrap">
        {AUDIT_ACTION_LABELS[entry.action] ?? entry.action}
      </Td>
      <Td label="Target" className="md:max-w-56">
        <span className="min-w-0 break-words text-right md:text-left">{targetLabel(entry)}</span>
      </Td>
      <Td label="Changes" className="md:max-w-96">
        <AuditChanges before={entry.before} after={entry.after} />
      </Td>
    </tr>
  );
}
