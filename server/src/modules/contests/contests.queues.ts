// The contests module's queue.
import { defineQueue } from '#server/infra/queue/jobs.js';

/** Round cuts, one at a time: a contest's rounds close in order, and a cut never races another. */
export const CONTESTS_QUEUE = defineQueue({ name: 'contests', concurrency: 1 });
