// How a bucket's start reads: in UTC, as the API counts them, so a table row and a bar name the same span.
import type { VoteHistoryBucket } from '#contract/votes/constants';

let formats: Record<VoteHistoryBucket, Intl.DateTimeFormat> | undefined;

/** 'Nov 20' for a day, 'Nov 20, 14:00' for an hour (made on first use: a page without a chart pays nothing). */
export function formatBucket(start: string, bucket: VoteHistoryBucket): string {
  formats ??= {
    day: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }),
    hour: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  };
  return formats[bucket].format(new Date(start));
}

export const BUCKET_NAMES: Record<VoteHistoryBucket, string> = { hour: 'Hour', day: 'Day' };
