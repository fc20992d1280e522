import { describe, expect, it } from '@jest/globals';
import type { ContestRound } from '#contract/contests/answers';
import { cutText, passText, raceOf } from './race';

const e = (username: string, votes: number, is_eliminated = false) => ({ username, current_contest_votes: votes, is_eliminated });
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
const group = [e('maisie.thorn', 120), e('vera', 108), e('ivy', 68), e('gone', 500, true), e('rex', 40)];
const lines = (username: string, list = group, r: ContestRound | null = round(), field = list) => {
  const race = raceOf(username, list, field, r);
  return race && [passText(race), cutText(race)];
};

describe('raceOf', () => {
  it('should count the votes to pass the one just above, and the margin over the first one outside the cut', () => {
    expect(lines('vera')).toEqual(['13 votes to pass @maisie.thorn', '40 votes above the cut']);
    expect(lines('maisie.thorn')).toEqual(['You lead by 12 votes', '52 votes above the cut']);
  });

  it('should count below the cut the votes needed to reach the line, since ties at the cut go on', () => {
    expect(lines('ivy')).toEqual(['41 votes to pass @vera', '40 votes below the cut']);
    expect(lines('rex')).toEqual(['29 votes to pass @ivy', '68 votes below the cut']);
  });

  it('should say tied for first, and count the margin over the first one below the line when some are tied at it', () => {
    const level = [e('a', 10), e('b', 10), e('c', 10)];
    // All three tied at the line of 2 go on.
    expect(lines('a', level)).toEqual(['Tied for first', 'Everyone goes on this round']);
    const tiedAtLine = [e('a', 20), e('b', 10), e('c', 10), e('d', 4)];
    expect(lines('a', tiedAtLine)).toEqual(['You lead by 10 votes', '16 votes above the cut']);
    expect(lines('c', tiedAtLine)).toEqual(['11 votes to pass @a', '6 votes above the cut']);
    expect(lines('d', tiedAtLine)).toEqual(['7 votes to pass @c', '6 votes below the cut']);
    expect(lines('b', [e('a', 5), e('b', 3), e('c', 3), e('d', 3)], round({ advance_per_group: 1 }))).toEqual(['3 votes to pass @a', '2 votes below the cut']);
  });

  it('should rank an overall cut over the whole field, and say when everyone goes on', () => {
    const other = [e('zed', 300), e('yan', 200)];
    expect(lines('vera', group, round({ advance_per_group: null, advance_total: 3 }), [...group, ...other])).toEqual([
      '13 votes to pass @maisie.thorn',
      '12 votes below the cut',
    ]);
    expect(lines('rex', group, round({ advance_per_group: 10 }))).toEqual(['29 votes to pass @ivy', 'Everyone goes on this round']);
  });

  it('should leave out the cut without a running round with one, and the race for an eliminated or unknown contestant', () => {
    expect(lines('vera', group, null)).toEqual(['13 votes to pass @maisie.thorn', null]);
    expect(lines('vera', group, round({ advance_per_group: null }))).toEqual(['13 votes to pass @maisie.thorn', null]);
    expect(lines('vera', group, round({ state: 'upcoming' }))).toEqual(['13 votes to pass @maisie.thorn', null]);
    expect(lines('gone')).toBeNull();
    expect(lines('nobody')).toBeNull();
    expect(lines('solo', [e('solo', 3)], null)).toEqual([null, null]);
  });
});
