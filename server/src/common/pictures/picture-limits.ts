// How much picture work one server takes on (decision 022): one upload in progress per account (a
// few per address while registering), counted across every api process; a few pictures decoded at
// once per process, a short queue behind them, and a clear refusal beyond it.
import { HttpException, HttpStatus } from '@nestjs/common';
import sharp from 'sharp';
import { PICTURE_UPLOAD_MESSAGES } from '#contract/profiles/messages.js';
import type { ConcurrencyLimiter } from '#server/infra/rate-limit/concurrency-limiter.js';

export const PICTURE_LIMITS = {
  /** Uploads whose pictures are decoded at once in one process (each holds one decoded picture at a time). */
  decodeSlots: 2,
  /** Uploads that may wait for a slot; more are refused at once. */
  maxWaiting: 8,
  /** How long an upload waits for a slot before it is refused. */
  waitMs: 15_000,
  /** Uploads in progress per signed-in account. */
  perAccount: 1,
  /** Registrations with pictures in progress per client address (people behind one network register too). */
  perAddress: 2,
  /** A place is given back when its upload ends; this long at most, should its process die holding it. */
  leaseSeconds: 120,
} as const;

/** Seconds a refused upload is told to wait: an upload in progress ends in seconds, a busy server in a minute. */
export const RETRY_AFTER = { inProgress: 5, serverBusy: 30 } as const;

/**
 * sharp's process-wide settings for pictures: no operation cache (it keeps recent results for reuse,
 * and every upload is new, so it only holds memory) and one libvips thread per picture (memory grows
 * with threads; the decode slots give the parallelism). Called once at start.
 */
export function configureSharp(): void {
  sharp.cache(false);
  sharp.concurrency(1);
}

/** A 429 or 503 with `{"detail"}`; the controller copies `retryAfterSeconds` into Retry-After. */
export class PictureUploadRefused extends HttpException {
  constructor(
    status: HttpStatus.TOO_MANY_REQUESTS | HttpStatus.SERVICE_UNAVAILABLE,
    detail: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ detail }, status);
  }
}

/**
 * Runs an upload holding one of `max` places under `key` (an account's or an address's keyed hash);
 * when they are all held, answers 429 at once, before the request's body is even read.
 */
export async function withUploadPlace<T>(limiter: ConcurrencyLimiter, key: string, max: number, detail: string, work: () => Promise<T>): Promise<T> {
  const lease = await limiter.acquire(key, max, PICTURE_LIMITS.leaseSeconds);
  if (!lease) throw new PictureUploadRefused(HttpStatus.TOO_MANY_REQUESTS, detail, RETRY_AFTER.inProgress);
  try {
    return await work();
  } finally {
    await lease.release().catch(() => undefined);
  }
}

/** A counting semaphore with a bounded queue and a bounded wait. */
export class DecodeSlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly size: number,
    private readonly maxWaiting: number,
  ) {}

  /**
   * Runs `work` in a slot. With none free it waits in line for at most `waitMs`; with the line full,
   * or once the wait is over, it is refused with 503 (the server is busy, not the caller at fault).
   */
  async run<T>(work: () => Promise<T>, waitMs: number = PICTURE_LIMITS.waitMs): Promise<T> {
    await this.enter(waitMs);
    try {
      return await work();
    } finally {
      this.leave();
    }
  }

  /** Slots in use and uploads in line (for tests and logs). */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  private enter(waitMs: number): Promise<void> {
    if (this.active < this.size) {
      this.active++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(busy());
    return new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(turn);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(busy());
      }, waitMs);
      timer.unref();
      this.waiting.push(turn);
    });
  }

  /** A leaving upload hands its slot straight to the next in line, so the count never goes over. */
  private leave(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

const busy = () => new PictureUploadRefused(HttpStatus.SERVICE_UNAVAILABLE, PICTURE_UPLOAD_MESSAGES.serverBusy, RETRY_AFTER.serverBusy);

/** The process's decode slots: every upload's decoding and variant making, and the start-up backfill, go through them. */
export const decodeSlots = new DecodeSlots(PICTURE_LIMITS.decodeSlots, PICTURE_LIMITS.maxWaiting);
