// Copying and sharing a profile link, one implementation for the share page and the profile's
// Share Profile box (Copy Link's texts; the copied indicator lasts 3 s).
import { useCallback, useEffect, useRef, useState } from 'react';
import { PROFILE_MESSAGES as P } from '#contract/profiles/messages';
import { browser } from '@/lib/browser';
import { copyText } from '@/lib/clipboard';
import { contractText } from '@/lib/i18n/contract-text';
import { notify } from '@/lib/toast';
import { useHydrated } from '@/hooks/use-hydrated';
import { paths } from '@/lib/paths';
import { APP_FALLBACK_MS, APP_ONLY, isAppOnly, isMobileDevice, openInNewTab, profileLink, webShareUrl, type SharePlatform } from './share-platforms';

export const COPIED_MS = 3000;

export interface ShareLink {
  link: string;
  /** True for 3 s after Copy Link succeeded. */
  copied: boolean;
  copyLink: () => Promise<void>;
  share: (platform: SharePlatform) => Promise<void>;
}

/**
 * A contestant's public profile address. A page drawn on the server shows the path until it has
 * hydrated: the server does not know the origin the browser reached the site by.
 */
export function useProfileLink(username: string): string {
  const hydrated = useHydrated();
  return hydrated ? profileLink(username) : paths.profile(username);
}

export function useShareLink(link: string): ShareLink {
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const fallbackTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(
    () => () => {
      clearTimeout(copiedTimer.current);
      clearTimeout(fallbackTimer.current);
    },
    [],
  );

  const copyLink = useCallback(async () => {
    if (!(await copyText(link))) {
      notify.error(contractText(P.copyFailed));
      return;
    }
    notify.success(contractText(P.copied));
    setCopied(true);
    clearTimeout(copiedTimer.current);
    copiedTimer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }, [link]);

  const share = useCallback(
    async (platform: SharePlatform) => {
      if (!isAppOnly(platform)) {
        openInNewTab(webShareUrl(platform, link));
        return;
      }
      if (!(await copyText(link))) {
        notify.error(contractText(P.copyFailed));
        return;
      }
      notify.success(contractText(P.copiedOpening(platform)));
      const { web, app } = APP_ONLY[platform];
      if (!isMobileDevice()) {
        openInNewTab(web);
        return;
      }
      // A phone: try the app; when the page is still showing 500 ms later the app did not open, and
      // the website opens in this tab (a new tab opened from a timer would meet the popup blocker).
      browser.assign(app);
      clearTimeout(fallbackTimer.current);
      fallbackTimer.current = setTimeout(() => {
        if (document.visibilityState !== 'hidden') browser.assign(web);
      }, APP_FALLBACK_MS);
    },
    [link],
  );

  return { link, copied, copyLink, share };
}
