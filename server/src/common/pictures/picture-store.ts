import { randomUUID } from 'node:crypto';
import type { FileStorage } from '#server/infra/storage/storage.js';
import type { ProcessedPicture } from './picture-processor.js';
import { storeVariants, variantUrlsOf } from './picture-variants.js';

/**
 * Stores processed pictures under fresh random names (never the client's), each with its
 * responsive variants, and answers their URLs. If one write fails, the ones already written are
 * removed: no orphan files.
 */
export async function storePictures(storage: FileStorage, folder: string, pictures: ProcessedPicture[]): Promise<string[]> {
  const urls: string[] = [];
  try {
    for (const picture of pictures) {
      const url = await storage.put(`${folder}/${randomUUID()}.${picture.extension}`, picture.data);
      urls.push(url);
      await storeVariants(storage, url, picture.data);
    }
    return urls;
  } catch (err) {
    await removePictures(storage, urls);
    throw err;
  }
}

/** Removes pictures and their variants. Best effort: a file that cannot be removed must not hide the error that got us here. */
export async function removePictures(storage: FileStorage, urls: readonly string[]): Promise<void> {
  await Promise.allSettled(urls.flatMap((url) => [url, ...variantUrlsOf(url)]).map((url) => storage.remove(url)));
}
