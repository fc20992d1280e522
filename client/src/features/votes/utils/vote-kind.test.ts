import { describe, expect, it } from '@jest/globals';
import { VOTE_PACKAGES } from '#contract/payments/constants';
import { voteKindOf } from './vote-kind';

const kind = (query: string) => voteKindOf(new URLSearchParams(query));

describe('voteKindOf', () => {
  it('should read a free vote, a package by id and a donation', () => {
    expect(kind('type=free')).toEqual({ kind: 'free' });
    expect(kind('type=3&amount=150&price=100')).toEqual({ kind: 'package', pack: VOTE_PACKAGES[2] });
    expect(kind('type=other')).toEqual({ kind: 'other', suggested: null });
  });

  it('should take a suggested donation from amount, else price, in whole dollars of at least 1', () => {
    expect(kind('type=other&amount=25')).toEqual({ kind: 'other', suggested: 25 });
    expect(kind('type=other&price=15')).toEqual({ kind: 'other', suggested: 15 });
    expect(kind('type=other&amount=2.5&price=0')).toEqual({ kind: 'other', suggested: null });
  });

  it('should treat an unknown type or package as a donation', () => {
    expect(kind('type=9&amount=7')).toEqual({ kind: 'other', suggested: 7 });
    expect(kind('')).toEqual({ kind: 'other', suggested: null });
  });
});
