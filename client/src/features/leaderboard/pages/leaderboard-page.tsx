// /leaderboard and /leaderboard/group/{groupId} (ranks: docs/product.md#ranking): search
// (resets to page 1), group selector, 8 cards a page. Standings pushed to the rooms of the groups on
// screen move votes and ranks without a reload.
import { Radio } from 'lucide-react';
import { memo, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { rooms } from '#contract/events';
import { LEADERBOARD_MESSAGES as L, type LeaderboardItem } from '#contract/votes';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageHeader, PageSection } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { idParam } from '@/lib/route-params';
import { useFlip } from '@/hooks/use-flip';
import { pageCountOf, usePageParam } from '@/hooks/use-page-param';
import { shownResult } from '@/lib/api/shown-result';
import { useLiveRooms } from '@/lib/realtime/use-live-rooms';
import { useGetAllGroupsLeaderboardQuery } from '../api/get-all-groups-leaderboard';
import { useGetGroupLeaderboardQuery } from '../api/get-group-leaderboard';
import { LeaderboardCard } from '../components/leaderboard-card';
import { LeaderboardSkeleton } from '../components/leaderboard-skeleton';
import { LeaderboardToolbar } from '../components/leaderboard-toolbar';
import { allGroupItems, groupOptions, matchesSearch } from '../utils/leaderboard-items';

/** Cards on the first screen of a wide page (four across); on a phone the first one or two. */
const FIRST_SCREEN_CARDS = 4;

// The cards are rendered from a deferred copy of the standings (below), so a new answer or push is
// drawn in a background render React interrupts for input and splits into short slices, not as one
// long task on a slow phone; memo keeps the urgent pass that precedes it from redrawing the old cards.
const CardGrid = memo(function CardGrid({ items, groupLabels }: { items: LeaderboardItem[]; groupLabels: Map<number, string> | null }) {
  const listRef = useRef<HTMLUListElement>(null);
  useFlip(listRef, items.map((i) => i.id).join(','));
  return (
    <ul ref={listRef} aria-label="Contestants" className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((item, index) => (
        <li key={item.id} data-flip-key={item.id}>
          <LeaderboardCard item={item} groupLabel={groupLabels?.get(item.group_id)} priority={index < FIRST_SCREEN_CARDS} />
        </li>
      ))}
    </ul>
  );
});

export function LeaderboardPage() {
  const params = useParams();
  const navigate = useNavigate();
  const inGroup = params.groupId !== undefined;
  const groupId = idParam(params.groupId);
  const [search, setSearch] = useState('');
  const [page, setPage] = usePageParam();

  const all = useGetAllGroupsLeaderboardQuery(undefined, { refetchOnMountOrArgChange: true, selectFromResult: shownResult });
  const group = useGetGroupLeaderboardQuery(groupId ?? 0, {
    skip: groupId === null,
    refetchOnMountOrArgChange: true,
    selectFromResult: shownResult,
  });
  const allData = useDeferredValue(all.currentData);
  const groupData = useDeferredValue(group.currentData);
  const groups = useMemo(() => groupOptions(allData), [allData]);
  const source = inGroup ? group : all;
  const shownData = inGroup ? groupData : allData;
  const items = useMemo(() => (inGroup ? (groupData ?? []) : allGroupItems(allData)), [inGroup, groupData, allData]);
  const shown = useMemo(() => items.filter((item) => matchesSearch(item, search)), [items, search]);

  useLiveRooms(inGroup ? (groupId ? [rooms.group(groupId)] : []) : groups.map((g) => rooms.group(g.id)));

  const pageCount = pageCountOf(shown.length, L.pageSize);
  const current = Math.min(page, pageCount);
  const pageItems = useMemo(() => shown.slice((current - 1) * L.pageSize, current * L.pageSize), [shown, current]);
  const groupLabels = useMemo(() => (inGroup ? null : new Map(groups.map((g) => [g.id, g.label]))), [inGroup, groups]);
  const groupName = groups.find((g) => g.id === groupId)?.label ?? (groupId ? `Group ${groupId}` : 'Group');

  const onSearch = (text: string) => {
    setSearch(text);
    if (page !== 1) setPage(1);
  };
  const onGroup = (id: number | null) => void navigate(id === null ? '/leaderboard' : `/leaderboard/group/${id}`);

  let body;
  // From the error itself, not the in-flight flags: a drawing on the server shows a failed read that its
  // last pass is retrying as failed, and so must the hydrating browser (entry-server.tsx).
  const failed = (inGroup && groupId === null) || (!shownData && source.error !== undefined);
  if (failed) {
    body = (
      <ErrorPanel message={L.loadFailed}>
        {groupId !== null || !inGroup ? (
          <Button variant="outline" onClick={() => void source.refetch()}>
            Try Again
          </Button>
        ) : null}
      </ErrorPanel>
    );
  } else if (!shownData) {
    body = <LeaderboardSkeleton />;
  } else if (!shown.length) {
    body = (
      <div className="rounded-xl border border-night-700 bg-night-900/80 p-10 text-center text-bone-200">
        {search.trim() ? `No contestants match "${search.trim()}".` : 'No contestants yet. Check back once the contest is under way.'}
      </div>
    );
  } else {
    body = (
      <>
        <CardGrid items={pageItems} groupLabels={groupLabels} />
        <Pager page={current} pageCount={pageCount} onPageChange={setPage} label="Leaderboard pages" />
      </>
    );
  }

  return (
    <PageSection>
      <PageHeader
        title="Leaderboard"
        subtitle={
          <span className="inline-flex items-center gap-2">
            <Radio aria-hidden="true" className="size-4 text-blood-400" />
            {inGroup ? `${groupName} standings, live as fans vote.` : 'Every group, live as fans vote.'}
          </span>
        }
      />
      <LeaderboardToolbar search={search} onSearch={onSearch} groups={groups} groupId={groupId} onGroup={onGroup} />
      {body}
    </PageSection>
  );
}
