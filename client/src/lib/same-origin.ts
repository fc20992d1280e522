// No open redirect: the app follows a return or redirect address only when it is a page of this site.
import { browser } from './browser';
import { paths } from './paths';

/** The absolute address if `target` is an http(s) page on this site's origin; null otherwise. */
export function sameOriginUrl(target: string | null | undefined, origin: string = browser.origin()): string | null {
  if (!target) return null;
  try {
    const url = new URL(target, origin);
    if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** Where the checkout sends the buyer back: the contestant's profile, which completes the payment. */
export function returnUrls(username: string, origin: string = browser.origin()) {
  const profile = `${origin}${paths.profile(username)}`;
  return { success: `${profile}?payment=success`, cancel: `${profile}?payment=cancel` };
}
