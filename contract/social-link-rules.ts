// The social-link rule itself (spec 001 §3), apart from the zod fields built on it (social-links.ts), so
// that a page which only shows links (a profile) does not load zod for it.

const PATTERNS = {
  instagram: /^(?:https?:\/\/)?(www\.)?instagram\.com\/([A-Za-z0-9_.]+)\/?$/i,
  tiktok: /^(?:https?:\/\/)?(www\.)?tiktok\.com\/@([A-Za-z0-9_.]+)\/?$/i,
} as const;

export type SocialPlatformKey = keyof typeof PATTERNS;

/**
 * The stored form of a link (https, the host in lower case, no trailing slash), or null when the
 * value is not a profile address of that platform.
 */
export function normalizeSocialLink(platform: SocialPlatformKey, value: string): string | null {
  const match = PATTERNS[platform].exec(value.trim());
  if (!match) return null;
  const www = match[1] ? 'www.' : '';
  return platform === 'instagram' ? `https://${www}instagram.com/${match[2]}` : `https://${www}tiktok.com/@${match[2]}`;
}
