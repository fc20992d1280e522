// The contests module's jobs, added and run by its own services.
import { defineJob } from '#server/infra/queue/jobs.js';
import { CONTESTS_QUEUE } from './contests.queues.js';

/** A round's cut, due at its end (ContestRoundsService.close). */
export interface CloseRoundJob {
  round_id: number;
  /** The end the job was scheduled for (epoch ms): a job for an end since moved does nothing. */
  ends_at: number;
}

export const CLOSE_ROUND = defineJob<CloseRoundJob>({ name: 'close-round', queue: CONTESTS_QUEUE });

/** A look at the running contests (ContestWatch): drops below the cut, digests due. One per time slot. */
export interface WatchContestsJob {
  /** The slot's start (epoch ms). */
  slot: number;
}

export const WATCH_CONTESTS = defineJob<WatchContestsJob>({ name: 'watch-contests', queue: CONTESTS_QUEUE });
