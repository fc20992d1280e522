// One contestant on the leaderboard: picture, UPPERCASE full name, @username, rank,
// votes; eliminated cards are grey with a marker and no badge; the top 3 get a rank badge and rank 1
// is highlighted, or, once the contest has named them, the winners their place. The card links to the profile.
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Crown, Medal, Trophy } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { LeaderboardItem } from '#contract/votes/answers';
import { LiveNumber } from '@/components/ui/live-number';
import { useContractText } from '@/lib/i18n/contract-text';
import { formatCount, winnerLabel } from '@/lib/numbers';
import { ResponsivePicture } from '@/components/ui/responsive-picture';
import { paths } from '@/lib/paths';

const BADGE: Record<1 | 2 | 3, { label: MessageDescriptor; tone: string; icon: typeof Crown }> = {
  1: { label: msg`1st place`, tone: 'bg-amber-400 text-night-950', icon: Crown },
  2: { label: msg`2nd place`, tone: 'bg-zinc-300 text-night-950', icon: Medal },
  3: { label: msg`3rd place`, tone: 'bg-orange-700 text-bone-50', icon: Medal },
};

// The card's shown width: four columns (24 px apart) in a 1152 px frame from 1216 px up (270 px
// each), four in the padded window from 1024 px, two from 640 px, a 112 px side picture below.
const CARD_SIZES = '(min-width: 1216px) 270px, (min-width: 1024px) calc((100vw - 136px) / 4), (min-width: 640px) calc((100vw - 72px) / 2), 112px';

function Picture({ item, name, priority }: { item: LeaderboardItem; name: string; priority: boolean }) {
  if (item.picture_url) {
    return (
      <ResponsivePicture src={item.picture_url} alt={name} sizes={CARD_SIZES} width={400} height={500} priority={priority} className="size-full object-cover" />
    );
  }
  return (
    <div aria-hidden="true" className="flex size-full items-center justify-center bg-blood-900/50 font-display text-4xl uppercase text-bone-50 sm:text-6xl">
      {(item.first_name || item.username).charAt(0)}
    </div>
  );
}

/** `priority`: one of the first cards, shown without scrolling (fetched first, never lazily). */
/** `belowCut`: ranked below the running round's cut now (eliminated at the cut unless that changes). */
export function LeaderboardCard({
  item,
  groupLabel,
  priority = false,
  belowCut = false,
}: {
  item: LeaderboardItem;
  groupLabel?: string;
  priority?: boolean;
  belowCut?: boolean;
}) {
  const { t, i18n } = useLingui();
  const ct = useContractText();
  const name = `${item.first_name} ${item.last_name}`.trim() || item.username;
  // A winner (named when the last round closed) wears that instead of a rank badge.
  const winner = item.winner_place !== null ? { label: ct(winnerLabel(item.winner_place)), tone: 'bg-amber-400 text-night-950', icon: Trophy } : null;
  const ranked = !item.is_eliminated && item.rank >= 1 && item.rank <= 3 ? BADGE[item.rank as 1 | 2 | 3] : null;
  const badge = winner ?? (ranked ? { ...ranked, label: i18n._(ranked.label) } : null);
  const votes = item.current_contest_votes;
  const rank = item.rank;
  const free = formatCount(item.free_votes);
  const paid = formatCount(item.paid_votes);
  const leader = badge !== null && (winner ? item.winner_place === 1 : item.rank === 1);
  const frame = item.is_eliminated
    ? 'border-night-700 opacity-70 grayscale'
    : leader
      ? 'border-amber-400 shadow-[0_0_32px_rgb(251_191_36/0.35)] ring-2 ring-amber-400/60'
      : 'border-night-700 hover:border-blood-500';
  return (
    <Link
      to={paths.profile(item.username)}
      data-testid="leaderboard-card"
      data-eliminated={item.is_eliminated || undefined}
      data-below-cut={belowCut || undefined}
      className={`group flex h-full overflow-hidden rounded-2xl border bg-night-900/90 shadow-xl transition-colors sm:flex-col ${frame}`}
    >
      {/* A row with a thumbnail on phones, a tall card from the small breakpoint. */}
      <div className="relative aspect-[4/5] w-28 shrink-0 overflow-hidden bg-night-800 sm:w-auto">
        <Picture item={item} name={name} priority={priority} />
        {badge ? (
          <span
            className={`absolute left-1.5 top-1.5 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[0.65rem] font-bold shadow-lg sm:left-3 sm:top-3 sm:px-2.5 sm:py-1 sm:text-xs ${badge.tone}`}
          >
            <badge.icon aria-hidden="true" className="size-3.5" /> {badge.label}
          </span>
        ) : null}
        {item.is_eliminated ? (
          <span className="absolute bottom-1.5 left-1.5 rounded-full border border-blood-500/70 bg-night-950/90 px-2 py-0.5 text-[0.65rem] font-bold uppercase tracking-wider text-blood-300 sm:bottom-auto sm:left-auto sm:right-3 sm:top-3 sm:px-2.5 sm:py-1 sm:text-xs">
            <Trans>Eliminated</Trans>
          </span>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col p-3 sm:p-4">
        {/* h2: the cards sit right under the page's h1 (heading order). */}
        <h2 className="break-words font-display text-lg font-bold tracking-wide text-bone-50 sm:truncate" title={name}>
          {name.toUpperCase()}
        </h2>
        <p className="truncate text-sm text-bone-400">
          @{item.username}
          {groupLabel ? <span className="text-bone-400/80">{` · ${groupLabel}`}</span> : null}
        </p>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-3 pt-3 sm:pt-4">
          <p className="text-sm text-bone-400">
            <Trans>
              Rank <span className={`font-display text-2xl font-bold ${leader ? 'text-amber-300' : 'text-bone-50'}`}>#{rank}</span>
            </Trans>
          </p>
          <p className="text-right text-sm text-bone-400">
            <LiveNumber value={item.current_contest_votes} className="font-display text-2xl font-bold text-bone-50" />{' '}
            {t`${plural(votes, { one: 'vote', other: 'votes' })}`}
          </p>
        </div>
        {belowCut ? (
          <p className="pt-1 text-xs font-bold uppercase tracking-wider text-amber-300">
            <Trans>Below the cut</Trans>
          </p>
        ) : null}
        {/* Free and paid apart, in words (no colour needed), so a total is never a black box. */}
        <p className="pt-1 text-right text-xs text-bone-400">{t`${free} free · ${paid} paid`}</p>
      </div>
    </Link>
  );
}
