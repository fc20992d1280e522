// The responsive copies of a stored picture (decision 018): 320, 640 and 1280 px wide, WebP and a
// JPEG fallback each, made once when the picture is stored; their names follow contract/profiles/picture-variants.ts.
import sharp from 'sharp';
import { PICTURES } from '#contract/profiles/constants.js';
import { PICTURE_VARIANT_FORMATS, PICTURE_VARIANT_WIDTHS, pictureVariantUrl } from '#contract/profiles/picture-variants.js';
import { UPLOADS_PREFIX, type FileStorage } from '#server/infra/storage/storage.js';

/** The public URLs of a picture's variants (none for an address that is not a stored upload). */
export function variantUrlsOf(url: string): string[] {
  return PICTURE_VARIANT_WIDTHS.flatMap((w) => PICTURE_VARIANT_FORMATS.map((f) => pictureVariantUrl(url, w, f))).filter((u): u is string => u !== null);
}

/**
 * Renders the variants of a picture's bytes, by URL. A picture narrower than a width is not
 * enlarged (its copy keeps its own size, rendered once and reused), so every name in a srcset exists.
 */
export async function renderVariants(url: string, data: Buffer): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const input = () => sharp(data, { limitInputPixels: PICTURES.maxPixels, failOn: 'none' }).timeout({ seconds: 20 });
  const meta = await input().metadata();
  // The width once the EXIF orientation is applied (5 to 8 turn the picture by 90°).
  const ownWidth = (meta.orientation ?? 1) >= 5 ? meta.height : meta.width;
  const rendered = new Map<number, { webp: Buffer; jpg: Buffer }>();
  for (const width of PICTURE_VARIANT_WIDTHS) {
    const webpUrl = pictureVariantUrl(url, width, 'webp');
    const jpgUrl = pictureVariantUrl(url, width, 'jpg');
    if (!webpUrl || !jpgUrl) return out;
    const target = ownWidth ? Math.min(width, ownWidth) : width;
    let copies = rendered.get(target);
    if (!copies) {
      // First frame only (a gif), orientation applied, no metadata written.
      const resized = input().rotate().resize({ width: target, withoutEnlargement: true });
      copies = {
        webp: await resized.clone().webp({ quality: 76 }).toBuffer(),
        jpg: await resized.clone().flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
      };
      rendered.set(target, copies);
    }
    out.set(webpUrl, copies.webp);
    out.set(jpgUrl, copies.jpg);
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
