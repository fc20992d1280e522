import { describe, expect, it } from '@jest/globals';
import type { TallyEntry } from '#contract/live/events';
import type { VotesOverTime } from '#contract/votes/answers';
import { addToCurrentBucket, bucketStartOf, votesAdded } from './votes-over-time-live';

const HOUR = 3_600_000;
const event = (votes: number, paid: number, entry = 31): TallyEntry => ({
  entry_id: entry,
  username: 'vera',
  votes,
  paid,
  total: votes,
  rank: 1,
  eliminated: false,
});

describe('votes over time, live', () => {
  it('should split the difference of two tally entries into free and paid, and refuse to compare without a previous one or across entries', () => {
    expect(votesAdded(event(10, 4), event(13, 6))).toEqual({ free: 1, paid: 2 });
    expect(votesAdded(undefined, event(13, 6))).toBeNull();
    expect(votesAdded(event(10, 4, 30), event(13, 6, 31))).toBeNull();
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
