// An admin list's body in all its states: loading (a skeleton of its columns), failed (the detail and
// Try Again), empty (with or without filters), or the table with its count and pager.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './button';
import { ErrorPanel } from './error-panel';
import { Pager } from './pager';
import { Table } from './table';
import { errorDetail } from '@/lib/api/api-error';
import { useContractText } from '@/lib/i18n/contract-text';
import { formatCount } from '@/lib/numbers';
import { TableSkeleton } from './table-skeleton';

interface PagedTableProps {
  query: { isLoading: boolean; isError: boolean; error?: unknown; refetch: () => unknown };
  /** Rows on this page (0: the empty text shows). */
  rows: number;
  total: number;
  /** What one row is, and many, in the reader's language: ['message', 'messages']. */
  unit: [string, string];
  texts: { loadFailed: string; empty: string; emptyFiltered: string };
  filtered: boolean;
  caption: string;
  columns: string[];
  minWidth: string;
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  pagerLabel: string;
  children: ReactNode;
}

export function PagedTable({
  query,
  rows,
  total,
  unit,
  texts,
  filtered,
  caption,
  columns,
  minWidth,
  page,
  pageCount,
  onPageChange,
  pagerLabel,
  children,
}: PagedTableProps) {
  const { t } = useLingui();
  const ct = useContractText();
  if (query.isLoading) return <TableSkeleton columns={columns.length} />;
  if (query.isError) {
    return (
      <ErrorPanel message={ct(errorDetail(query.error) ?? texts.loadFailed)}>
        <Button variant="outline" onClick={() => query.refetch()}>
          <Trans>Try Again</Trans>
        </Button>
      </ErrorPanel>
    );
  }
  if (!rows) {
    return (
      <div className="rounded-xl border border-night-700 bg-night-900/80 p-10 text-center text-bone-200">{filtered ? texts.emptyFiltered : texts.empty}</div>
    );
  }
  const count = formatCount(total);
  const things = total === 1 ? unit[0] : unit[1];
  const shown = Math.min(page, pageCount);
  return (
    <>
      <Table caption={caption} columns={columns} minWidth={minWidth}>
        {children}
      </Table>
      <p className="mt-4 text-center text-sm text-bone-400">{t`${count} ${things} · Page ${shown} of ${pageCount}`}</p>
      <Pager page={page} pageCount={pageCount} onPageChange={onPageChange} label={pagerLabel} />
    </>
  );
}
