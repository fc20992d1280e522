// A contestant's votes over time, on their public profile and their dashboard: per day or per hour,
// following the contestant's live votes. A profile drawn on the server comes with its days (its
// loader reads them), which the browser takes over without asking again; otherwise they are asked
// for as the card mounts. The chart itself is drawn in the browser only (VotesChartFrame).
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { rooms } from '#contract/live/events';
import type { VoteHistoryBucket } from '#contract/votes/constants';
import { useHydrated } from '@/hooks/use-hydrated';
import { useLiveRooms } from '@/lib/realtime/use-live-rooms';
import { FIRST_BUCKET, useGetVotesOverTimeQuery } from '@/lib/votes/get-votes-over-time';
import { BucketToggle } from '@/components/vote-chart/bucket-toggle';
import { VotesChartFrame } from '@/components/vote-chart/votes-chart-frame';

export function VotesOverTimeCard({ username, name, title }: { username: string; name: string; title?: string }) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const [bucket, setBucket] = useState<VoteHistoryBucket>(FIRST_BUCKET);
  const headingId = useId();
  useLiveRooms(hydrated && username ? [rooms.contestant(username)] : []);
  const { currentData, error, refetch } = useGetVotesOverTimeQuery({ username, bucket }, { skip: !username });
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-night-700 bg-night-900/60 p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="font-display text-xl font-bold text-bone-50">
          {title ?? t`Votes over time`}
        </h2>
        <BucketToggle value={bucket} onChange={setBucket} disabled={!hydrated} />
      </div>
      <VotesChartFrame
        caption={bucket === 'hour' ? t`Votes per hour for ${name} (UTC)` : t`Votes per day for ${name} (UTC)`}
        bucket={bucket}
        data={currentData}
        error={error}
        onRetry={() => void refetch()}
      />
    </section>
  );
}
