// Social links are stored as profile addresses (the contract's rule, #contract/social-link-rules); older
// accounts may still hold bare handles or other addresses from when registration took free text.
import { normalizeSocialLink } from '#contract/profiles/social-link-rules';

const HOSTS = { instagram: 'https://www.instagram.com/', tiktok: 'https://www.tiktok.com/@' } as const;

export type ProfilePlatform = keyof typeof HOSTS;

/** An https address for the link, or null when there is nothing usable. */
export function socialHref(platform: ProfilePlatform, value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const normal = normalizeSocialLink(platform, text);
  if (normal) return normal;
  if (/^https?:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
    } catch {
      return null;
    }
  }
  if (/^(www\.)?(instagram|tiktok)\.com\//i.test(text)) return `https://${text}`;
  const handle = text.replace(/^@+/, '');
  return /^[A-Za-z0-9_.]{1,60}$/.test(handle) ? `${HOSTS[platform]}${handle}` : null;
}
