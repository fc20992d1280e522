// The one-off pass of decision 018: pictures stored before variants existed (older registrations,
// the demo seed) get theirs at server start. Idempotent (only missing files are made), bounded
// (at most MAX_PER_START pictures rendered per start; the rest on the next one) and logged.
import type { Logger as Pino } from 'pino';
import type { FileStorage } from '#server/infra/storage/storage.js';
import { missingVariants, storeVariants } from './picture-variants.js';

export const VARIANT_FOLDERS = ['profiles'] as const;
export const MAX_PER_START = 300;

export interface BackfillResult {
  checked: number;
  rendered: number;
  failed: number;
  deferred: number;
}

export async function backfillPictureVariants(storage: FileStorage, log: Pino, maxPerStart = MAX_PER_START): Promise<BackfillResult> {
  const started = Date.now();
  const result: BackfillResult = { checked: 0, rendered: 0, failed: 0, deferred: 0 };
  for (const folder of VARIANT_FOLDERS) {
    for (const url of await storage.list(folder)) {
      result.checked++;
      const missing = await missingVariants(storage, url);
      if (missing.length === 0) continue;
      if (result.rendered + result.failed >= maxPerStart) {
        result.deferred++;
        continue;
      }
      try {
        const data = await storage.read(url);
        if (!data) throw new Error('the file vanished');
        await storeVariants(storage, url, data, new Set(missing));
        result.rendered++;
      } catch (err) {
        // One unreadable file must not stop the start; it is named and tried again next time.
        result.failed++;
        log.warn({ url, err: (err as Error).message }, 'could not make the variants of a picture');
      }
    }
  }
  if (result.rendered || result.failed || result.deferred) log.info({ ...result, ms: Date.now() - started }, 'picture variants made for stored pictures');
  return result;
}
