// Smaller copies of each stored picture (decisions 018 and 022): made once at upload, found by name.
// `/uploads/profiles/<name>.<ext>` has `/uploads/variants/profiles/<name>-<width>w.webp` and `...-<width>w.jpg`.

/**
 * The widths of the copies. 64 serves the 36 px avatars and the vote page's 64 px portrait, 160 the
 * 96-160 px boxes (a phone's leaderboard card, an eliminated profile's portrait): a box is never sent
 * a copy over twice its width, and from 160 up each width is twice the one before.
 */
export const PICTURE_VARIANT_WIDTHS = [64, 160, 320, 640, 1280] as const;
export type PictureVariantWidth = (typeof PICTURE_VARIANT_WIDTHS)[number];
export const PICTURE_VARIANT_FORMATS = ['webp', 'jpg'] as const;
export type PictureVariantFormat = (typeof PICTURE_VARIANT_FORMATS)[number];

/** A stored upload whose variants exist: our folder, our generated name, one of our extensions. */
const STORED_PICTURE = /^\/uploads\/((?:[a-z0-9_-]+\/)*[a-z0-9_-]+)\.(?:jpg|png|gif)$/i;

/** The variant's address, or null for a picture that has none (an outside address, a bundled image). */
export function pictureVariantUrl(url: string, width: PictureVariantWidth, format: PictureVariantFormat): string | null {
  const m = STORED_PICTURE.exec(url);
  if (!m || m[1].startsWith('variants/')) return null;
  return `/uploads/variants/${m[1]}-${width}w.${format}`;
}

/** `<url> 64w, <url> 160w, …, <url> 1280w` of one format, or undefined when the picture has no variants. */
export function pictureSrcSet(url: string, format: PictureVariantFormat): string | undefined {
  const parts = PICTURE_VARIANT_WIDTHS.map((w) => {
    const variant = pictureVariantUrl(url, w, format);
    return variant ? `${variant} ${w}w` : null;
  });
  return parts.every((p) => p !== null) ? parts.join(', ') : undefined;
}

/**
 * How wide the portrait at the top of a profile is shown: the page's `sizes`, and the server's
 * preload of that picture (the page's largest paint), which must ask for the very same file.
 */
export const PROFILE_PORTRAIT_SIZES = '(min-width: 640px) 192px, 160px';

/**
 * Smaller renditions of the 1200×630 share card, for the pages that preview it in a 300-650 px box:
 * `/api/v1/share-cards/{username}.png?width=<w>`.
 */
export const SHARE_CARD_PREVIEW_WIDTHS = [400, 800] as const;
export type ShareCardPreviewWidth = (typeof SHARE_CARD_PREVIEW_WIDTHS)[number];
