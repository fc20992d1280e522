// Where a profile link can be shared (the share page, a profile's Share Profile box).
// Facebook, Twitter and LinkedIn take the link in a web share address; Instagram and TikTok have no
// web share, so the link is copied and the platform opened (on a phone: the app first).
import { msg } from '@lingui/core/macro';
import { browser } from '@/lib/browser';
import { libText } from '@/lib/i18n/lib-text';
import { paths } from '@/lib/paths';

export type SharePlatform = 'Facebook' | 'Twitter' | 'Instagram' | 'TikTok' | 'LinkedIn';

/** The share page's order; Copy Link is the sixth button. */
export const SHARE_PLATFORMS: readonly SharePlatform[] = ['Facebook', 'Twitter', 'Instagram', 'TikTok', 'LinkedIn'];

/** How long a phone gets to open the app before the website opens instead. */
export const APP_FALLBACK_MS = 500;

/** Instagram and TikTok: no web share address; the app (on a phone) or the website. */
export const APP_ONLY = {
  Instagram: { web: 'https://www.instagram.com/', app: 'instagram://app' },
  TikTok: { web: 'https://www.tiktok.com/', app: 'tiktok://' },
} as const;

export type AppOnlyPlatform = keyof typeof APP_ONLY;

export const isAppOnly = (platform: SharePlatform): platform is AppOnlyPlatform => platform in APP_ONLY;

/** The public profile address of a contestant on this site. */
export function profileLink(username: string): string {
  return `${browser.origin()}${paths.profile(username)}`;
}

const SHARE_TEXT = msg`Vote for me on ScreamStage!`;

/** The web share address of Facebook, Twitter or LinkedIn for the link. */
export function webShareUrl(platform: Exclude<SharePlatform, AppOnlyPlatform>, link: string): string {
  const url = encodeURIComponent(link);
  switch (platform) {
    case 'Facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${url}`;
    case 'Twitter':
      return `https://twitter.com/intent/tweet?url=${url}&text=${encodeURIComponent(libText(SHARE_TEXT))}`;
    case 'LinkedIn':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${url}`;
  }
}

/** Phones and tablets, where the platforms' apps can be opened by their address scheme. */
export function isMobileDevice(): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}

/** Opens an address in a new tab, with no way back to this page (noopener). */
export function openInNewTab(url: string): Window | null {
  return window.open(url, '_blank', 'noopener,noreferrer');
}
