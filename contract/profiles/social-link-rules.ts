// The social-link rule itself, apart from the zod fields built on it (requests.ts), so that a page
// which only shows links (a profile) does not load zod for it. People type a handle (`name`, `@name`)
// as often as an address (`instagram.com/name`, `https://www.tiktok.com/@name/?lang=en`); every form
// of one profile is stored as the same canonical https address.

interface Platform {
  /** The profile address's host, with or without `www.` or the mobile site's `m.`; the path is the handle (TikTok's after an `@`). */
  host: RegExp;
  /** A handle the platform itself allows. */
  handle: RegExp;
  /** Paths of the platform's own pages, never a profile (lower case). */
  reserved: ReadonlySet<string>;
  /** Whether the address's path carries an `@` before the handle. */
  at: boolean;
  canonical: string;
}

const PLATFORMS = {
  // Instagram: letters, digits, '.' and '_', at most 30; no '.' first, last or twice in a row.
  // Its own pages sit at the same depth as profiles (instagram.com/explore), so their names are no handle.
  instagram: {
    host: /^(?:www\.|m\.)?instagram\.com$/i,
    handle: /^(?!\.)(?!.*\.\.)(?!.*\.$)[a-z0-9._]{1,30}$/,
    reserved: new Set(['about', 'accounts', 'developer', 'direct', 'explore', 'legal', 'p', 'reel', 'reels', 'stories', 'tv', 'web']),
    at: false,
    canonical: 'https://www.instagram.com/',
  },
  // TikTok: letters, digits, '.' and '_', 2 to 24; no '.' last.
  tiktok: { host: /^(?:www\.|m\.)?tiktok\.com$/i, handle: /^(?!.*\.$)[a-z0-9._]{2,24}$/, reserved: new Set(), at: true, canonical: 'https://www.tiktok.com/@' },
} as const satisfies Record<string, Platform>;

export type SocialPlatformKey = keyof typeof PLATFORMS;

/** `host/path` with an optional http(s) scheme, one optional trailing slash, then an optional query or fragment. */
const ADDRESS = /^(?:https?:\/\/)?([^/?#\s]+)\/([^/?#\s]+)\/?(?:[?#]\S*)?$/i;
/** A bare handle, with or without its `@`. */
const BARE = /^@?([^/@\s:]+)$/;
/** A platform's bare host is an address without its profile, not a handle. */
const BARE_HOST = /^(?:www\.|m\.)?(?:instagram|tiktok)\.com$/i;

/** The handle of a value typed for `platform` (lower case: handles are not case-sensitive), or null. */
function handleOf(platform: Platform, value: string): string | null {
  const bare = BARE.exec(value);
  let handle: string | undefined;
  if (bare && !BARE_HOST.test(bare[1])) handle = bare[1];
  else {
    const address = ADDRESS.exec(value);
    if (!address || !platform.host.test(address[1])) return null;
    const path = address[2];
    if (platform.at !== path.startsWith('@')) return null;
    handle = platform.at ? path.slice(1) : path;
  }
  const lower = handle.toLowerCase();
  return platform.handle.test(lower) && !platform.reserved.has(lower) ? lower : null;
}

/**
 * The stored form of a link, `https://www.instagram.com/name` or `https://www.tiktok.com/@name`, from
 * a handle or any address of that profile; null when the value is neither.
 */
export function normalizeSocialLink(platform: SocialPlatformKey, value: string): string | null {
  const p = PLATFORMS[platform];
  const handle = handleOf(p, value.trim());
  return handle === null ? null : `${p.canonical}${handle}`;
}
