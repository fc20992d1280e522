// The one-off pass of decision 018: pictures stored before variants existed (older registrations,
// the demo seed) get theirs at server start. Idempotent (only missing files are made), bounded
// (at most MAX_PER_START pictures rendered per start; the rest on the next one) and logged.
import type { Logger as Pino } from 'pino';
import type { FileStorage } from '#server/infra/storage/storage.js';
import { decodeSlots, PICTURE_LIMITS } from './picture-limits.js';
import { missingVariants, storeVariants } from './picture-variants.js';

export const VARIANT_FOLDERS = ['profiles'] as const;
export const MAX_PER_START = 300;

export interface BackfillResult {
  checked: number;
  rendered: number;
  failed: number;
  deferred: number;
}

/** One picture per decode slot at a time: the start-up pass takes no more memory than uploads do. */
const CONCURRENCY = PICTURE_LIMITS.decodeSlots;
/** The pass waits its turn for a slot as long as it takes (it is never refused as an upload is). */
const SLOT_WAIT_MS = 10 * 60_000;

export async function backfillPictureVariants(storage: FileStorage, log: Pino, maxPerStart = MAX_PER_START): Promise<BackfillResult> {
  const started = Date.now();
  const result: BackfillResult = { checked: 0, rendered: 0, failed: 0, deferred: 0 };
  const todo: { url: string; missing: string[] }[] = [];
  for (const folder of VARIANT_FOLDERS) {
    for (const url of await storage.list(folder)) {
      result.checked++;
      const missing = await missingVariants(storage, url);
      if (missing.length === 0) continue;
      if (todo.length >= maxPerStart) result.deferred++;
      else todo.push({ url, missing });
    }
  }
  const next = async (): Promise<void> => {
    for (let job = todo.shift(); job; job = todo.shift()) {
      try {
        const data = await storage.read(job.url);
        if (!data) throw new Error('the file vanished');
        await decodeSlots.run(() => storeVariants(storage, job.url, data, new Set(job.missing)), SLOT_WAIT_MS);
        result.rendered++;
      } catch (err) {
        // One unreadable file must not stop the start; it is named and tried again next time.
        result.failed++;
        log.warn({ url: job.url, err: (err as Error).message }, 'could not make the variants of a picture');
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, next));
  if (result.rendered || result.failed || result.deferred) log.info({ ...result, ms: Date.now() - started }, 'picture variants made for stored pictures');
  return result;
}
