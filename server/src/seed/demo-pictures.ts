// Renders and stores the demo contestants' portraits before the seed transaction opens, so the
// database lock is never held during image work; the caller removes them if the seed rolls back.
import { randomUUID } from 'node:crypto';
import type { FileStorage } from '#server/infra/storage/storage.js';
import type { DemoContestant } from './demo-contestants.js';
import { renderPortrait } from './demo-portrait.js';

/** sharp works on libuv's thread pool (4 threads by default); more at once only costs memory. */
const CONCURRENCY = 4;

/** Who a portrait is drawn for: the initials and how many. */
export type PortraitOwner = Pick<DemoContestant, 'firstName' | 'lastName' | 'pictures'>;

/** One list of picture URLs per contestant, in the order given. */
export async function storeDemoPictures(storage: FileStorage, contestants: readonly PortraitOwner[]): Promise<string[][]> {
  const jobs = contestants.flatMap((c, i) =>
    Array.from({ length: c.pictures }, (_, n) => ({
      owner: i,
      // Golden-angle hues spread neighbours far apart on the colour wheel.
      spec: { initials: `${c.firstName[0]}${c.lastName[0]}`, hue: Math.round((i * 137.5) % 360), variant: i + n },
    })),
  );
  const urls: string[][] = contestants.map(() => []);
  const stored: string[] = [];
  try {
    for (let start = 0; start < jobs.length; start += CONCURRENCY) {
      // allSettled, not all: every file of a batch must be known before a failure cleans up.
      const results = await Promise.allSettled(
        jobs.slice(start, start + CONCURRENCY).map(async (job) => {
          const url = await storage.put(`profiles/${randomUUID()}.jpg`, await renderPortrait(job.spec));
          stored.push(url);
          urls[job.owner].push(url);
        }),
      );
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    }
  } catch (err) {
    await removePictures(storage, stored);
    throw err;
  }
  return urls;
}

export async function removePictures(storage: FileStorage, urls: readonly string[]): Promise<void> {
  await Promise.all(urls.map((u) => storage.remove(u).catch(() => undefined)));
}
