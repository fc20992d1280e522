// What the vote page's query asks for: type=free, type=other (a donation of the voter's choosing,
// `amount` or `price` suggesting one, in the offer's major units), or a package id of the offer. An id
// the offer does not hold (a package retired since, or another contest's) is 'gone': the page says so.
import type { VoteOffer, VotePackage } from '#contract/payments/answers';
import { toMinor } from '#contract/payments/currencies';

export type VoteKind = { kind: 'free' } | { kind: 'other'; suggested: number | null } | { kind: 'package'; pack: VotePackage } | { kind: 'gone' };

/** A suggested donation in major units that buys whole votes of the offer (at least one), or null. */
function suggestion(value: string | null, offer: VoteOffer): number | null {
  if (!value || !/^\d+(\.\d+)?$/.test(value.trim())) return null;
  const major = Number(value);
  const minor = toMinor(major, offer.currency);
  return minor !== null && minor >= offer.donation_vote_price && minor % offer.donation_vote_price === 0 ? major : null;
}

export function voteKindOf(query: URLSearchParams, offer: VoteOffer): VoteKind {
  const type = query.get('type')?.trim().toLowerCase() ?? '';
  if (type === 'free') return { kind: 'free' };
  if (/^\d+$/.test(type)) {
    const pack = offer.packages.find((p) => p.id === Number(type));
    return pack ? { kind: 'package', pack } : { kind: 'gone' };
  }
  // 'other', and anything else the page does not know: a donation, prefilled when the address suggests one.
  return { kind: 'other', suggested: suggestion(query.get('amount'), offer) ?? suggestion(query.get('price'), offer) };
}
