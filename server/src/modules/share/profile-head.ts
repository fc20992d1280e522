import { PROFILE_PORTRAIT_SIZES, pictureSrcSet, pictureVariantUrl } from '#contract/picture-variants.js';
import { escapeMarkup, shareDescription } from './share-text.js';
import type { ShareFacts } from './share.types.js';

export interface HeadContext {
  productName: string;
  /** The page's public address (PUBLIC_URL based). */
  pageUrl: string;
  /** The share card's public address. */
  imageUrl: string;
}

/** The contestant's <title>, description, Open Graph and Twitter card tags, every value escaped. */
export function profileHeadTags(facts: ShareFacts, ctx: HeadContext): { title: string; tags: string } {
  const title = `${facts.fullName || facts.username} | ${ctx.productName}`;
  const description = shareDescription(facts, ctx.productName);
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeMarkup(value)}" />`;
  const tags = [
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
  ];
  return { title: `<title>${escapeMarkup(title)}</title>`, tags: tags.join('\n    ') };
}

/**
 * The portrait at the top of the profile is the page's largest paint: named here, the browser fetches
 * it while the scripts load instead of after the page has asked for the profile. The same WebP
 * srcset and sizes as the page's <picture>, so the preloaded file is the one shown.
 */
function portraitPreload(photoUrl: string | null): string[] {
  const srcset = photoUrl ? pictureSrcSet(photoUrl, 'webp') : undefined;
  const fallback = photoUrl ? pictureVariantUrl(photoUrl, 320, 'webp') : null;
  if (!srcset || !fallback) return [];
  return [
    `<link rel="preload" as="image" type="image/webp" href="${escapeMarkup(fallback)}" imagesrcset="${escapeMarkup(srcset)}" imagesizes="${PROFILE_PORTRAIT_SIZES}" fetchpriority="high" />`,
  ];
}
