import { describe, expect, it } from '@jest/globals';
import type { ContestRound } from '#contract/contests/answers';
import { belowCutIds, cutLimitOf, cutLineIndexes, cutRuleText, runningRoundOf } from './contest-cut';

const e = (id: number, votes: number, group_id = 1, is_eliminated = false) => ({ id, group_id, current_contest_votes: votes, is_eliminated });
const round = (over: Partial<ContestRound> = {}): ContestRound => ({
  id: 1,
  position: 1,
  name: 'Heats',
  ends_at: '2030-01-01T00:00:00.000Z',
  advance_per_group: 2,
  advance_total: null,
  state: 'running',
  closed_at: null,
  ...over,
});

describe('the cut as fans see it', () => {
  it('should keep rank N or better in each group, ties at the line included, and pass over the eliminated', () => {
    const list = [e(1, 50), e(2, 90, 1, true), e(3, 40), e(4, 40), e(5, 10), e(6, 5, 2), e(7, 3, 2), e(8, 1, 2)];
    expect([...belowCutIds(list, { limit: 2, overall: false })].sort()).toEqual([5, 8]);
    expect([...belowCutIds(list, { limit: 3, overall: true })].sort()).toEqual([5, 6, 7, 8]);
  });

  it('should put the line before the first one below the cut that follows one inside it, per group', () => {
    const list = [e(1, 50), e(2, 90, 1, true), e(3, 40), e(5, 10), e(6, 5, 2), e(7, 3, 2), e(8, 1, 2)];
    const below = belowCutIds(list, { limit: 2, overall: false });
    expect(cutLineIndexes(list, below)).toEqual([3, 6]);
    // Nobody below: no line.
    expect(cutLineIndexes(list, new Set())).toEqual([]);
  });

  it('should read the running round and its rule', () => {
    expect(runningRoundOf({ rounds: [round()], current_round: 1 })?.name).toBe('Heats');
    expect(runningRoundOf({ rounds: [round({ state: 'closed' })], current_round: 1 })).toBeNull();
    expect(runningRoundOf({ rounds: [round()], current_round: null })).toBeNull();
    expect(cutLimitOf(round())).toEqual({ limit: 2, overall: false });
    expect(cutLimitOf(round({ advance_per_group: null, advance_total: 8 }))).toEqual({ limit: 8, overall: true });
    expect(cutLimitOf(round({ advance_per_group: null }))).toBeNull();
    expect(cutRuleText({ limit: 4, overall: false })).toBe('Top 4 of each group go on');
    expect(cutRuleText({ limit: 8, overall: true })).toBe('Top 8 go on');
  });
});
