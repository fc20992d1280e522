// What the vote page's query asks for: type=free, type=other (a
// donation of the voter's choosing, `amount` or `price` suggesting one), or a package id (1-4).
import { VOTE_PACKAGES, type VotePackage } from '#contract/payments/constants';

export type VoteKind = { kind: 'free' } | { kind: 'other'; suggested: number | null } | { kind: 'package'; pack: VotePackage };

/** A whole number of dollars, at least 1, or null. */
function wholeDollars(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value.trim())) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

export function voteKindOf(query: URLSearchParams): VoteKind {
  const type = query.get('type')?.trim().toLowerCase() ?? '';
  if (type === 'free') return { kind: 'free' };
  const pack = /^\d+$/.test(type) ? VOTE_PACKAGES.find((p) => p.id === Number(type)) : undefined;
  if (pack) return { kind: 'package', pack };
  // 'other', and anything the page does not know: a donation, prefilled when the address suggests one.
  return { kind: 'other', suggested: wholeDollars(query.get('amount')) ?? wholeDollars(query.get('price')) };
}
