import { describe, expect, it } from '@jest/globals';
import { HttpStatus } from '@nestjs/common';
import { PICTURE_UPLOAD_MESSAGES } from '#contract/profiles/messages.js';
import { InProcessConcurrencyLimiter } from '#server/infra/rate-limit/concurrency-limiter.js';
import { DecodeSlots, PictureUploadRefused, withUploadPlace } from './picture-limits.js';

/** A piece of work that ends when the test says so, and says when it started. */
function gate() {
  let open!: () => void;
  let started = false;
  const done = new Promise<void>((resolve) => (open = resolve));
  return {
    work: async () => {
      started = true;
      await done;
      return 'done';
    },
    open: () => open(),
    get started() {
      return started;
    },
  };
}

const flush = () => new Promise((r) => setImmediate(r));

async function refusalOf(promise: Promise<unknown>): Promise<PictureUploadRefused> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof PictureUploadRefused) return err;
    throw err;
  }
  throw new Error('it was not refused');
}

describe(DecodeSlots.name, () => {
  it('should run at most `size` at once and start the next in line when one ends', async () => {
    const slots = new DecodeSlots(2, 4);
    const works = [gate(), gate(), gate()];
    const runs = works.map((w) => slots.run(w.work, 5_000));
    await flush();
    expect(works.map((w) => w.started)).toEqual([true, true, false]);
    expect(slots.load).toEqual({ active: 2, waiting: 1 });
    works[0].open();
    await runs[0];
    await flush();
    expect(works[2].started).toBe(true);
    expect(slots.load).toEqual({ active: 2, waiting: 0 });
    works[1].open();
    works[2].open();
    await Promise.all(runs);
    expect(slots.load).toEqual({ active: 0, waiting: 0 });
  });

  it('should refuse with 503 at once when the line is full, and after the wait when no slot came', async () => {
    const slots = new DecodeSlots(1, 1);
    const running = gate();
    const first = slots.run(running.work, 5_000);
    const waiting = gate();
    const second = slots.run(waiting.work, 150);
    const startedAt = Date.now();
    const full = await refusalOf(slots.run(gate().work, 5_000));
    expect(Date.now() - startedAt).toBeLessThan(50);
    expect(full.getStatus()).toBe(HttpStatus.SERVICE_UNAVAILABLE);
    expect(full.getResponse()).toEqual({ detail: PICTURE_UPLOAD_MESSAGES.serverBusy });
    expect(full.retryAfterSeconds).toBeGreaterThan(0);

    const late = await refusalOf(second);
    expect(late.getStatus()).toBe(HttpStatus.SERVICE_UNAVAILABLE);
    expect(waiting.started).toBe(false);
    expect(slots.load).toEqual({ active: 1, waiting: 0 });
    running.open();
    await first;
    expect(slots.load).toEqual({ active: 0, waiting: 0 });
  });

  it('should give the slot back when the work fails', async () => {
    const slots = new DecodeSlots(1, 0);
    await expect(slots.run(() => Promise.reject(new Error('broken picture')))).rejects.toThrow('broken picture');
    await expect(slots.run(() => Promise.resolve(7))).resolves.toBe(7);
  });
});

describe(withUploadPlace.name, () => {
  it('should refuse a second upload of one key with 429 while the first runs, and let it in afterwards', async () => {
    const places = new InProcessConcurrencyLimiter();
    const first = gate();
    const running = withUploadPlace(places, 'user:1', 1, PICTURE_UPLOAD_MESSAGES.inProgress, first.work);
    await flush();
    const second = gate();
    const refused = await refusalOf(withUploadPlace(places, 'user:1', 1, PICTURE_UPLOAD_MESSAGES.inProgress, second.work));
    expect(refused.getStatus()).toBe(HttpStatus.TOO_MANY_REQUESTS);
    expect(refused.getResponse()).toEqual({ detail: PICTURE_UPLOAD_MESSAGES.inProgress });
    expect(second.started).toBe(false);
    // Another account is not held up.
    await expect(withUploadPlace(places, 'user:2', 1, 'x', () => Promise.resolve('other'))).resolves.toBe('other');
    first.open();
    await running;
    await expect(withUploadPlace(places, 'user:1', 1, 'x', () => Promise.reject(new Error('failed upload')))).rejects.toThrow('failed upload');
    await expect(withUploadPlace(places, 'user:1', 1, 'x', () => Promise.resolve('again'))).resolves.toBe('again');
  });
});
