// How a tally moves a votes-over-time series: the difference from the contestant's previous tally
// entry, free and paid apart, goes into the bucket the tally arrived in.
import type { VoteHistoryBucket } from '#contract/votes/constants';
import type { VotesOverTime } from '#contract/votes/answers';
import type { TallyEntry } from '#contract/live/events';

const BUCKET_MS: Record<VoteHistoryBucket, number> = { hour: 3_600_000, day: 86_400_000 };

/** The start of the UTC hour or day `ms` falls in, written as the API writes it. */
export function bucketStartOf(ms: number, bucket: VoteHistoryBucket): string {
  return new Date(Math.floor(ms / BUCKET_MS[bucket]) * BUCKET_MS[bucket]).toISOString().replace('.000Z', 'Z');
}

/** Free and paid votes added between two tally entries of the same contest entry; null when they cannot be compared. */
export function votesAdded(previous: TallyEntry | undefined, next: TallyEntry): { free: number; paid: number } | null {
  if (!previous || previous.entry_id !== next.entry_id) return null;
  const paid = next.paid - previous.paid;
  const free = next.votes - next.paid - (previous.votes - previous.paid);
  return { free, paid };
}

/**
 * Adds votes to the series' current bucket, in place (an Immer draft): the bucket of `now`, or the
 * series' last one when this device's clock is behind the server's. Buckets reached since the read
 * are added as zeros, and the oldest dropped so the series keeps the length the server gave it.
 * A series with no points (no entry in the current contest) stays empty: there is nothing to extend.
 */
export function addToCurrentBucket(series: VotesOverTime, added: { free: number; paid: number }, now: number): void {
  const points = series.points;
  const last = points.at(-1);
  if (!last) return;
  const size = BUCKET_MS[series.bucket];
  const length = points.length;
  for (let start = Date.parse(last.start) + size; start <= now; start += size) {
    points.push({ start: bucketStartOf(start, series.bucket), free: 0, paid: 0, voided: 0 });
  }
  if (points.length > length) points.splice(0, points.length - length);
  const current = points.at(-1)!;
  // Counts in a bucket never go below zero: a refund larger than what the bucket holds waits for the next read.
  current.free = Math.max(0, current.free + added.free);
  current.paid = Math.max(0, current.paid + added.paid);
}
