// Responsive pictures (decision 018): a stored picture has 320, 640 and 1280 px wide copies in WebP
// and JPEG, named after it (contract/profiles/picture-variants.ts). Other addresses get no srcset.
import { pictureSrcSet } from '#contract/profiles/picture-variants';

export interface ResponsiveSources {
  /** The full picture: the fallback of browsers without srcset, and of a picture without variants. */
  src: string;
  webp?: string;
  jpeg?: string;
}

export function responsiveSources(url: string): ResponsiveSources {
  return { src: url, webp: pictureSrcSet(url, 'webp'), jpeg: pictureSrcSet(url, 'jpg') };
}
