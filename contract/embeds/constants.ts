// Pages made to be framed on organizers' own sites: where they live, which origins may frame them, and
// the look a frame's address may ask for (decision 058).

/** Every embed page's path starts with this; only these pages may be framed, and only by the listed origins. */
export const EMBED_PATH_PREFIX = '/embed/';

/** Whether a request's path (its query ignored) is an embed page's. */
export const isEmbedPath = (url: string): boolean => url.startsWith(EMBED_PATH_PREFIX);

/** How many origins the list holds at most, and how long one may be. */
export const EMBED_ORIGIN_LIMITS = { count: 50, length: 200 } as const;

/** A host that names this very machine: `localhost` (and its subdomains) or an address of 127.0.0.0/8. */
const isLoopbackHost = (host: string): boolean => host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host);

/**
 * An origin as a frame-ancestors source names it: https (http for a loopback host only, a page on the
 * developer's own machine), a host, a port when it is not the scheme's own, and nothing else (no path,
 * query, user or wildcard). Answers the origin as browsers write it (host lower case, the scheme's own
 * port dropped), or null when `value` is not one.
 */
export function embedOrigin(value: string): string | null {
  const text = value.trim();
  if (!text || text.length > EMBED_ORIGIN_LIMITS.length || text.includes('*')) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // A page served over plain http can be altered on its way, so only a loopback one may frame the embeds.
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return null;
  if (!url.hostname || url.username || url.password || url.search || url.hash) return null;
  // Written with a path ("https://a.example/page") is a page, not an origin; a lone trailing slash is neither.
  if (url.pathname !== '/' || /^[a-z]+:\/\/[^/]+\/./i.test(text)) return null;
  // Letters, digits, dots and hyphens only (an IDN as its punycode): a URL parser admits ';' and ',' in a
  // host, which would end the policy's source; and a source cannot name an IPv6 literal (browsers drop it).
  if (!/^[a-z0-9.-]+$/.test(url.hostname)) return null;
  return url.origin;
}

/** The embed pages' look, from the frame address's query: colours as `rrggbb` (no '#', which would end the address), and `compact=1`. */
export const EMBED_QUERY = ['accent', 'bg', 'text', 'compact'] as const;

export interface EmbedTheme {
  /** `#rrggbb`, lower case, or null: the site's own. */
  accent: string | null;
  background: string | null;
  text: string | null;
  compact: boolean;
}

const HEX6 = /^#?([0-9a-fA-F]{6})$/;

/** A colour parameter as `#rrggbb`, or null when it is absent or anything but six hex digits (with or without '#'). */
export function embedColor(value: string | null | undefined): string | null {
  const match = value ? HEX6.exec(value.trim()) : null;
  return match ? `#${match[1].toLowerCase()}` : null;
}

/** The theme a frame's query asks for; a value that is not valid is ignored (the site's look stands). */
export function embedThemeOf(query: URLSearchParams): EmbedTheme {
  return {
    accent: embedColor(query.get('accent')),
    background: embedColor(query.get('bg')),
    text: embedColor(query.get('text')),
    compact: query.get('compact') === '1',
  };
}
