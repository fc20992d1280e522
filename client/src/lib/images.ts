// Responsive pictures (decision 018): a stored picture has 320, 640 and 1280 px wide copies in WebP
// and JPEG, named after it (contract/picture-variants.ts). Other addresses get no srcset.
import { PICTURE_VARIANT_WIDTHS, pictureVariantUrl, type PictureVariantFormat } from '#contract/picture-variants';

/** `<url> 320w, <url> 640w, <url> 1280w` of one format, or undefined when the picture has no variants. */
export function pictureSrcSet(url: string, format: PictureVariantFormat): string | undefined {
  const parts = PICTURE_VARIANT_WIDTHS.map((w) => {
    const variant = pictureVariantUrl(url, w, format);
    return variant ? `${variant} ${w}w` : null;
  });
  return parts.every((p) => p !== null) ? parts.join(', ') : undefined;
}

export interface ResponsiveSources {
  /** The full picture: the fallback of browsers without srcset, and of a picture without variants. */
  src: string;
  webp?: string;
  jpeg?: string;
}

export function responsiveSources(url: string): ResponsiveSources {
  return { src: url, webp: pictureSrcSet(url, 'webp'), jpeg: pictureSrcSet(url, 'jpg') };
}
