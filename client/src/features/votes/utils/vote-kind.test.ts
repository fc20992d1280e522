import { describe, expect, it } from '@jest/globals';
import type { VoteOffer } from '#contract/payments/answers';
import { voteKindOf } from './vote-kind';

const DOLLARS: VoteOffer = {
  currency: 'USD',
  donation_vote_price: 100,
  packages: [
    { id: 1, votes: 10, bonus: 2, price_minor: 1000 },
    { id: 3, votes: 100, bonus: 50, price_minor: 10000 },
  ],
};
const YEN: VoteOffer = { currency: 'JPY', donation_vote_price: 150, packages: [{ id: 7, votes: 10, bonus: 0, price_minor: 1500 }] };

const kind = (query: string, offer = DOLLARS) => voteKindOf(new URLSearchParams(query), offer);

describe('voteKindOf', () => {
  it('should read a free vote, a package of the offer by id and a donation', () => {
    expect(kind('type=free')).toEqual({ kind: 'free' });
    expect(kind('type=3&amount=150&price=100')).toEqual({ kind: 'package', pack: DOLLARS.packages[1] });
    expect(kind('type=other')).toEqual({ kind: 'other', suggested: null });
    expect(kind('type=7', YEN)).toEqual({ kind: 'package', pack: YEN.packages[0] });
  });

  it("should take a suggested donation from amount, else price, when it buys whole votes at the offer's price", () => {
    expect(kind('type=other&amount=25')).toEqual({ kind: 'other', suggested: 25 });
    expect(kind('type=other&price=15')).toEqual({ kind: 'other', suggested: 15 });
    expect(kind('type=other&amount=2.5&price=0')).toEqual({ kind: 'other', suggested: null });
    expect(kind('type=other&amount=450', YEN)).toEqual({ kind: 'other', suggested: 450 });
    expect(kind('type=other&amount=100', YEN)).toEqual({ kind: 'other', suggested: null });
  });

  it('should call a package id the offer does not hold gone, and anything else a donation', () => {
    expect(kind('type=9&amount=7')).toEqual({ kind: 'gone' });
    expect(kind('type=1', YEN)).toEqual({ kind: 'gone' });
    expect(kind('type=whatever&amount=7')).toEqual({ kind: 'other', suggested: 7 });
    expect(kind('')).toEqual({ kind: 'other', suggested: null });
  });
});
