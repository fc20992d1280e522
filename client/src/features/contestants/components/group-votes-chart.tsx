// A group's contestants side by side: one small chart each, all on the same scale (so heights
// compare), one legend, and each contestant's numbers in a table of their own.
import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useId, useState } from 'react';
import type { VoteHistoryBucket } from '#contract/votes/constants';
import { BucketToggle } from '@/components/vote-chart/bucket-toggle';
import { Button } from '@/components/ui/button';
import { CHART_TEXTS, ChartPlaceholder, isEmptySeries, StackedVotesChart, VotesLegend } from '@/components/vote-chart/votes-chart-frame';
import { VotesTable } from '@/components/vote-chart/votes-table';
import { useGetGroupVotesOverTimeQuery } from '../api/get-group-votes-over-time';

const SMALL_CHART_HEIGHT = 140;

export function GroupVotesChart({ groupId, groupNumber }: { groupId: number; groupNumber: number }) {
  const [bucket, setBucket] = useState<VoteHistoryBucket>('day');
  const headingId = useId();
  const { t } = useLingui();
  const { currentData: data, error, refetch } = useGetGroupVotesOverTimeQuery({ groupId, bucket }, { refetchOnMountOrArgChange: true });

  let body;
  if (error && !data) {
    body = (
      <div className="flex flex-col items-center gap-3 py-10 text-center">
        <p role="alert" className="text-sm text-bone-200">
          {CHART_TEXTS.failed}
        </p>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  } else if (!data || data.bucket !== bucket) {
    body = <ChartPlaceholder height={SMALL_CHART_HEIGHT + 40} />;
  } else if (data.series.every(isEmptySeries)) {
    body = <p className="py-10 text-center text-sm text-bone-400">{CHART_TEXTS.empty}</p>;
  } else {
    const max = Math.max(...data.series.flatMap((s) => s.points.map((p) => p.free + p.paid)));
    const voided = data.series.some((s) => s.points.some((p) => p.voided > 0));
    body = (
      <Suspense fallback={<ChartPlaceholder height={SMALL_CHART_HEIGHT + 40} />}>
        <VotesLegend voided={voided} />
        <ul className="mt-4 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
          {data.series.map((s) => {
            const displayName = s.display_name;
            const username = s.username;
            return (
              <li key={s.entry_id} className="min-w-0 rounded-xl border border-night-700 p-3">
                <p className="truncate text-sm font-semibold text-bone-50">
                  {s.display_name} <span className="font-normal text-bone-400">@{s.username}</span>
                </p>
                <StackedVotesChart points={s.points} bucket={bucket} height={SMALL_CHART_HEIGHT} max={max} legend={false} />
                <VotesTable
                  points={s.points}
                  bucket={bucket}
                  caption={bucket === 'hour' ? t`Votes per hour for ${displayName} (UTC)` : t`Votes per day for ${displayName} (UTC)`}
                  summary={t`Numbers for @${username}`}
                />
              </li>
            );
          })}
        </ul>
      </Suspense>
    );
  }

  return (
    <section aria-labelledby={headingId} className="mt-10 rounded-2xl border border-night-700 bg-night-900/60 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="font-display text-xl font-bold text-bone-50">
          {t`Group ${groupNumber} votes over time`}
        </h2>
        <BucketToggle value={bucket} onChange={setBucket} />
      </div>
      <div className="mt-4">{body}</div>
    </section>
  );
}
