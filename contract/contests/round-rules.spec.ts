import { describe, expect, it } from '@jest/globals';
import { ROUND_MESSAGES, roundProblems, type RoundPlan } from './round-rules.js';

const H = 3_600_000;
const plan = (endsAt: number, cut: Partial<RoundPlan> = {}): RoundPlan => ({ endsAt, advancePerGroup: null, advanceTotal: null, ...cut });
const messages = (contest: Parameters<typeof roundProblems>[0]) => roundProblems(contest).map((p) => `${p.path.join('.')}: ${p.message}`);

describe(roundProblems.name, () => {
  it('should accept rounds in order, each but the last with one cut, and 1 to 5 winners', () => {
    expect(
      messages({ startsAt: 0, endsAt: null, winners: 3, rounds: [plan(H, { advancePerGroup: 4 }), plan(2 * H, { advanceTotal: 10 }), plan(3 * H)] }),
    ).toEqual([]);
    expect(messages({ startsAt: 0, endsAt: 3 * H, winners: 1, rounds: [plan(3 * H)] })).toEqual([]);
  });

  it('should need no winners without rounds, and refuse them', () => {
    expect(messages({ startsAt: 0, endsAt: null, winners: 0, rounds: [] })).toEqual([]);
    expect(messages({ startsAt: 0, endsAt: null, winners: 2, rounds: [] })).toEqual([`winners: ${ROUND_MESSAGES.winnersNeedRounds}`]);
  });

  it('should name each broken rule at its field', () => {
    expect(
      messages({
        startsAt: 5 * H,
        endsAt: 9 * H,
        winners: 0,
        rounds: [plan(4 * H), plan(6 * H, { advancePerGroup: 1, advanceTotal: 2 }), plan(6 * H, { advanceTotal: 3 })],
      }),
    ).toEqual([
      `rounds.0.ends_at: ${ROUND_MESSAGES.endAfterStart}`,
      `rounds.0.advance_per_group: ${ROUND_MESSAGES.cutRequired}`,
      `rounds.1.advance_total: ${ROUND_MESSAGES.oneCut}`,
      `rounds.2.ends_at: ${ROUND_MESSAGES.endsInOrder}`,
      `rounds.2.advance_per_group: ${ROUND_MESSAGES.lastNoCut}`,
      `winners: ${ROUND_MESSAGES.winnersRange}`,
      `end_date: ${ROUND_MESSAGES.endWithContest}`,
    ]);
  });

  it('should refuse a fourth round', () => {
    expect(messages({ startsAt: 0, endsAt: null, winners: 1, rounds: [1, 2, 3, 4].map((n) => plan(n * H, { advanceTotal: 5 })) })).toEqual([
      `rounds: ${ROUND_MESSAGES.tooMany}`,
    ]);
  });
});
