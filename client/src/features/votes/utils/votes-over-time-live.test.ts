import { describe, expect, it } from '@jest/globals';
import type { VotesChangedEvent } from '#contract/events';
import type { VotesOverTime } from '#contract/vote-history-schemas';
import { addToCurrentBucket, bucketStartOf, votesAdded } from './votes-over-time-live';

const HOUR = 3_600_000;
const event = (total: number, paid: number, entry: number | null = 31): VotesChangedEvent => ({
  username: 'vera',
  profile_id: 7,
  entry_id: entry,
  current_contest_votes: total,
  current_contest_paid_votes: paid,
  total_votes: total,
});

describe('votes over time, live', () => {
  it('should split the difference of two pushes into free and paid, and refuse to compare without a previous push or across entries', () => {
    expect(votesAdded(event(10, 4), event(13, 6))).toEqual({ free: 1, paid: 2 });
    expect(votesAdded(undefined, event(13, 6))).toBeNull();
    expect(votesAdded(event(10, 4, 30), event(13, 6, 31))).toBeNull();
    expect(votesAdded(event(10, 4, null), event(13, 6, null))).toBeNull();
  });

  it('should add to the last bucket, or roll on to the bucket of now keeping the length', () => {
    const now = Date.parse('2030-01-01T10:30:00Z');
    const series: VotesOverTime = {
      bucket: 'hour',
      points: [
        { start: '2030-01-01T08:00:00Z', free: 1, paid: 0, voided: 0 },
        { start: '2030-01-01T09:00:00Z', free: 2, paid: 0, voided: 0 },
      ],
    };
    addToCurrentBucket(series, { free: 1, paid: 5 }, now - HOUR);
    expect(series.points[1]).toEqual({ start: '2030-01-01T09:00:00Z', free: 3, paid: 5, voided: 0 });
    addToCurrentBucket(series, { free: 1, paid: 0 }, now);
    expect(series.points).toEqual([
      { start: '2030-01-01T09:00:00Z', free: 3, paid: 5, voided: 0 },
      { start: bucketStartOf(now, 'hour'), free: 1, paid: 0, voided: 0 },
    ]);
    addToCurrentBucket(series, { free: 0, paid: -9 }, now); // a refund beyond the bucket waits for the next read
    expect(series.points[1].paid).toBe(0);
    const none: VotesOverTime = { bucket: 'day', points: [] };
    addToCurrentBucket(none, { free: 1, paid: 0 }, now);
    expect(none.points).toEqual([]);
  });
});
