import { describe, expect, it } from '@jest/globals';
import { flagsFor, windowWords, type EntryVoteStats, type FlagThresholds } from './vote-flag-rules.js';

const T: FlagThresholds = { windowSeconds: 3600, minVotes: 50, blockShare: 0.5, rateFactor: 5, newVoterShare: 0.8, regularCv: 0.1 };

/** 100 ordinary votes in the hour: a steady day behind them, from many blocks and voters, at human intervals. */
const stats = (over: Partial<EntryVoteStats> = {}): EntryVoteStats => ({
  entryId: 1,
  recent: 100,
  firstAt: new Date('2030-10-01T12:00:00Z'),
  before: 24 * 80,
  baselineSeconds: 86_400,
  topBlockVotes: 6,
  newVoterVotes: 30,
  meanGapSeconds: 36,
  sdGapSeconds: 34,
  ...over,
});
const kinds = (s: EntryVoteStats, t = T) => flagsFor(s, t).map((f) => f.kind);

describe(flagsFor.name, () => {
  it('should flag nothing in an ordinary hour, and nothing below the fewest votes worth scoring', () => {
    expect(flagsFor(stats(), T)).toEqual([]);
    expect(flagsFor(stats({ recent: 49, topBlockVotes: 49, newVoterVotes: 49, before: 0, meanGapSeconds: 1, sdGapSeconds: 0 }), T)).toEqual([]);
  });

  it("should flag one block's share at the threshold, in words and numbers", () => {
    expect(flagsFor(stats({ topBlockVotes: 50 }), T)).toEqual([
      {
        kind: 'network_block',
        detail: '50 of 100 free votes in the last 60 minutes (50%) came from one network block; the rule flags 50% or more.',
        votes: 50,
      },
    ]);
    expect(kinds(stats({ topBlockVotes: 49 }))).toEqual([]);
  });

  it("should flag a rate of at least the factor times the entry's own baseline, and only with a baseline as long as the window", () => {
    // Usual: 20 an hour; 100 is exactly 5 times.
    const fast = flagsFor(stats({ before: 24 * 20 }), T);
    expect(fast).toEqual([
      { kind: 'rate', detail: '100 free votes in the last 60 minutes, 5.0 times its usual 20.0; the rule flags 5 times or more.', votes: 100 },
    ]);
    expect(kinds(stats({ before: 24 * 21 }))).toEqual([]);
    // No votes the day before: measured against one an hour.
    expect(flagsFor(stats({ before: 0 }), T)[0].detail).toBe(
      '100 free votes in the last 60 minutes, against none in the 24 hours before; the rule flags 5 times or more.',
    );
    // A contest younger than the window has no baseline: no rate flag.
    expect(kinds(stats({ before: 0, baselineSeconds: 3599 }))).toEqual([]);
  });

  it('should flag a burst of new voters who voted for no one else', () => {
    expect(flagsFor(stats({ newVoterVotes: 80 }), T)).toEqual([
      {
        kind: 'new_voters',
        detail:
          '80 of 100 free votes in the last 60 minutes (80%) came from networks new in this window that voted for no one else; the rule flags 80% or more.',
        votes: 80,
      },
    ]);
    expect(kinds(stats({ newVoterVotes: 79 }))).toEqual([]);
  });

  it('should flag machine-regular intervals, and not the irregular ones people make', () => {
    expect(flagsFor(stats({ meanGapSeconds: 36, sdGapSeconds: 1.8 }), T)).toEqual([
      {
        kind: 'regular_intervals',
        detail: '100 free votes in the last 60 minutes arrived every 36.0 s, varying by 5%; the rule flags 10% or less.',
        votes: 100,
      },
    ]);
    expect(kinds(stats({ meanGapSeconds: 36, sdGapSeconds: 3.7 }))).toEqual([]);
    expect(kinds(stats({ meanGapSeconds: null, sdGapSeconds: null }))).toEqual([]);
  });

  it('should report every rule that holds, each with its own count', () => {
    const all = flagsFor(stats({ topBlockVotes: 90, before: 0, newVoterVotes: 95, meanGapSeconds: 2, sdGapSeconds: 0.1 }), T);
    expect(all.map((f) => [f.kind, f.votes])).toEqual([
      ['network_block', 90],
      ['rate', 100],
      ['new_voters', 95],
      ['regular_intervals', 100],
    ]);
  });
});

describe(windowWords.name, () => {
  it('should say the window as people do', () => {
    expect(windowWords(3600)).toBe('60 minutes');
    expect(windowWords(60)).toBe('1 minute');
    expect(windowWords(7200)).toBe('2 hours');
    expect(windowWords(86_400)).toBe('24 hours');
    expect(windowWords(5400)).toBe('90 minutes');
  });
});
