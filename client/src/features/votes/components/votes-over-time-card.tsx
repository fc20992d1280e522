// A contestant's votes over time, on their public profile and their dashboard: per day or per hour,
// following the contestant's live votes. Drawn on the server as its placeholder; the data and the
// chart are fetched once the page runs in the browser.
import { useId, useState } from 'react';
import { rooms } from '#contract/events';
import type { VoteHistoryBucket } from '#contract/vote-history-schemas';
import { useHydrated } from '@/hooks/use-hydrated';
import { useLiveRooms } from '@/lib/realtime/use-live-rooms';
import { useGetVotesOverTimeQuery } from '../api/get-votes-over-time';
import { BucketToggle } from '@/components/vote-chart/bucket-toggle';
import { VotesChartFrame } from '@/components/vote-chart/votes-chart-frame';

export function VotesOverTimeCard({ username, name, title = 'Votes over time' }: { username: string; name: string; title?: string }) {
  const hydrated = useHydrated();
  const [bucket, setBucket] = useState<VoteHistoryBucket>('day');
  const headingId = useId();
  useLiveRooms(hydrated && username ? [rooms.contestant(username)] : []);
  const { currentData, error, refetch } = useGetVotesOverTimeQuery({ username, bucket }, { skip: !hydrated || !username });
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-night-700 bg-night-900/60 p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="font-display text-xl font-bold text-bone-50">
          {title}
        </h2>
        <BucketToggle value={bucket} onChange={setBucket} disabled={!hydrated} />
      </div>
      <VotesChartFrame caption={`Votes per ${bucket} for ${name} (UTC)`} bucket={bucket} data={currentData} error={error} onRetry={() => void refetch()} />
    </section>
  );
}
