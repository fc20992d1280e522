// The responsive copies of a stored picture (decision 018): 320, 640 and 1280 px wide, WebP and a
// JPEG fallback each, made once when the picture is stored; their names follow contract/picture-variants.ts.
import sharp from 'sharp';
import { PICTURES } from '#contract/constants.js';
import { PICTURE_VARIANT_FORMATS, PICTURE_VARIANT_WIDTHS, pictureVariantUrl } from '#contract/picture-variants.js';
import { UPLOADS_PREFIX, type FileStorage } from '#server/infra/storage/storage.js';

/** The public URLs of a picture's variants (none for an address that is not a stored upload). */
export function variantUrlsOf(url: string): string[] {
  return PICTURE_VARIANT_WIDTHS.flatMap((w) => PICTURE_VARIANT_FORMATS.map((f) => pictureVariantUrl(url, w, f))).filter((u): u is string => u !== null);
}

/**
 * Renders the variants of a picture's bytes, by URL. A picture narrower than a width is not
 * enlarged (its copy keeps its own size), so every name in a srcset exists.
 */
export async function renderVariants(url: string, data: Buffer): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const width of PICTURE_VARIANT_WIDTHS) {
    // First frame only (a gif), orientation applied, no metadata written.
    const resized = sharp(data, { limitInputPixels: PICTURES.maxPixels, failOn: 'none' })
      .timeout({ seconds: 20 })
      .rotate()
      .resize({ width, withoutEnlargement: true });
    const webp = pictureVariantUrl(url, width, 'webp');
    const jpg = pictureVariantUrl(url, width, 'jpg');
    if (!webp || !jpg) return out;
    out.set(webp, await resized.clone().webp({ quality: 76 }).toBuffer());
    out.set(jpg, await resized.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer());
  }
  return out;
}

const keyOf = (url: string) => url.slice(UPLOADS_PREFIX.length);
const alreadyThere = (err: unknown) => (err as { code?: string } | null)?.code === 'EEXIST';

/**
 * Stores the variants of the picture at `url` that are missing; answers how many were written.
 * Safe to repeat and to run in two processes at once (a file another one wrote first is kept).
 */
export async function storeVariants(storage: FileStorage, url: string, data: Buffer, only?: ReadonlySet<string>): Promise<number> {
  let written = 0;
  for (const [variantUrl, bytes] of await renderVariants(url, data)) {
    if (only && !only.has(variantUrl)) continue;
    try {
      await storage.put(keyOf(variantUrl), bytes);
      written++;
    } catch (err) {
      if (!alreadyThere(err)) throw err;
    }
  }
  return written;
}

/** The variants of `url` that are not stored yet. */
export async function missingVariants(storage: FileStorage, url: string): Promise<string[]> {
  const missing: string[] = [];
  for (const v of variantUrlsOf(url)) if (!(await storage.exists(v))) missing.push(v);
  return missing;
}
