// Where a votes-over-time chart goes: its height is kept from the first drawing (on the server, and
// while the data and the chart's code load) so nothing below moves; then the chart, the empty
// state, or the failure with a way to try again. The chart's code (and its libraries) is fetched
// only here, when a chart is about to be shown, and only in the browser once the page has hydrated:
// the server's drawing keeps the chart's place and, for a browser without scripts, gives the same
// numbers as a table there (docs/decisions/027-vote-charts.md).
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, type ReactNode } from 'react';
import type { VoteHistoryBucket } from '#contract/votes/constants';
import type { VotesOverTime } from '#contract/votes/answers';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useHydrated } from '@/hooks/use-hydrated';
import { formatCount } from '@/lib/numbers';
import { VotesNumbers, VotesTable } from './votes-table';

export const StackedVotesChart = lazy(() => import('./stacked-votes-chart'));
export const VotesLegend = lazy(() => import('./stacked-votes-chart').then((m) => ({ default: m.VotesLegend })));

/** The drawing's height. */
export const CHART_HEIGHT = 220;
/**
 * What the frame keeps from its first drawing on: the drawing, a legend of up to two lines, the totals'
 * line and the table's closed disclosure. Every state fills it, so nothing below moves when the chart arrives.
 */
const FRAME_HEIGHT = CHART_HEIGHT + 44 + 20 + 32;

/** The chart's states in words, translated where they are shown (`i18n._`). */
export const CHART_MESSAGES = {
  loading: msg`Loading votes over time...`,
  failed: msg`The votes over time could not be loaded.`,
  empty: msg`No votes yet`,
  emptyHours: msg`No votes in these hours`,
} as const;

/** The same in English, for a page that has not moved to CHART_MESSAGES yet. */
export const CHART_TEXTS = {
  loading: 'Loading votes over time...',
  failed: 'The votes over time could not be loaded.',
  empty: 'No votes yet',
  emptyHours: 'No votes in these hours',
} as const;

export function ChartPlaceholder({ height }: { height: number }) {
  const { i18n } = useLingui();
  return (
    <div role="status" style={{ height }}>
      <span className="sr-only">{i18n._(CHART_MESSAGES.loading)}</span>
      <Skeleton className="h-full w-full" />
    </div>
  );
}

/** True when the series has no vote of any kind. */
export const isEmptySeries = (series: { points: VotesOverTime['points'] }) => series.points.every((p) => !p.free && !p.paid && !p.voided);

interface FrameProps {
  /** What the chart shows: "Votes per day for Vera Crane". */
  caption: string;
  bucket: VoteHistoryBucket;
  data: VotesOverTime | undefined;
  error: unknown;
  onRetry: () => void;
}

function Reserved({ children }: { children: ReactNode }) {
  return (
    <div data-testid="votes-chart-frame" style={{ minHeight: FRAME_HEIGHT }}>
      {children}
    </div>
  );
}

export function VotesChartFrame({ caption, bucket, data, error, onRetry }: FrameProps) {
  const { t, i18n } = useLingui();
  const hydrated = useHydrated();
  if (error && !data) {
    return (
      <Reserved>
        <div className="flex flex-col items-center justify-center gap-3 text-center" style={{ height: CHART_HEIGHT }}>
          <p role="alert" className="text-sm text-bone-200">
            {i18n._(CHART_MESSAGES.failed)}
          </p>
          <Button variant="outline" size="sm" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      </Reserved>
    );
  }
  // Data of the other bucket is not shown while this one loads.
  if (!data || data.bucket !== bucket) {
    return (
      <Reserved>
        <ChartPlaceholder height={CHART_HEIGHT} />
      </Reserved>
    );
  }
  if (isEmptySeries(data)) {
    return (
      <Reserved>
        <p className="flex items-center justify-center text-sm text-bone-400" style={{ height: CHART_HEIGHT }}>
          {i18n._(data.points.length && bucket === 'hour' ? CHART_MESSAGES.emptyHours : CHART_MESSAGES.empty)}
        </p>
      </Reserved>
    );
  }
  const total = (key: 'free' | 'paid' | 'voided') => data.points.reduce((n, p) => n + p[key], 0);
  const free = formatCount(total('free'));
  const paid = formatCount(total('paid'));
  const voided = formatCount(total('voided'));
  let sums: string;
  if (bucket === 'hour')
    sums = total('voided') ? t`In these hours: ${free} free, ${paid} paid, ${voided} voided` : t`In these hours: ${free} free, ${paid} paid`;
  else sums = total('voided') ? t`In these days: ${free} free, ${paid} paid, ${voided} voided` : t`In these days: ${free} free, ${paid} paid`;
  const totals = <p className="mt-1 text-xs text-bone-400">{sums}</p>;
  // Drawn on the server and hydrated as drawn: the chart's place waits for the chart, which only the
  // browser draws. Without scripts it never comes, so the numbers stand open there instead (a
  // <noscript> React leaves alone in the browser) and the waiting box is not shown.
  if (!hydrated) {
    return (
      <Reserved>
        <div className="noscript:hidden">
          <ChartPlaceholder height={CHART_HEIGHT} />
        </div>
        <noscript>
          {totals}
          <div className="text-sm text-bone-200">
            <VotesNumbers points={data.points} bucket={bucket} caption={caption} />
          </div>
        </noscript>
      </Reserved>
    );
  }
  return (
    <Reserved>
      <Suspense fallback={<ChartPlaceholder height={CHART_HEIGHT} />}>
        <StackedVotesChart points={data.points} bucket={bucket} height={CHART_HEIGHT} />
      </Suspense>
      {totals}
      <VotesTable points={data.points} bucket={bucket} caption={caption} />
    </Reserved>
  );
}
