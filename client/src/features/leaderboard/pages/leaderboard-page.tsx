// /leaderboard and /leaderboard/group/{groupId} (ranks: docs/product.md#ranking): search
// (resets to page 1), group selector, 8 cards a page. Standings pushed to the rooms of the groups on
// screen move votes and ranks without a reload.
import { Trans, useLingui } from '@lingui/react/macro';
import { Radio } from 'lucide-react';
import { memo, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { rooms } from '#contract/live/events';
import { LEADERBOARD_MESSAGES as L } from '#contract/votes/messages';
import type { LeaderboardItem } from '#contract/votes/answers';
import { RoundBanner, useCutTexts } from '@/components/contest/round-banner';
import { Button } from '@/components/ui/button';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageHeader, PageSection } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { idParam } from '@/lib/route-params';
import { useFlip } from '@/hooks/use-flip';
import { pageCountOf, usePageParam } from '@/hooks/use-page-param';
import { errorStatus } from '@/lib/api/api-error';
import { useGetCountdownQuery } from '@/lib/api/countdown';
import { shownResult } from '@/lib/api/shown-result';
import { belowCutIds, cutLimitOf, cutLineIndexes, runningRoundOf } from '@/lib/contest-cut';
import { useContractText } from '@/lib/i18n/contract-text';
import { paths } from '@/lib/paths';
import { useLiveRooms } from '@/lib/realtime/use-live-rooms';
import { useGetAllGroupsLeaderboardQuery } from '@/lib/leaderboard/get-all-groups-leaderboard';
import { useGetGroupLeaderboardQuery } from '@/lib/leaderboard/get-group-leaderboard';
import { LeaderboardCard } from '../components/leaderboard-card';
import { LeaderboardSkeleton } from '../components/leaderboard-skeleton';
import { LeaderboardToolbar } from '../components/leaderboard-toolbar';
import { allGroupItems, groupOptions, matchesSearch } from '@/lib/leaderboard/leaderboard-items';

/** Cards on the first screen of a wide page (four across); on a phone the first one or two. */
const FIRST_SCREEN_CARDS = 4;

// The cards are rendered from a deferred copy of the standings (below), so a new answer or push is
// drawn in a background render React interrupts for input and splits into short slices, not as one
// long task on a slow phone; memo keeps the urgent pass that precedes it from redrawing the old cards.
interface CutShown {
  /** The contestants below the running round's cut now. */
  below: ReadonlySet<number>;
  /** What the line says: 'Top 4 of each group go on · below the cut'. */
  line: string;
}

const NO_BELOW: ReadonlySet<number> = new Set();

const CardGrid = memo(function CardGrid({
  items,
  groupLabels,
  cut,
}: {
  items: LeaderboardItem[];
  groupLabels: Map<number, string> | null;
  cut: CutShown | null;
}) {
  const { t } = useLingui();
  const listRef = useRef<HTMLUListElement>(null);
  useFlip(listRef, items.map((i) => i.id).join(','));
  const below = cut?.below ?? NO_BELOW;
  const lines = new Set(cut ? cutLineIndexes(items, below) : []);
  return (
    <ul ref={listRef} aria-label={t`Contestants`} className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {items.flatMap((item, index) => [
        ...(lines.has(index)
          ? [
              // The cut line: between the last contestant going on and the first one below it.
              <li
                key={`cut-${item.id}`}
                data-testid="cut-line"
                className="col-span-full flex items-center gap-3 text-xs font-bold uppercase tracking-[0.2em] text-amber-300"
              >
                <span aria-hidden="true" className="h-px flex-1 border-t-2 border-dashed border-amber-400/70" />
                <span>{cut!.line}</span>
                <span aria-hidden="true" className="h-px flex-1 border-t-2 border-dashed border-amber-400/70" />
              </li>,
            ]
          : []),
        <li key={item.id} data-flip-key={item.id}>
          <LeaderboardCard item={item} groupLabel={groupLabels?.get(item.group_id)} priority={index < FIRST_SCREEN_CARDS} belowCut={below.has(item.id)} />
        </li>,
      ])}
    </ul>
  );
});

export function LeaderboardPage() {
  const { t } = useLingui();
  const ct = useContractText();
  const cutTexts = useCutTexts();
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
  const groupLabel = useCallback((number: number) => t`Group ${number}`, [t]);
  const groupOptionsShown = useMemo(() => groupOptions(allData), [allData]);
  // Each group named in the app's language by its number.
  const groups = useMemo(() => groupOptionsShown.map((g) => ({ ...g, label: groupLabel(g.number) })), [groupOptionsShown, groupLabel]);
  const source = inGroup ? group : all;
  const shownData = inGroup ? groupData : allData;
  const items = useMemo(() => (inGroup ? (groupData ?? []) : allGroupItems(allData)), [inGroup, groupData, allData]);
  const shown = useMemo(() => items.filter((item) => matchesSearch(item, search)), [items, search]);

  useLiveRooms(inGroup ? (groupId ? [rooms.group(groupId)] : []) : groups.map((g) => rooms.group(g.id)));

  const pageCount = pageCountOf(shown.length, L.pageSize);
  const current = Math.min(page, pageCount);
  const pageItems = useMemo(() => shown.slice((current - 1) * L.pageSize, current * L.pageSize), [shown, current]);
  const groupLabels = useMemo(() => (inGroup ? null : new Map(groups.map((g) => [g.id, g.label]))), [inGroup, groups]);
  const notFound = inGroup && groupId !== null && errorStatus(group.error) === 404 && !groupData;
  // A group outside the current contest is named by its number once its board has loaded.
  const groupNumber = groupData?.[0]?.group_number;
  const extraGroup = groupId !== null && groupNumber !== undefined ? { id: groupId, label: groupLabel(groupNumber), number: groupNumber } : null;
  const groupName = groups.find((g) => g.id === groupId)?.label ?? extraGroup?.label ?? t`Group`;

  // The running round's cut, drawn on the current contest's boards (every group's, or one of its groups).
  const countdown = useGetCountdownQuery(undefined, { selectFromResult: shownResult }).currentData;
  const inCurrent = !inGroup || groups.some((g) => g.id === groupId);
  const round = inCurrent && allData && countdown ? runningRoundOf(countdown) : null;
  const cutLimit = useMemo(() => cutLimitOf(round), [round]);
  const cut = useMemo<CutShown | null>(() => {
    if (!cutLimit) return null;
    const field = cutLimit.overall || !inGroup ? allGroupItems(allData) : (groupData ?? []);
    return { below: belowCutIds(field, cutLimit), line: cutTexts.line(cutLimit) };
  }, [cutLimit, inGroup, allData, groupData, cutTexts]);

  const onSearch = (text: string) => {
    setSearch(text);
    if (page !== 1) setPage(1);
  };
  const onGroup = (id: number | null) => void navigate(id === null ? paths.leaderboard() : paths.leaderboardGroup(id));

  const searched = search.trim();
  let body;
  // From the error itself, not the in-flight flags: a drawing on the server shows a failed read that its
  // last pass is retrying as failed, and so must the hydrating browser (entry-server.tsx).
  const failed = (inGroup && groupId === null) || (!shownData && source.error !== undefined);
  if (notFound) {
    body = (
      <ErrorPanel message={t`Group not found. It may belong to a contest that no longer exists, or the link is mistyped.`}>
        <Button variant="outline" onClick={() => onGroup(null)}>
          <Trans>See All Groups</Trans>
        </Button>
      </ErrorPanel>
    );
  } else if (failed) {
    body = (
      <ErrorPanel message={ct(L.loadFailed)}>
        {groupId !== null || !inGroup ? (
          <Button variant="outline" onClick={() => void source.refetch()}>
            <Trans>Try Again</Trans>
          </Button>
        ) : null}
      </ErrorPanel>
    );
  } else if (!shownData) {
    body = <LeaderboardSkeleton />;
  } else if (!shown.length) {
    body = (
      <div className="rounded-xl border border-night-700 bg-night-900/80 p-10 text-center text-bone-200">
        {searched ? t`No contestants match "${searched}".` : t`No contestants yet. Check back once the contest is under way.`}
      </div>
    );
  } else {
    body = (
      <>
        <CardGrid items={pageItems} groupLabels={groupLabels} cut={cut} />
        <Pager page={current} pageCount={pageCount} onPageChange={setPage} label={t`Leaderboard pages`} />
      </>
    );
  }

  return (
    <PageSection>
      <PageHeader
        title={t`Leaderboard`}
        subtitle={
          <span className="inline-flex items-center gap-2">
            <Radio aria-hidden="true" className="size-4 text-blood-400" />
            {inGroup && !notFound ? t`${groupName} standings, live as fans vote.` : t`Every group, live as fans vote.`}
          </span>
        }
      />
      {round && countdown ? (
        <RoundBanner round={round} timeZone={countdown.time_zone} offsetMs={countdown.offset_ms} roundCount={countdown.rounds.length} className="mb-6" />
      ) : null}
      <LeaderboardToolbar
        search={search}
        onSearch={onSearch}
        groups={extraGroup && !groups.some((g) => g.id === extraGroup.id) ? [...groups, extraGroup] : groups}
        groupId={groupId}
        onGroup={onGroup}
      />
      {body}
    </PageSection>
  );
}
