import { describe, expect, it } from '@jest/globals';
import { rankByVotes } from './ranking.js';

const entry = (id: number, votes: number, joinedAt: number) => ({ id, current_contest_votes: votes, joined_at: joinedAt });

describe(rankByVotes.name, () => {
  it('should sort by votes, highest first, and give ties one rank with the next rank skipped (1, 1, 3)', () => {
    const ranked = rankByVotes([entry(1, 5, 10), entry(2, 10, 20), entry(3, 10, 30), entry(4, 0, 5)]);
    expect(ranked.map((e) => [e.id, e.rank])).toEqual([
      [2, 1],
      [3, 1],
      [1, 3],
      [4, 4],
    ]);
  });

  it('should list tied entries earlier joined first, then by id', () => {
    const ranked = rankByVotes([entry(9, 3, 200), entry(8, 3, 100), entry(7, 3, 200)]);
    expect(ranked.map((e) => e.id)).toEqual([8, 7, 9]);
    expect(ranked.map((e) => e.rank)).toEqual([1, 1, 1]);
  });

  it('should leave its input alone and answer nothing for an empty group', () => {
    const input = [entry(1, 1, 1), entry(2, 2, 2)];
    rankByVotes(input);
    expect(input.map((e) => e.id)).toEqual([1, 2]);
    expect(rankByVotes([])).toEqual([]);
  });
});
