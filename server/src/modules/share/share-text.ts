import type { ShareFacts } from './share.types.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Whether XML 1.0 allows the character: not control characters (but tab and line breaks), unpaired surrogates or U+FFFE/U+FFFF. */
function allowedInXml(ch: string): boolean {
  const c = ch.codePointAt(0)!;
  if (c < 0x20) return c === 0x09 || c === 0x0a || c === 0x0d;
  return !(c >= 0xd800 && c <= 0xdfff) && c !== 0xfffe && c !== 0xffff;
}

/** Escapes text for an HTML or SVG attribute or element; characters XML refuses are dropped. */
export function escapeMarkup(text: string): string {
  return Array.from(text)
    .filter(allowedInXml)
    .join('')
    .replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

export const formatVotes = (votes: number): string => `${votes.toLocaleString('en-US')} ${votes === 1 ? 'vote' : 'votes'}`;

/** One line: category, contest, rank and votes, e.g. "Scream Queens in Fright Night Cup: #2 in Group with 1,204 votes." */
export function shareDescription(facts: ShareFacts, productName: string): string {
  const votes = formatVotes(facts.votes);
  const standing = facts.contestName
    ? `${facts.category} in ${facts.contestName}: ${facts.rank ? `#${facts.rank} in Group with ` : ''}${votes}.`
    : `${facts.category} on ${productName} with ${votes}.`;
  return `${standing} Vote for ${facts.firstName || facts.username} on ${productName}.`;
}
