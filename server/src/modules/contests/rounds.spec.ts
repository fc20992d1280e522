import { describe, expect, it } from '@jest/globals';
import type { ContestRoundEntity } from './entities/contest-round.entity.js';
import { closeRoundJobId, CUT_SETTLE_MS, cutDueAt, cutOf, roundStates, winnersOf } from './rounds.js';
import type { RankedEntry } from './rounds.repository.js';

const round = (position: number, endsAt: string, closedAt: string | null = null, cut: Partial<ContestRoundEntity> = {}): ContestRoundEntity => ({
  id: position * 10,
  contestId: 1,
  position,
  name: `R${position}`,
  endsAt: new Date(endsAt),
  advancePerGroup: null,
  advanceTotal: null,
  closedAt: closedAt ? new Date(closedAt) : null,
  ...cut,
});
const ranked = (rank: number, id: number, group = 1): RankedEntry => ({
  entry_id: id,
  user_id: id,
  username: `u${id}`,
  group_id: group,
  group_number: group,
  votes: 100 - rank,
  rank,
});

describe(roundStates.name, () => {
  const rounds = [round(1, '2030-01-10T00:00:00Z', null, { advanceTotal: 8 }), round(2, '2030-01-20T00:00:00Z')];

  it('should have no current round before the contest starts, every round upcoming', () => {
    const { current, rounds: states } = roundStates(rounds, new Date('2030-01-01T00:00:00Z'), new Date('2029-12-31T00:00:00Z'));
    expect([current, states.map((r) => r.state)]).toEqual([null, ['upcoming', 'upcoming']]);
  });

  it('should run the first open round once started, even for the moment between its end and its cut', () => {
    const start = new Date('2030-01-01T00:00:00Z');
    expect(roundStates(rounds, start, new Date('2030-01-05T00:00:00Z')).current).toBe(1);
    const late = roundStates(rounds, start, new Date('2030-01-10T00:00:01Z'));
    expect([late.current, late.rounds.map((r) => r.state)]).toEqual([1, ['running', 'upcoming']]);
  });

  it('should move on once a round is closed, and have none after the last', () => {
    const start = new Date('2030-01-01T00:00:00Z');
    const closedFirst = [round(1, '2030-01-10T00:00:00Z', '2030-01-10T00:00:01Z'), rounds[1]];
    const second = roundStates(closedFirst, start, new Date('2030-01-11T00:00:00Z'));
    expect([second.current, second.rounds.map((r) => r.state), second.rounds[0].closed_at]).toEqual([2, ['closed', 'running'], '2030-01-10T00:00:01.000Z']);
    const done = roundStates([closedFirst[0], round(2, '2030-01-20T00:00:00Z', '2030-01-20T00:00:02Z')], start, new Date('2030-01-21T00:00:00Z'));
    expect([done.current, done.rounds.map((r) => r.state)]).toEqual([null, ['closed', 'closed']]);
  });
});

describe(cutOf.name, () => {
  it('should advance rank N or better, so everyone tied at the cut advances', () => {
    const list = [ranked(1, 1), ranked(2, 2), ranked(2, 3), ranked(4, 4)];
    const cut = cutOf({ advancePerGroup: 2, advanceTotal: null }, list);
    expect([cut.advancing.map((e) => e.entry_id), cut.eliminated.map((e) => e.entry_id)]).toEqual([[1, 2, 3], [4]]);
  });

  it('should use the ranks it is given (within each group for a per-group cut)', () => {
    const list = [ranked(1, 1, 1), ranked(2, 2, 1), ranked(1, 3, 2), ranked(2, 4, 2)];
    expect(cutOf({ advancePerGroup: 1, advanceTotal: null }, list).eliminated.map((e) => e.entry_id)).toEqual([2, 4]);
  });

  it('should eliminate nobody in a round without a cut', () => {
    expect(cutOf({ advancePerGroup: null, advanceTotal: null }, [ranked(1, 1), ranked(9, 2)]).eliminated).toEqual([]);
  });
});

describe(winnersOf.name, () => {
  it('should place the winners by rank, tied contestants sharing a place (more winners than asked on a tie at the last place)', () => {
    expect(winnersOf([ranked(1, 7), ranked(2, 8), ranked(2, 9), ranked(4, 10)], 2)).toEqual([
      { entryId: 7, place: 1 },
      { entryId: 8, place: 2 },
      { entryId: 9, place: 2 },
    ]);
  });
});

describe(closeRoundJobId.name, () => {
  it('should name the round and its end, so a moved end gets a job of its own', () => {
    const r = round(1, '2030-01-10T00:00:00Z');
    expect(closeRoundJobId(r)).not.toBe(closeRoundJobId({ ...r, endsAt: new Date('2030-01-11T00:00:00Z') }));
  });
});

describe(cutDueAt.name, () => {
  it('should be the round’s end plus the settle, so votes accepted before the end are counted first', () => {
    expect(CUT_SETTLE_MS).toBeGreaterThanOrEqual(1_000);
    expect(cutDueAt(round(1, '2030-01-10T00:00:00Z')).toISOString()).toBe(new Date(Date.parse('2030-01-10T00:00:00Z') + CUT_SETTLE_MS).toISOString());
  });
});
