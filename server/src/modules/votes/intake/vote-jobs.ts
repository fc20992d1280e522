// The votes module's jobs, added through its services and run by its handlers.
import { defineJob } from '#server/infra/queue/jobs.js';
import type { CountVotesJob, ScoreVotesJob } from './vote-job.types.js';
import { REVIEW_QUEUE, VOTES_QUEUE } from '../votes.queues.js';

/** Free votes the api accepted, written to the ledger once (CountVotesHandler). */
export const COUNT_VOTES = defineJob<CountVotesJob>({ name: 'count-votes', queue: VOTES_QUEUE });

/** One scoring interval's slot, scored once (ScoreVotesHandler). */
export const SCORE_VOTES = defineJob<ScoreVotesJob>({ name: 'score-votes', queue: REVIEW_QUEUE });
