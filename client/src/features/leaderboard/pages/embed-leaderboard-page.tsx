// /embed/groups/{groupId}/leaderboard: a group's live standings, made to be framed on an organizer's
// site. Rank, picture (not when compact), name and votes, moved in place by the tallies pushed to the
// group's room. Names open the contestant's profile in a new window (the site's pages are never framed).
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useParams, useSearchParams } from 'react-router-dom';
import { rooms } from '#contract/live/events';
import { LEADERBOARD_MESSAGES as L } from '#contract/votes/messages';
import { ErrorPanel } from '@/components/ui/error-panel';
import { LiveNumber } from '@/components/ui/live-number';
import { ResponsivePicture } from '@/components/ui/responsive-picture';
import { Spinner } from '@/components/ui/spinner';
import { errorStatus } from '@/lib/api/api-error';
import { shownResult } from '@/lib/api/shown-result';
import { useContractText } from '@/lib/i18n/contract-text';
import { useGetGroupLeaderboardQuery } from '@/lib/leaderboard/get-group-leaderboard';
import { paths } from '@/lib/paths';
import { useLiveRooms } from '@/lib/realtime/use-live-rooms';
import { idParam } from '@/lib/route-params';

export function EmbedLeaderboardPage() {
  const { t } = useLingui();
  const ct = useContractText();
  const params = useParams();
  const [query] = useSearchParams();
  const compact = query.get('compact') === '1';
  const groupId = idParam(params.groupId);
  const { currentData: items, error } = useGetGroupLeaderboardQuery(groupId ?? 0, {
    skip: groupId === null,
    refetchOnMountOrArgChange: true,
    selectFromResult: shownResult,
  });
  useLiveRooms(groupId === null ? [] : [rooms.group(groupId)]);

  if (!items && !error && groupId !== null) return <Spinner label={t`Loading...`} className="m-auto py-12" />;
  if (!items) {
    return (
      <>
        <h1 className="sr-only">{t`Leaderboard`}</h1>
        <ErrorPanel message={groupId === null || errorStatus(error) === 404 ? t`There is no such group.` : ct(L.loadFailed)} />
      </>
    );
  }
  const number = items[0]?.group_number;
  const heading = number !== undefined ? t`Group ${number}` : t`Leaderboard`;
  return (
    <section aria-labelledby="embed-board-heading" className="mx-auto max-w-xl">
      <h1
        id="embed-board-heading"
        className={`flex items-center justify-between gap-3 font-display font-bold text-bone-50 ${compact ? 'text-lg' : 'text-2xl'}`}
      >
        <span>{heading}</span>
        <span className="text-xs font-semibold uppercase tracking-widest text-blood-300">
          <Trans>Live</Trans>
        </span>
      </h1>
      {items.length === 0 ? (
        <p className="mt-4 rounded-xl border border-night-700 p-4 text-center text-bone-200">
          <Trans>No contestants in this group yet.</Trans>
        </p>
      ) : (
        <ol aria-label={t`Contestants`} className="mt-3 divide-y divide-night-700 rounded-xl border border-night-700 bg-night-900">
          {items.map((item) => {
            const name = `${item.first_name} ${item.last_name}`.trim() || item.username;
            const votes = item.current_contest_votes;
            return (
              <li
                key={item.id}
                data-testid="embed-entry"
                className={`flex items-center gap-3 ${compact ? 'px-3 py-1.5' : 'px-4 py-2.5'} ${item.is_eliminated ? 'opacity-60' : ''}`}
              >
                <span className="w-8 shrink-0 text-right font-display text-lg font-bold tabular-nums text-bone-200">
                  <span className="sr-only">{t`Rank`} </span>
                  {item.rank}
                </span>
                {!compact ? (
                  item.picture_url ? (
                    <ResponsivePicture
                      src={item.picture_url}
                      alt=""
                      sizes="40px"
                      width={40}
                      height={40}
                      className="size-10 shrink-0 rounded-full object-cover"
                    />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blood-900 font-display uppercase text-bone-50"
                    >
                      {(item.first_name || item.username).charAt(0)}
                    </span>
                  )
                ) : null}
                <a
                  href={paths.profile(item.username)}
                  target="_blank"
                  rel="noopener"
                  className="min-w-0 flex-1 truncate font-semibold text-bone-50 underline-offset-2 hover:text-blood-300 hover:underline"
                >
                  {name}
                  <span className="sr-only">
                    <Trans>(opens in a new window)</Trans>
                  </span>
                </a>
                <span className="shrink-0 text-right text-sm text-bone-200">
                  <LiveNumber value={votes} className="font-bold text-bone-50" /> {t`${plural(votes, { one: 'vote', other: 'votes' })}`}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
