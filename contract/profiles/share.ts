// What a contestant's link preview shows, in one place for both sides: the server draws the share card
// from these facts, and the profile page's route module puts the preview tags in the page's head from
// the same facts (read from the answers its loader fetched).
import type { ContestantProfile } from './answers.js';
import { endpointPath, API_PREFIX_PATH } from '../api/endpoint.js';
import { profilesEndpoints } from './endpoints.js';
import { PROFILE_PORTRAIT_SIZES, pictureSrcSet, pictureVariantUrl } from './picture-variants.js';

/** What a profile's preview shows (the page's tags and the share card); the card is made again only when this changes. */
export interface ShareFacts {
  username: string;
  firstName: string;
  fullName: string;
  category: string;
  /** The current contest's name, when the contestant is in it. */
  contestName: string | null;
  /** Rank in the group of the current contest. */
  rank: number | null;
  votes: number;
  /** The first photo's public URL (/uploads/...), if any. */
  photoUrl: string | null;
}

/** The facts of a contestant's public profile; `contestName` is the name of the contest their entry is in, if known. */
export function shareFactsOf(profile: ContestantProfile, contestName: string | null): ShareFacts {
  const { first_name, last_name, username } = profile.user;
  return {
    username,
    firstName: first_name,
    fullName: `${first_name} ${last_name}`.trim(),
    category: profile.category,
    contestName,
    rank: contestName ? profile.current_position_in_group : null,
    votes: profile.total_votes,
    photoUrl: profile.pictures_urls[0] ?? null,
  };
}

/** Raised when the card's drawing changes, so every card is made again. */
export const CARD_DRAWING_VERSION = 1;

/** Everything the card shows, in a fixed order: what its name and version are made from. */
export const shareCardShown = (facts: ShareFacts, productName: string): unknown[] => [
  CARD_DRAWING_VERSION,
  productName,
  facts.username,
  facts.fullName,
  facts.category,
  facts.contestName,
  facts.rank,
  facts.votes,
  facts.photoUrl,
];

/**
 * The card's version in its address (`?v=`): 12 hex digits of a 64-bit FNV-1a hash of what it shows, so
 * the address changes whenever the card does and link scrapers fetch the new one.
 */
export function shareCardVersion(facts: ShareFacts, productName: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(JSON.stringify(shareCardShown(facts, productName)))) {
    hash = ((hash ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0').slice(0, 12);
}

/** The card's address (absolute path), versioned: its endpoint's path with the username's file. */
export const shareCardPath = (username: string, version: string) =>
  `${API_PREFIX_PATH}${endpointPath(profilesEndpoints.shareCard, { file: `${username}.png` })}?v=${version}`;

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

export interface HeadContext {
  productName: string;
  /** The page's public address (the site's public origin and the profile's path). */
  pageUrl: string;
  /** The share card's public address. */
  imageUrl: string;
}

/** The contestant's description, Open Graph and Twitter card tags and the portrait's preload, every value escaped (the page names its own <title>). */
export function profileHeadTags(facts: ShareFacts, ctx: HeadContext): string {
  const description = shareDescription(facts, ctx.productName);
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeMarkup(value)}" />`;
  return [
    meta('name', 'description', description),
    meta('property', 'og:type', 'profile'),
    meta('property', 'og:site_name', ctx.productName),
    meta('property', 'og:title', facts.fullName || facts.username),
    meta('property', 'og:description', description),
    meta('property', 'og:url', ctx.pageUrl),
    meta('property', 'og:image', ctx.imageUrl),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:image:alt', `${facts.fullName}, ${facts.category}`),
    meta('property', 'profile:username', facts.username),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', facts.fullName || facts.username),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', ctx.imageUrl),
    `<link rel="canonical" href="${escapeMarkup(ctx.pageUrl)}" />`,
    ...portraitPreload(facts.photoUrl),
  ].join('\n    ');
}

/**
 * The portrait at the top of the profile is the page's largest paint: named in the head, the browser
 * fetches it while the scripts load. The same WebP srcset and sizes as the page's <picture>, so the
 * preloaded file is the one shown.
 */
function portraitPreload(photoUrl: string | null): string[] {
  const srcset = photoUrl ? pictureSrcSet(photoUrl, 'webp') : undefined;
  const fallback = photoUrl ? pictureVariantUrl(photoUrl, 320, 'webp') : null;
  if (!srcset || !fallback) return [];
  return [
    `<link rel="preload" as="image" type="image/webp" href="${escapeMarkup(fallback)}" imagesrcset="${escapeMarkup(srcset)}" imagesizes="${PROFILE_PORTRAIT_SIZES}" fetchpriority="high" />`,
  ];
}
