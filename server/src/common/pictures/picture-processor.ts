import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type SharpOptions } from 'sharp';
import { PICTURES } from '#contract/profiles/constants.js';

export type PictureFormat = 'jpeg' | 'png' | 'gif';

export const PICTURE_MIME: Record<PictureFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };
const EXTENSION: Record<PictureFormat, string> = { jpeg: 'jpg', png: 'png', gif: 'gif' };

export type PictureProblemKind = 'badType' | 'corrupt' | 'tooBig';

/** A picture we refuse; `kind` names the PICTURE_MESSAGES entry to show. */
export class PictureProblem extends Error {
  constructor(readonly kind: PictureProblemKind) {
    super(`picture refused: ${kind}`);
  }
}

export interface ProcessedPicture {
  data: Buffer;
  format: PictureFormat;
  extension: string;
}

/** The type decided from the bytes, never from the name or the claimed content type. */
export async function sniffPictureFormat(data: Buffer, allowed: readonly PictureFormat[]): Promise<PictureFormat | null> {
  const found = await fileTypeFromBuffer(data);
  // An animated PNG is still a PNG (its first frame is kept).
  const mime = found?.mime === 'image/apng' ? PICTURE_MIME.png : found?.mime;
  const format = (Object.keys(PICTURE_MIME) as PictureFormat[]).find((f) => PICTURE_MIME[f] === mime);
  return format && allowed.includes(format) ? format : null;
}

/** Options every read of an upload uses: the pixel limit stops decompression bombs in sharp as well. */
const readOptions = (format: PictureFormat): SharpOptions => ({ limitInputPixels: PICTURES.maxPixels, failOn: 'warning', animated: format === 'gif' });

/**
 * The checks that need no decoding: the type from the bytes, then the dimensions from the image's
 * header (sharp's metadata() reads only the header), so a picture over the side or pixel limit is
 * refused before a single pixel is decoded. Answers the format.
 */
export async function inspectPicture(data: Buffer, allowed: readonly PictureFormat[]): Promise<PictureFormat> {
  const format = await sniffPictureFormat(data, allowed);
  if (!format) throw new PictureProblem('badType');
  let meta: Metadata;
  try {
    meta = await sharp(data, readOptions(format)).metadata();
  } catch (err) {
    throw classify(err);
  }
  // sharp may read a different format than the signature claims (a polyglot file): refuse it.
  if (meta.format !== format) throw new PictureProblem('badType');
  const width = meta.width ?? 0;
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  if (!width || !frameHeight) throw new PictureProblem('corrupt');
  if (width > PICTURES.maxSide || frameHeight > PICTURES.maxSide || width * frameHeight > PICTURES.maxPixels) {
    throw new PictureProblem('tooBig');
  }
  return format;
}

/**
 * Decodes and re-encodes an upload so that only pixels survive: EXIF (GPS position included),
 * comments and profiles are dropped, the orientation is applied to the pixels, and anything
 * that is not really a complete image of an allowed kind, or is too large to decode safely, is refused.
 * The heavy step: callers run it inside a decode slot (picture-limits.ts).
 */
export async function processPicture(data: Buffer, allowed: readonly PictureFormat[]): Promise<ProcessedPicture> {
  const format = await inspectPicture(data, allowed);
  try {
    let image = sharp(data, readOptions(format)).timeout({ seconds: 20 });
    if (format !== 'gif') image = image.rotate(); // apply the EXIF orientation before the EXIF goes
    // A baseline JPEG, not a progressive one (mozjpeg's default): the variants are made from it, and
    // only a baseline JPEG can be decoded at a fraction of its size without holding all of it in memory.
    const encoded = format === 'jpeg' ? image.jpeg({ quality: 85, progressive: false }) : format === 'png' ? image.png({ compressionLevel: 8 }) : image.gif();
    // Without withMetadata() sharp writes no EXIF, XMP, IPTC or comments.
    return { data: await encoded.toBuffer(), format, extension: EXTENSION[format] };
  } catch (err) {
    throw classify(err);
  }
}

function classify(err: unknown): PictureProblem {
  if (err instanceof PictureProblem) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new PictureProblem(/pixel limit/i.test(message) ? 'tooBig' : 'corrupt');
}
