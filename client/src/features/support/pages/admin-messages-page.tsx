// /admin/messages: the support inbox. Newest first, 20 a page, filtered by topic and status
// (both in the address, like the page); a message opens in a dialog to read in full, reply to and mark
// handled.
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import type { SupportMessageItem } from '#contract/support/answers';
import { SUPPORT_MESSAGE_STATUSES, SUPPORT_TOPICS } from '#contract/support/constants';
import { SUPPORT_TOPIC_LABELS, SUPPORT_MESSAGES as M } from '#contract/support/messages';
import { PageHeader, PageSection } from '@/components/ui/page-header';
import { rowClass, Td } from '@/components/ui/table';
import { pageCountOf, usePageParam } from '@/hooks/use-page-param';
import { formatDateTime } from '@/lib/dates';
import { useContractText } from '@/lib/i18n/contract-text';
import { formatCount } from '@/lib/numbers';
import { useGetSupportMessagesQuery } from '../api/get-support-messages';
import { STATUS_LABELS, StatusBadge, SupportMessageDialog } from '../components/support-message-dialog';
import { FilterSelect } from '@/components/form/filter-select';
import { PagedTable } from '@/components/ui/paged-table';
import { useFilterParams } from '@/hooks/use-filter-params';

export const MESSAGES_PAGE_SIZE = 20;
const COLUMNS: MessageDescriptor[] = [msg`Time`, msg`Topic`, msg`From`, msg`Status`, msg`Message`];

const FILTER_CHOICES = { topic: SUPPORT_TOPICS, status: SUPPORT_MESSAGE_STATUSES };

/** The message's first non-empty line, for the list. */
export const firstLine = (text: string) =>
  text
    .split(/\r?\n/)
    .find((line) => line.trim())
    ?.trim() ?? '';

/** The longest preview a row shows, in characters. */
export const PREVIEW_CHARS = 90;

/** A row's preview: the first line, cut after a whole word with an ellipsis when longer than `max`. */
export function previewOf(text: string, max = PREVIEW_CHARS): string {
  const line = firstLine(text);
  if (line.length <= max) return line;
  const head = line.slice(0, max + 1);
  const space = head.lastIndexOf(' ');
  // One very long word: cut inside it rather than show nothing.
  const cut = space > max / 2 ? head.slice(0, space) : line.slice(0, max);
  return `${cut.replace(/[\s.,;:!?-]+$/, '')}…`;
}

export function AdminMessagesPage() {
  const [filter, setFilter] = useFilterParams(FILTER_CHOICES);
  const [page, setPage] = usePageParam();
  const query = useGetSupportMessagesQuery({
    ...filter,
    skip: (page - 1) * MESSAGES_PAGE_SIZE,
    limit: MESSAGES_PAGE_SIZE,
  });
  const { data, isFetching, isError } = query;
  const pageCount = pageCountOf(data?.total ?? 0, MESSAGES_PAGE_SIZE);
  const filtered = Boolean(filter.topic || filter.status);
  // The opened message stays open while a status change refetches the list (it may leave the filter).
  const [opened, setOpened] = useState<SupportMessageItem | null>(null);
  const { t, i18n } = useLingui();
  const ct = useContractText();
  const topicLabels = useMemo(() => Object.fromEntries(SUPPORT_TOPICS.map((k) => [k, ct(SUPPORT_TOPIC_LABELS[k])])) as typeof SUPPORT_TOPIC_LABELS, [ct]);
  const statusLabels = Object.fromEntries(SUPPORT_MESSAGE_STATUSES.map((k) => [k, i18n._(STATUS_LABELS[k])])) as Record<
    (typeof SUPPORT_MESSAGE_STATUSES)[number],
    string
  >;
  const openCount = data?.open_count ?? 0;
  const shownOpenCount = formatCount(openCount);

  useEffect(() => {
    if (data && !isFetching && page > pageCount) setPage(pageCount);
  }, [data, isFetching, page, pageCount, setPage]);

  return (
    <PageSection>
      <PageHeader
        title={t`Messages`}
        subtitle={
          data && !isError
            ? t`${plural(openCount, { one: `${shownOpenCount} open message`, other: `${shownOpenCount} open messages` })}`
            : t`What visitors and contestants wrote to support.`
        }
      />
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end" role="group" aria-label={t`Filters`}>
        <FilterSelect
          label={t`Topic`}
          allLabel={t`All topics`}
          options={SUPPORT_TOPICS}
          labels={topicLabels}
          value={filter.topic}
          onChange={(v) => setFilter('topic', v)}
          className="sm:w-56"
        />
        <FilterSelect
          label={t`Status`}
          allLabel={t`All statuses`}
          options={SUPPORT_MESSAGE_STATUSES}
          labels={statusLabels}
          value={filter.status}
          onChange={(v) => setFilter('status', v)}
        />
      </div>
      <PagedTable
        query={query}
        rows={data?.items.length ?? 0}
        total={data?.total ?? 0}
        unit={[t`message`, t`messages`]}
        texts={{ loadFailed: ct(M.loadFailed), empty: ct(M.empty), emptyFiltered: ct(M.emptyFiltered) }}
        filtered={filtered}
        caption={t`Support messages`}
        columns={COLUMNS.map((c) => i18n._(c))}
        minWidth="md:min-w-[56rem]"
        page={page}
        pageCount={pageCount}
        onPageChange={setPage}
        pagerLabel={t`Message pages`}
      >
        {data?.items.map((m) => (
          <MessageRow key={m.id} message={m} onOpen={setOpened} />
        ))}
      </PagedTable>
      {opened ? <SupportMessageDialog message={opened} onClose={() => setOpened(null)} /> : null}
    </PageSection>
  );
}

function MessageRow({ message: m, onOpen }: { message: SupportMessageItem; onOpen: (m: SupportMessageItem) => void }) {
  const line = previewOf(m.message);
  const { t } = useLingui();
  const ct = useContractText();
  const name = m.name;
  return (
    <tr className={rowClass}>
      <Td label={t`Time`} className="whitespace-nowrap">
        <time dateTime={m.created_at}>{formatDateTime(m.created_at)}</time>
      </Td>
      <Td label={t`Topic`} className="whitespace-nowrap">
        {ct(SUPPORT_TOPIC_LABELS[m.topic])}
      </Td>
      <Td label={t`From`} className="md:max-w-64">
        <div className="min-w-0 text-right md:text-left">
          <p className="truncate text-bone-50">{m.name}</p>
          <p className="truncate text-xs text-bone-400">{m.email}</p>
        </div>
      </Td>
      <Td label={t`Status`}>
        <StatusBadge status={m.status} />
      </Td>
      <Td label={t`Message`} className="md:max-w-80">
        <button
          type="button"
          onClick={() => onOpen(m)}
          aria-haspopup="dialog"
          aria-label={t`Open message from ${name}: ${line}`}
          className="line-clamp-2 min-w-0 max-w-full whitespace-normal break-words rounded text-left font-medium text-bone-50 underline decoration-night-600 underline-offset-4 hover:text-blood-300 focus-visible:outline-3 focus-visible:outline-blood-400"
        >
          {line}
        </button>
      </Td>
    </tr>
  );
}
